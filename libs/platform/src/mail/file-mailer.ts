import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { MailDeliveryError, type MailMessage, type MailPort } from './mail-port.js';

export interface FileMailerOptions {
  /** Folder the `.eml` files go to; created when missing. */
  mailDir: string;
  from: string;
}

let sequence = 0;

/**
 * Writes each message as an RFC 5322 `.eml` file, for machines without an SMTP server: open the
 * file in any mail client or read it in a test. nodemailer composes the message (headers,
 * Message-ID, Date, MIME parts) exactly as it would for SMTP.
 */
export class FileMailer implements MailPort {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  readonly mailDir: string;

  constructor(private readonly options: FileMailerOptions) {
    this.mailDir = path.resolve(options.mailDir);
  }

  async send(message: MailMessage): Promise<void> {
    const file = path.join(this.mailDir, mailFileName());
    try {
      const info = await this.transport.sendMail({ from: this.options.from, ...message });
      await mkdir(this.mailDir, { recursive: true });
      // Written under a temporary name first so a reader never sees half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MailDeliveryError(
        `Mail "${message.subject}" to ${message.to} could not be written to ${this.mailDir}: ${reason}`,
        { cause: error },
      );
    }
  }
}

/**
 * `20261122T101530123Z-000042-1234-9f3a1c.eml`: sorts by time of sending; the per-process
 * sequence, the pid and random bytes keep names unique within one millisecond and across processes.
 */
export function mailFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${process.pid}-${randomBytes(3).toString('hex')}.eml`;
}
