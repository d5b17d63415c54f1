import type { WithManyPlurals } from '@mboa/contracts';
import type { InsightsTexts } from './insights.en.js';

/** insights: a catalog part (see ./index.ts), French. */
export const insightsFr: WithManyPlurals<InsightsTexts> = {
  insights: {
    views_one: '{{count}} vue',
    views_other: '{{count}} vues',
    views_many: '{{count}} de vues',
    contacts_one: '{{count}} contact WhatsApp',
    contacts_other: '{{count}} contacts WhatsApp',
    contacts_many: '{{count}} de contacts WhatsApp',
    provenContacts: 'dont {{count}} depuis un numéro confirmé',
    period: '({{days}} jours)',
    chart: 'Vues par jour sur les {{days}} derniers jours : le plus le {{day}} ({{busiest}}) ; aujourd’hui {{today}}',
    chartNone: 'Aucune vue sur les {{days}} derniers jours',
    todayTotals: 'Aujourd’hui : {{views}} · {{contacts}}',
    perDay: 'Vues et contacts par jour ({{days}} jours)',
    loadingChart: 'Chargement du graphique…',
    viewsPerDay: 'Vues par jour',
    contactsPerDay: 'Contacts WhatsApp par jour',
    peak: 'maximum : {{value}}',
    today: 'Aujourd’hui',
    numbers: 'Afficher les chiffres',
    tableCaption: 'Vues et contacts WhatsApp par jour, {{days}} derniers jours, du plus récent au plus ancien',
    day: 'Jour',
    viewsColumn: 'Vues',
    contactsColumn: 'Contacts WhatsApp',
  },
};
