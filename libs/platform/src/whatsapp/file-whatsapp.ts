import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mailFileName } from '../mail/file-mailer.js';
import { WhatsAppDeliveryError, type WhatsAppMessage, type WhatsAppPort } from './whatsapp-port.js';

/** Where WhatsApp messages go when the Cloud API is not configured (relative to the cwd). */
export const DEFAULT_WHATSAPP_DIR = '.data/whatsapp';

/**
 * Writes each WhatsApp message as a JSON file (`{ to, language, text, sentAt }`), for machines
 * without the Cloud API, as FileMailer does for mail: development reads the codes there, tests too.
 */
export class FileWhatsApp implements WhatsAppPort {
  readonly dir: string;

  constructor(dir: string = DEFAULT_WHATSAPP_DIR) {
    this.dir = path.resolve(dir);
  }

  async send(message: WhatsAppMessage): Promise<{ id: string }> {
    const name = mailFileName().replace(/\.eml$/, '.json');
    const file = path.join(this.dir, name);
    try {
      await mkdir(this.dir, { recursive: true });
      // Written under a temporary name first so a reader never sees half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, JSON.stringify({ to: message.to, language: message.language, text: message.text, sentAt: new Date().toISOString() }, null, 2));
      await rename(partial, file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new WhatsAppDeliveryError(`WhatsApp message to ${message.to} could not be written to ${this.dir}: ${reason}`, undefined, undefined, { cause: error });
    }
    return { id: `file.${name}` };
  }
}
