import type { Widen } from '@mboa/contracts';

/** contact: a catalog part (see ./index.ts), English. */
export const contactEn = {
  contactPage: {
    title: 'Contact us',
    intro: 'Questions, problems with a listing or an account? Send us a message and we will answer by email or WhatsApp.',
    name: 'Name',
    email: 'Email',
    phone: 'Phone (optional)',
    subject: 'Subject',
    message: 'Message',
    send: 'Send Message',
    infoTitle: 'Contact information',
    location: 'Location',
    phoneLabel: 'Phone',
    emailLabel: 'Email',
    quickLinks: 'Quick links',
    requestProperty: 'Request Property',
  },
};

export type ContactTexts = Widen<typeof contactEn>;
