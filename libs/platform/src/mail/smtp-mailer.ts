import { createTransport } from 'nodemailer';
import { MailDeliveryError, type MailMessage, type MailPort } from './mail-port.js';

export interface SmtpMailerOptions {
  /** e.g. `smtp://user:pass@host:587` or `smtps://…:465` */
  smtpUrl: string;
  from: string;
  /** Milliseconds allowed for connecting and for the server's greeting (default 10 s). */
  connectTimeoutMs?: number;
}

/** Sends through an SMTP server, one connection per message (mail volume here is small). */
export class SmtpMailer implements MailPort {
  private readonly transport;
  private readonly where: string;

  constructor(private readonly options: SmtpMailerOptions) {
    const timeout = options.connectTimeoutMs ?? 10_000;
    // nodemailer's defaults wait up to two minutes on a dead host; a user waiting on a reset code
    // should get an error well before that.
    this.transport = createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: Math.max(timeout * 3, 30_000),
    });
    this.where = describeServer(options.smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    let info;
    try {
      info = await this.transport.sendMail({ from: this.options.from, ...message });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MailDeliveryError(
        `Mail "${message.subject}" to ${message.to} could not be sent through SMTP server ${this.where}: ${reason}`,
        { cause: error },
      );
    }
    if (info.rejected.length > 0) {
      throw new MailDeliveryError(
        `SMTP server ${this.where} rejected recipient(s) ${info.rejected.join(', ')} of mail "${message.subject}"`,
      );
    }
  }
}

/** host:port of the URL, without the credentials, for error messages and logs. */
function describeServer(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(unparseable SMTP_URL)';
  }
}
