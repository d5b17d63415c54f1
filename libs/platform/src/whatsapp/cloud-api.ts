import { WhatsAppDeliveryError, type WhatsAppMessage, type WhatsAppPort } from './whatsapp-port.js';

export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

export interface WhatsAppCloudOptions {
  /** The Graph API base, version included (default https://graph.facebook.com/v21.0). */
  apiUrl?: string;
  /** The business phone number's id in WhatsApp Manager (not the number itself). */
  phoneNumberId: string;
  /** A system user's access token with the whatsapp_business_messaging permission. */
  accessToken: string;
  /** An approved template's name: business-initiated messages must use one. Absent: free text. */
  template?: string;
  /** Gives up on an answer after this long (default 10 s). */
  timeoutMs?: number;
}

/** The Graph API's answer to a send: `messages[0].id` on success, `error` otherwise. */
interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { message?: string; code?: number; type?: string };
}

/**
 * The WhatsApp Business Cloud API (Meta): `POST {apiUrl}/{phoneNumberId}/messages` with the bearer
 * token and a JSON body `{ messaging_product: 'whatsapp', recipient_type: 'individual', to, type,
 * … }`, a `template` (name, language code, body parameters) when one is configured, else `text`.
 */
export class WhatsAppCloudApi implements WhatsAppPort {
  private readonly endpoint: string;

  constructor(private readonly options: WhatsAppCloudOptions) {
    const base = (options.apiUrl ?? DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, '');
    this.endpoint = `${base}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  }

  /** The request body for a message (exported shape for the tests' stand-in to check). */
  body(message: WhatsAppMessage): Record<string, unknown> {
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to };
    if (this.options.template) {
      return {
        ...base,
        type: 'template',
        template: {
          name: this.options.template,
          language: { code: message.language },
          components: [
            { type: 'body', parameters: message.templateParameters.map((text) => ({ type: 'text', text })) },
            // An authentication template's copy-code button (index 0) is filled with the code.
            ...(message.copyCode !== undefined ? [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.copyCode }] }] : []),
          ],
        },
      };
    }
    return { ...base, type: 'text', text: { preview_url: true, body: message.text } };
  }

  async send(message: WhatsAppMessage): Promise<{ id: string }> {
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(this.body(message)),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new WhatsAppDeliveryError(`WhatsApp message to ${message.to} not sent: ${reason}`, undefined, undefined, { cause: error });
    }
    let answer: GraphAnswer = {};
    try {
      answer = (await res.json()) as GraphAnswer;
    } catch {
      // A proxy's HTML error page: the status says enough.
    }
    const id = answer.messages?.[0]?.id;
    if (!res.ok || !id) {
      const reason = answer.error?.message ?? `HTTP ${res.status}`;
      throw new WhatsAppDeliveryError(`WhatsApp message to ${message.to} refused: ${reason}`, res.status, answer.error?.code);
    }
    return { id };
  }
}
