import type { WithManyPlurals } from '@mboa/contracts';
import type { ContactTexts } from './contact.en.js';

/** contact: a catalog part (see ./index.ts), French. */
export const contactFr: WithManyPlurals<ContactTexts> = {
  contactPage: {
    title: 'Contactez-nous',
    intro:
      'Une question, un problème avec une annonce ou un compte ? Envoyez-nous un message et nous vous répondrons par e-mail ou sur WhatsApp.',
    name: 'Nom',
    email: 'Adresse e-mail',
    phone: 'Téléphone (facultatif)',
    subject: 'Objet',
    message: 'Message',
    send: 'Envoyer le message',
    infoTitle: 'Nos coordonnées',
    location: 'Adresse',
    phoneLabel: 'Téléphone',
    emailLabel: 'E-mail',
    quickLinks: 'Liens utiles',
    requestProperty: 'Demander un logement',
  },
};
