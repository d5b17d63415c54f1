import { MESSAGES, type Widen } from '@mboa/contracts';

/** request: a catalog part (see ./index.ts), English. */
export const requestEn = {
  request: {
    title: MESSAGES.ui.requestProperty,
    intro: 'Tell us what you are looking for (type, town, budget) and we will look for it and contact you on WhatsApp.',
    text: 'What are you looking for?',
    textPlaceholder: 'e.g. A 2-bedroom apartment in Buea, around 60,000 FCFA/month',
    whatsapp: 'Your WhatsApp number',
    submit: 'Send Request',
  },
};

export type RequestTexts = Widen<typeof requestEn>;
