import type { Widen } from '@mboa/contracts';

/** insights: a catalog part (see ./index.ts), English. */
export const insightsEn = {
  /** Owner insights in My Listings (insights/ListingInsights.tsx): views and contacts over the last 30 days. */
  insights: {
    views_one: '{{count}} view',
    views_other: '{{count}} views',
    contacts_one: '{{count}} WhatsApp contact',
    contacts_other: '{{count}} WhatsApp contacts',
    /** Of those contacts, renters whose own WhatsApp number was confirmed when they made contact. */
    provenContacts: '{{count}} from confirmed numbers',
    period: '({{days}} days)',
    /** The sparkline's label for screen readers; `busiest` and `today` are `views` texts. */
    chart: 'Views per day over the last {{days}} days: most on {{day}} ({{busiest}}); today {{today}}',
    chartNone: 'No views in the last {{days}} days',
    /** Beside the 30 days' totals; `views` and `contacts` are the texts above. */
    todayTotals: 'Today: {{views}} · {{contacts}}',
    /** Opens one listing's chart (insights/InsightsChart.tsx). */
    perDay: 'Views and contacts per day ({{days}} days)',
    loadingChart: 'Loading the chart…',
    viewsPerDay: 'Views per day',
    contactsPerDay: 'WhatsApp contacts per day',
    /** The highest bar's value, beside each row of bars. */
    peak: 'highest: {{value}}',
    today: 'Today',
    numbers: 'Show the numbers',
    tableCaption: 'Views and WhatsApp contacts per day, last {{days}} days, most recent first',
    day: 'Day',
    viewsColumn: 'Views',
    contactsColumn: 'WhatsApp contacts',
  },
};

export type InsightsTexts = Widen<typeof insightsEn>;
