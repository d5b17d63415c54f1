import { MESSAGES_FR, type WithManyPlurals } from '@mboa/contracts';
import type { RequestTexts } from './request.en.js';

/** request: a catalog part (see ./index.ts), French. */
export const requestFr: WithManyPlurals<RequestTexts> = {
  request: {
    title: MESSAGES_FR.ui.requestProperty,
    intro:
      'Dites-nous ce que vous cherchez (type, ville, budget) : nous le chercherons pour vous et vous contacterons sur WhatsApp.',
    text: 'Que recherchez-vous ?',
    textPlaceholder: 'Ex. : un appartement de 2 chambres à Buea, autour de 60 000 FCFA/mois',
    whatsapp: 'Votre numéro WhatsApp',
    submit: 'Envoyer la demande',
  },
};
