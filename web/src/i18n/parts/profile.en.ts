import type { Widen } from '@mboa/contracts';

/** profile: a catalog part (see ./index.ts), English. */
export const profileEn = {
  /** Where the account is signed in (sessions/SessionsSection.tsx), on the profile page. */
  sessions: {
    title: 'Where you are signed in',
    intro: 'Sign out any device you no longer use or do not recognise. A password reset signs out every device.',
    device: '{{browser}} on {{os}}',
    deviceOs: 'A browser on {{os}}',
    unknownDevice: 'Unknown device',
    thisDevice: 'This device',
    signedIn: 'Signed in {{when}}',
    lastSeen: 'last active {{when}}',
    end: 'Sign out',
    endLabel: 'Sign out {{device}}, last active {{when}}',
    ended: 'Signed out on {{device}}.',
    endOthers: 'Sign out everywhere else',
    othersEnded: 'Signed out everywhere else.',
    loadFailed: 'Could not load where you are signed in.',
    failed: 'Could not sign that device out. Please try again.',
  },
  /** The account's WhatsApp number on the profile page (whatsapp/WhatsAppSection.tsx): confirmed with a code sent to it. */
  whatsappNumber: {
    title: 'Your WhatsApp number',
    intro:
      'People reach you on this number. Confirm it with a code we send to it on WhatsApp: landlords and caretakers post only with a confirmed number, and listings show the number their owner confirmed.',
    number: 'Number',
    state: 'Status',
    confirmed: 'Confirmed',
    notConfirmed: 'Not confirmed yet',
    confirmedOn: 'Confirmed on {{when}}',
    sendCode: 'Send me a code',
    sending: 'Sending…',
    sendAgain: 'Send a new code',
    resendIn: 'You can ask for a new code in {{seconds}} s.',
    codeLabel: 'The {{digits}}-digit code from WhatsApp',
    confirm: 'Confirm',
    confirming: 'Confirming…',
    change: 'Change number',
    newNumber: 'New WhatsApp number',
    newNumberHint: '{{digits}} digits, for example 677123456',
    save: 'Save number',
    saving: 'Saving…',
    cancel: 'Cancel',
    changedHint: 'Until you confirm the new number, your listings keep showing the number you confirmed before, and new listings wait.',
    loadFailed: 'Could not load your WhatsApp number.',
    retry: 'Try again',
  },
};

export type ProfileTexts = Widen<typeof profileEn>;
