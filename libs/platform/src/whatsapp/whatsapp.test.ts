import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cameroonWhatsApp, createWhatsApp, WhatsAppCloudApi, WhatsAppDeliveryError, type WhatsAppMessage } from './index.js';

// The WhatsApp Business Cloud API is Meta's service on the internet, which cannot run here. This
// local node:http server is a STAND-IN for it: it plays the documented endpoint
// (POST /{version}/{phone-number-id}/messages with a bearer token, answering
// { messaging_product, contacts, messages: [{ id }] }, or an `error` object with a 4xx/5xx status),
// so the adapter is tested over real HTTP against the same shapes, not against a mock of fetch.

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

let server: Server;
let base: string;
const received: Received[] = [];
/** What the stand-in answers next (status and JSON), by recipient. */
const answers = new Map<string, { status: number; body: unknown }>();

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
});

/** The stand-in's endpoint: checks the token, records the request, answers as planned or with a message id. */
async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== 'Bearer good-token') {
      return reply(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190, fbtrace_id: 'A1' } });
    }
    const planned = answers.get(String(body.to));
    if (planned) return reply(planned.status, planned.body);
    reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${received.length}` }] });
}

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const message: WhatsAppMessage = {
  to: '237674123456',
  language: 'fr',
  text: 'Nouvelle annonce pour votre recherche « Studios à Molyko » : Studio Molyko\nhttp://localhost:3000/properties/1',
  templateParameters: ['Studios à Molyko', 'Studio Molyko', 'http://localhost:3000/properties/1'],
};

describe('WhatsApp Cloud API adapter (against a local stand-in of the API)', () => {
  it('posts a free-text message to the phone number id with the bearer token', async () => {
    const api = new WhatsAppCloudApi({ apiUrl: base, phoneNumberId: '1234567890', accessToken: 'good-token' });
    const { id } = await api.send(message);
    const last = received.at(-1)!;
    expect(id).toMatch(/^wamid\./);
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/v21.0/1234567890/messages');
    expect(last.authorization).toBe('Bearer good-token');
    expect(last.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '237674123456',
      type: 'text',
      text: { preview_url: true, body: message.text },
    });
  });

  it('sends the approved template in the reader language when one is configured', async () => {
    const api = new WhatsAppCloudApi({ apiUrl: `${base}/`, phoneNumberId: '1234567890', accessToken: 'good-token', template: 'saved_search_alert' });
    await api.send(message);
    expect(received.at(-1)!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '237674123456',
      type: 'template',
      template: {
        name: 'saved_search_alert',
        language: { code: 'fr' },
        components: [{ type: 'body', parameters: message.templateParameters.map((text) => ({ type: 'text', text })) }],
      },
    });
  });

  it("rejects with the API's own error when it refuses (bad token, bad number, rate limit)", async () => {
    const wrong = new WhatsAppCloudApi({ apiUrl: base, phoneNumberId: '1234567890', accessToken: 'expired' });
    await expect(wrong.send(message)).rejects.toMatchObject({ name: 'WhatsAppDeliveryError', status: 401, code: 190, message: expect.stringContaining('Invalid OAuth access token') });

    answers.set('237699000000', { status: 400, body: { error: { message: '(#131030) Recipient phone number not in allowed list', type: 'OAuthException', code: 131030 } } });
    answers.set('237699000001', { status: 429, body: { error: { message: '(#130429) Rate limit hit', code: 130429 } } });
    answers.set('237699000002', { status: 502, body: '<html>Bad gateway</html>' });
    const api = new WhatsAppCloudApi({ apiUrl: base, phoneNumberId: '1234567890', accessToken: 'good-token' });
    await expect(api.send({ ...message, to: '237699000000' })).rejects.toMatchObject({ status: 400, code: 131030 });
    await expect(api.send({ ...message, to: '237699000001' })).rejects.toMatchObject({ status: 429, code: 130429 });
    await expect(api.send({ ...message, to: '237699000002' })).rejects.toBeInstanceOf(WhatsAppDeliveryError);
  });

  it('rejects when nothing answers', async () => {
    const api = new WhatsAppCloudApi({ apiUrl: 'http://127.0.0.1:9/v21.0', phoneNumberId: '1', accessToken: 'good-token', timeoutMs: 2000 });
    await expect(api.send(message)).rejects.toBeInstanceOf(WhatsAppDeliveryError);
  });

  it('is off unless both the phone number id and the token are configured', () => {
    expect(createWhatsApp({})).toBeUndefined();
    expect(createWhatsApp({ phoneNumberId: '1' })).toBeUndefined();
    expect(createWhatsApp({ phoneNumberId: '1', accessToken: 't' })).toBeInstanceOf(WhatsAppCloudApi);
  });

  it('writes Cameroonian WhatsApp numbers with the country code', () => {
    expect(cameroonWhatsApp('674123456')).toBe('237674123456');
    expect(cameroonWhatsApp('+237 674 12 34 56')).toBe('237674123456');
    expect(cameroonWhatsApp('12345')).toBeNull();
    expect(cameroonWhatsApp(null)).toBeNull();
  });
});
