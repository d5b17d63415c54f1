/** One outgoing WhatsApp message to a person. */
export interface WhatsAppMessage {
  /** The recipient in international form, digits only: '237674123456' (see cameroonWhatsApp). */
  to: string;
  /** The reader's language: a template is sent in it. */
  language: 'en' | 'fr';
  /**
   * The message as free text. WhatsApp delivers free text only within 24 hours of the person's
   * last message to the business; an adapter configured with an approved template sends that
   * template instead, filled with `templateParameters`.
   */
  text: string;
  /** The template's body parameters ({{1}}, {{2}}, …), in order. */
  templateParameters: string[];
  /**
   * A one-time code sent with an authentication template: the template's copy-code button carries
   * it too (the Cloud API wants it as the button's parameter as well as the body's).
   */
  copyCode?: string;
}

/**
 * Where the application hands WhatsApp messages over. `send` resolves once the provider accepted
 * the message (with its id) and rejects otherwise, so a caller can retry later.
 */
export interface WhatsAppPort {
  send(message: WhatsAppMessage): Promise<{ id: string }>;
}

/** The provider refused or could not be reached; `status` is its HTTP status when it answered. */
export class WhatsAppDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The provider's own error code (Graph API `error.code`), when it gave one. */
    readonly code?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WhatsAppDeliveryError';
  }
}

/** Cameroon's country code. Accounts keep the 9-digit national WhatsApp number. */
export const CAMEROON_CALLING_CODE = '237';

/** '674123456' (or '+237 674 12 34 56') → '237674123456'; null when it is not a Cameroonian mobile number. */
export function cameroonWhatsApp(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith(CAMEROON_CALLING_CODE) ? digits.slice(3) : digits;
  return /^6\d{8}$/.test(national) ? `${CAMEROON_CALLING_CODE}${national}` : null;
}
