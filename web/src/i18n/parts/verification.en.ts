import type { Widen } from '@mboa/contracts';

/** verification: a catalog part (see ./index.ts), English. */
export const verificationEn = {
  /** The owner's documents (verification/*): identity and proof of control, checked by our team. */
  verification: {
    title: 'Verification',
    intro:
      'Renters fear fake landlords. Show them who they are dealing with: once our team has checked your documents, your listings say “Identity checked” and, on each property you prove you control, “Control of this property checked”.',
    privacy:
      'Your documents stay private: only our team sees them, to check them. The photos are deleted {{days}} days after our decision; we keep only the decision.',
    ownersOnlyTitle: 'For landlords and caretakers',
    ownersOnlyText: 'Only landlords and caretakers send documents for checking. As a renter, you see on each listing what our team checked.',
    browse: 'Browse listings',
    loadFailed: 'Could not load your documents. Please try again.',
    retry: 'Try again',
    identityTitle: 'Your identity',
    identityHint: 'Your national identity card, passport or residence permit: front and back, every word readable.',
    identityStatus: {
      none: 'Not sent yet',
      pending: 'Waiting for our team',
      approved: 'Identity checked',
      rejected: 'Not accepted',
    },
    status: {
      pending: 'Waiting for our team',
      approved: 'Checked',
      rejected: 'Not accepted',
    },
    reason: 'Why: {{reason}}',
    sendAgain: 'Send new photos of a document below.',
    controlTitle: 'Proof that you control a property',
    controlHintLandlord:
      'A recent ENEO or CAMWATER bill in your name for the property, its title deed, or a lease that names you as the landlord.',
    controlHintCaretaker:
      'The mandate signed by the owner that lets you rent the property out for them, with the owner’s name and WhatsApp number: our team may call the owner.',
    noProperties: 'Post a property first: a proof of control covers properties you have listed.',
    properties: 'Properties this document covers',
    propertiesHint: 'Several properties at the same address can share one document (at most {{max}}).',
    propertyChecked: 'Control checked',
    propertyWaiting: 'Waiting for our team',
    documentType: 'Type of document',
    chooseType: 'Choose the document',
    documentTypes: {
      'national-id': 'National identity card',
      passport: 'Passport',
      'residence-permit': 'Residence permit',
      'utility-bill': 'ENEO or CAMWATER bill',
      'title-deed': 'Title deed',
      lease: 'Lease',
      'caretaker-mandate': 'Mandate signed by the owner',
    },
    mandateOwnerName: 'Owner’s full name',
    mandateOwnerWhatsapp: 'Owner’s WhatsApp number',
    whatsappHint: '9 digits, without +237',
    photos: 'Photos of the document',
    photosHint: '1 to {{max}} photos (front and back), at most {{mb}} MB each. Lay the document flat, in good light.',
    addPhoto: 'Take or choose a photo',
    removePhoto: 'Remove {{name}}',
    send: 'Send for checking',
    sending: 'Sending… {{percent}}%',
    sent: 'Sent. Our team will check it soon and tell you the result by e-mail.',
    requestsTitle: 'What you sent',
    noRequests: 'Nothing sent yet.',
    kind: {
      identity: 'Identity',
      control: 'Proof of control',
    },
    sentOn: 'Sent {{date}}',
    decidedOn: 'Decided {{date}}',
    covers_one: 'Covers {{count}} property',
    covers_other: 'Covers {{count}} properties',
    coversTitles_one: 'Covers {{count}} property: {{titles}}',
    coversTitles_other: 'Covers {{count}} properties: {{titles}}',
    filesDeleted: 'The photos were deleted {{date}}.',
  },
};

export type VerificationTexts = Widen<typeof verificationEn>;
