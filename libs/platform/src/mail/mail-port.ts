/** One outgoing e-mail. `text` is always sent; `html` adds a rich alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alerts. */
  headers?: Record<string, string>;
}

/**
 * Where the application hands mail over. `send` resolves only once the message is accepted by
 * the SMTP server or safely on disk, and rejects otherwise, so callers never lose mail silently.
 */
export interface MailPort {
  send(message: MailMessage): Promise<void>;
}

/** Raised when a message could not be delivered; `cause` holds the underlying error. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}
