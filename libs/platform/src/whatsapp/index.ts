import { WhatsAppCloudApi } from './cloud-api.js';
import type { WhatsAppPort } from './whatsapp-port.js';

export * from './whatsapp-port.js';
export { WhatsAppCloudApi, DEFAULT_WHATSAPP_API_URL, type WhatsAppCloudOptions } from './cloud-api.js';
export { FileWhatsApp, DEFAULT_WHATSAPP_DIR } from './file-whatsapp.js';

export interface WhatsAppConfig {
  apiUrl?: string;
  phoneNumberId?: string;
  accessToken?: string;
  template?: string;
}

/** The Cloud API when the operator configured it (phone number id and token), else none: WhatsApp is off. */
export function createWhatsApp(config: WhatsAppConfig): WhatsAppPort | undefined {
  if (!config.phoneNumberId || !config.accessToken) return undefined;
  return new WhatsAppCloudApi({ apiUrl: config.apiUrl, phoneNumberId: config.phoneNumberId, accessToken: config.accessToken, template: config.template });
}
