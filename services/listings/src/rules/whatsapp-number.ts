// Which WhatsApp number listings hands out for a person, and whether their number is proven
// (docs/api.md#proving-a-whatsapp-number). The one place these choices live: details, cards,
// bookings, events and the posting gate all ask here.

/** What the owners projection knows of a person's numbers. */
export interface KnownNumbers {
  whatsapp: string;
  /** The last number the account proved with a code; null when it never proved one. */
  provenWhatsapp: string | null;
  /** Set while the account's current number is the proven one; null after a change. */
  whatsappProvenAt: Date | null;
}

/**
 * The number on a listing's WhatsApp button, in a booking and in events: always the proven number
 * of the person who answers for the listing. Someone who never proved one (accounts from before
 * proofs) keeps their account's number: a renter is never held back from reaching them.
 */
export function contactNumberOf(person: Pick<KnownNumbers, 'whatsapp' | 'provenWhatsapp'>): string {
  return person.provenWhatsapp ?? person.whatsapp;
}

/** Whether the account's current number is proven: a code sent to it came back, and it has not changed since. */
export function hasProvenNumber(person: KnownNumbers | null | undefined): boolean {
  return !!person && person.whatsappProvenAt !== null && person.provenWhatsapp === person.whatsapp;
}
