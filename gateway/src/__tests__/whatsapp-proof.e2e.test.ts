import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { EVENT_TYPES, LIMITS, MESSAGES, MESSAGES_FR, type PublicUser, type UserEventPayload } from '@mboa/contracts';
import { readStoredEvents } from '@mboa/platform/testing';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

// Proving a WhatsApp number (docs/api.md#proving-a-whatsapp-number), through the gateway and the
// auth service on the real PostgreSQL, Redis and NATS. Without the Cloud API settings the codes
// are written to the outbox folder (`<mailDir>/whatsapp`), where these tests read them as a
// person reads their phone.

const RULES = LIMITS.whatsappProof;
let system: TestSystem;
let db: pg.Client;
let admin: Browser;
/** Everything the processes printed while the tests ran: no code may be in it. */
const printed: string[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = (chunk: string | Uint8Array, ...rest: never[]) => {
      printed.push(String(chunk));
      return write(chunk, ...rest);
    };
    restore.push(() => (stream.write = write));
  }
  system = await startTestSystem({ services: ['auth'], env: TEST_ADMIN });
  db = new pg.Client({ connectionString: system.context.db.urlFor('auth') });
  await db.connect();
  admin = (await signInAdmin(system)).browser;
}, 120_000);

afterAll(async () => {
  for (const undo of restore) undo();
  await db?.end();
  await system?.stop();
});

/** A fresh Cameroonian mobile number for each account. */
let numbers = 0;
const newNumber = () => `67${String((Date.now() + ++numbers) % 1e7).padStart(7, '0')}`;

interface Sent {
  to: string;
  language: string;
  text: string;
}

/** The WhatsApp messages written to the outbox folder for a number ('674…'), oldest first. */
async function sentTo(number: string): Promise<Sent[]> {
  const dir = path.join(system.mailDir, 'whatsapp');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const messages: Sent[] = [];
  for (const file of files) {
    const message = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Sent;
    if (message.to === `237${number}`) messages.push(message);
  }
  return messages;
}

/** The code in the last message sent to the number. */
async function lastCode(number: string): Promise<string> {
  const text = (await sentTo(number)).at(-1)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code sent to ${number}`);
  return code;
}

async function owner(role: 'landlord' | 'renter' = 'landlord'): Promise<{ browser: Browser; user: PublicUser; number: string }> {
  const number = newNumber();
  const { browser, user } = await signUp(system, role, { whatsapp: number, proven: false });
  return { browser, user, number };
}

/** A code sent this long ago (the 60 s between codes, or its 10 minutes, have passed). */
async function backdate(userId: string, seconds: number): Promise<void> {
  await db.query(`UPDATE auth.whatsapp_proofs SET sent_at = sent_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) WHERE user_id = $1`, [userId, seconds]);
}

async function userEvents(userId: string) {
  const nc = await connect({ servers: system.config.natsUrl });
  try {
    const events = await readStoredEvents<UserEventPayload>(nc, { prefix: system.config.subjectPrefix, stream: system.context.streamName, type: EVENT_TYPES.userUpdated });
    return events.filter((e) => e.payload.user.id === userId);
  } finally {
    await nc.drain();
  }
}

test('the whole flow: the code arrives in the outbox, the right code proves the number, the profile and the event show it, and no code or hash is seen anywhere else', async () => {
  const { browser, user, number } = await owner();
  expect((await browser.get('/api/me/whatsapp')).body).toEqual({ whatsapp: number, whatsappProvenAt: null });

  const sent = await browser.post('/api/me/whatsapp/code');
  expect(sent.status).toBe(200);
  expect(sent.body).toEqual({
    message: MESSAGES.whatsappProof.codeSent,
    whatsapp: number,
    whatsappProvenAt: null,
    expiresInSeconds: RULES.codeValidityMinutes * 60,
    resendAfterSeconds: RULES.resendMinSeconds,
  });
  const [message] = await sentTo(number);
  expect(message).toMatchObject({ to: `237${number}`, language: 'en' });
  const code = await lastCode(number);
  expect(message.text).toBe(MESSAGES.whatsappProof.codeText(code));

  // Only a hash is stored, bound to the account and the number.
  const stored = await db.query<{ code_hash: string; number: string }>('SELECT code_hash, number FROM auth.whatsapp_proofs WHERE user_id = $1', [user.id]);
  expect(stored.rows[0].number).toBe(`237${number}`);
  expect(stored.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.rows[0].code_hash).not.toContain(code);

  const proven = await browser.post('/api/me/whatsapp/verify', { code });
  expect(proven.status).toBe(200);
  expect(proven.body).toEqual({ message: MESSAGES.whatsappProof.proven, whatsapp: number, whatsappProvenAt: expect.any(String) });
  const provenAt = proven.body.whatsappProvenAt as string;
  expect((await browser.get('/api/me/whatsapp')).body).toEqual({ whatsapp: number, whatsappProvenAt: provenAt });
  // The code is spent: used again, it proves nothing more; a new code is refused while proven.
  expect((await browser.post('/api/me/whatsapp/verify', { code })).body.message).toBe(MESSAGES.whatsappProof.codeInvalid);
  const again = await browser.post('/api/me/whatsapp/code');
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(MESSAGES.whatsappProof.alreadyProven);

  // user.updated carries the proof, for listings' owners projection.
  const events = await userEvents(user.id);
  expect(events.at(-1)?.payload).toMatchObject({ user: { id: user.id, whatsapp: number }, whatsappProvenAt: provenAt });
  expect(events.at(-1)?.payload.actor).toBeUndefined();

  const hash = stored.rows[0].code_hash;
  const outbox = await db.query<{ payload: unknown }>('SELECT payload FROM auth.outbox_events');
  for (const seen of [JSON.stringify(events), JSON.stringify(outbox.rows), sent.text, proven.text, again.text, printed.join('')]) {
    expect(seen).not.toContain(code);
    expect(seen).not.toContain(hash);
  }
}, 120_000);

test("the code goes out in the account's language", async () => {
  const { browser, number } = await owner();
  expect((await browser.request('PATCH', '/api/user/me', { language: 'fr' })).status).toBe(200);
  expect((await browser.post('/api/me/whatsapp/code')).status).toBe(200);
  const [message] = await sentTo(number);
  expect(message.language).toBe('fr');
  expect(message.text).toBe(MESSAGES_FR.whatsappProof.codeText(await lastCode(number)));
});

test('wrong codes count: the fifth spends the code, and then even the right one is refused', async () => {
  const { browser, user, number } = await owner();
  await browser.post('/api/me/whatsapp/code');
  const code = await lastCode(number);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 1; i < RULES.maxWrongTries; i++) {
    const res = await browser.post('/api/me/whatsapp/verify', { code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.whatsappProof.codeInvalid);
  }
  const last = await browser.post('/api/me/whatsapp/verify', { code: wrong });
  expect(last.status).toBe(400);
  expect(last.body.message).toBe(MESSAGES.whatsappProof.tooManyWrongTries);
  const right = await browser.post('/api/me/whatsapp/verify', { code });
  expect(right.status).toBe(400);
  expect(right.body.message).toBe(MESSAGES.whatsappProof.tooManyWrongTries);
  expect((await browser.get('/api/me/whatsapp')).body.whatsappProvenAt).toBeNull();
  expect((await db.query('SELECT attempts FROM auth.whatsapp_proofs WHERE user_id = $1', [user.id])).rows[0].attempts).toBe(RULES.maxWrongTries);
});

test('an expired code is refused, and the number stays unproven', async () => {
  const { browser, user, number } = await owner();
  await browser.post('/api/me/whatsapp/code');
  const code = await lastCode(number);
  await backdate(user.id, RULES.codeValidityMinutes * 60 + 1);
  const res = await browser.post('/api/me/whatsapp/verify', { code });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(MESSAGES.whatsappProof.codeInvalid);
  expect((await browser.get('/api/me/whatsapp')).body.whatsappProvenAt).toBeNull();
});

test('a new code within 60 s is refused with 429 and Retry-After; after that a new code replaces the old one', async () => {
  const { browser, user, number } = await owner();
  await browser.post('/api/me/whatsapp/code');
  const first = await lastCode(number);
  const soon = await browser.post('/api/me/whatsapp/code');
  expect(soon.status).toBe(429);
  expect(soon.body.message).toBe(MESSAGES.whatsappProof.resendTooSoon);
  const wait = Number(soon.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(RULES.resendMinSeconds);
  expect(await sentTo(number)).toHaveLength(1);

  await backdate(user.id, RULES.resendMinSeconds);
  expect((await browser.post('/api/me/whatsapp/code')).status).toBe(200);
  const second = await lastCode(number);
  expect(await sentTo(number)).toHaveLength(2);
  if (second !== first) expect((await browser.post('/api/me/whatsapp/verify', { code: first })).status).toBe(400);
  expect((await browser.post('/api/me/whatsapp/verify', { code: second })).status).toBe(200);
});

test(`at most ${RULES.codesPerAccountPerHour} codes an hour per account and per number: then 429 with Retry-After`, async () => {
  const { browser, user, number } = await owner();
  for (let i = 0; i < RULES.codesPerAccountPerHour; i++) {
    expect((await browser.post('/api/me/whatsapp/code')).status).toBe(200);
    await backdate(user.id, RULES.resendMinSeconds);
  }
  const more = await browser.post('/api/me/whatsapp/code');
  expect(more.status).toBe(429);
  expect(more.body.message).toBe(MESSAGES.whatsappProof.tooManyCodes);
  expect(Number(more.headers.get('retry-after'))).toBeGreaterThan(RULES.resendMinSeconds);
  expect(await sentTo(number)).toHaveLength(RULES.codesPerAccountPerHour);

  // Another account given the same number (staff typed it) gets no more codes to it either.
  const other = await owner();
  const edited = await admin.request('PATCH', `/api/admin/users/${other.user.id}`, { whatsapp: number });
  expect(edited.status).toBe(200);
  const flood = await other.browser.post('/api/me/whatsapp/code');
  expect(flood.status).toBe(429);
  expect(flood.body.message).toBe(MESSAGES.whatsappProof.tooManyCodes);
  expect(await sentTo(number)).toHaveLength(RULES.codesPerAccountPerHour);
});

test("another account's code does not prove your number, nor yours theirs", async () => {
  const a = await owner();
  const b = await owner('renter');
  await a.browser.post('/api/me/whatsapp/code');
  await b.browser.post('/api/me/whatsapp/code');
  const codeA = await lastCode(a.number);
  const codeB = await lastCode(b.number);
  if (codeA !== codeB) {
    expect((await a.browser.post('/api/me/whatsapp/verify', { code: codeB })).status).toBe(400);
    expect((await b.browser.post('/api/me/whatsapp/verify', { code: codeA })).status).toBe(400);
  }
  expect((await a.browser.get('/api/me/whatsapp')).body.whatsappProvenAt).toBeNull();
  expect((await b.browser.get('/api/me/whatsapp')).body.whatsappProvenAt).toBeNull();
  // Each still proves their own with their own code (one wrong try spent, four left).
  expect((await a.browser.post('/api/me/whatsapp/verify', { code: codeA })).status).toBe(200);
  expect((await b.browser.post('/api/me/whatsapp/verify', { code: codeB })).status).toBe(200);
  // Signed out, nobody proves anything.
  const stranger = new Browser(system.url);
  expect((await stranger.post('/api/me/whatsapp/code')).status).toBe(401);
  expect((await stranger.post('/api/me/whatsapp/verify', { code: codeA })).status).toBe(401);
});

test('changing the number ends the proof: the new number is unproven until a code sent to it comes back', async () => {
  const { browser, user, number } = await owner();
  await browser.post('/api/me/whatsapp/code');
  expect((await browser.post('/api/me/whatsapp/verify', { code: await lastCode(number) })).status).toBe(200);

  const next = newNumber();
  const edited = await admin.request('PATCH', `/api/admin/users/${user.id}`, { whatsapp: next });
  expect(edited.status).toBe(200);
  expect((await browser.get('/api/me/whatsapp')).body).toEqual({ whatsapp: next, whatsappProvenAt: null });
  const events = await userEvents(user.id);
  expect(events.at(-1)?.payload.user.whatsapp).toBe(next);
  expect(events.at(-1)?.payload.whatsappProvenAt).toBeUndefined();

  await browser.post('/api/me/whatsapp/code');
  const code = await lastCode(next);
  // A code sent to the new number before it changed again proves nothing.
  const third = newNumber();
  await admin.request('PATCH', `/api/admin/users/${user.id}`, { whatsapp: third });
  expect((await browser.post('/api/me/whatsapp/verify', { code })).status).toBe(400);
  await admin.request('PATCH', `/api/admin/users/${user.id}`, { whatsapp: next });
  expect((await browser.post('/api/me/whatsapp/verify', { code })).status).toBe(200);
  // Changing only the name keeps the proof.
  expect((await admin.request('PATCH', `/api/admin/users/${user.id}`, { name: 'Ngono Paul' })).status).toBe(200);
  expect((await browser.get('/api/me/whatsapp')).body.whatsappProvenAt).not.toBeNull();
}, 120_000);

test('every bad input is a 4xx and changes nothing', async () => {
  const { browser, user, number } = await owner();
  await browser.post('/api/me/whatsapp/code');
  const code = await lastCode(number);
  for (const body of [{}, { code: '' }, { code: '12345' }, { code: '1234567' }, { code: '12a456' }, { code: 123456 }, { code: ['123456'] }, { code: null }]) {
    const res = await browser.post('/api/me/whatsapp/verify', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.whatsappProof.codeFormat);
  }
  // None of them spent a try.
  expect((await db.query('SELECT attempts FROM auth.whatsapp_proofs WHERE user_id = $1', [user.id])).rows[0].attempts).toBe(0);
  expect((await browser.get('/api/me/whatsapp')).body.whatsappProvenAt).toBeNull();

  // Verify before any code was sent.
  const fresh = await owner();
  const early = await fresh.browser.post('/api/me/whatsapp/verify', { code });
  expect(early.status).toBe(400);
  expect(early.body.message).toBe(MESSAGES.whatsappProof.codeInvalid);

  // An account without a number WhatsApp reaches (a fixed line) gets no code.
  const fixed = '222123456';
  const { browser: noMobile } = await signUp(system, 'renter', { whatsapp: fixed });
  const refused = await noMobile.post('/api/me/whatsapp/code');
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(MESSAGES.whatsappProof.noNumber);
  expect(await sentTo(fixed)).toHaveLength(0);

  // The French answer for a French reader.
  const french = await browser.request('POST', '/api/me/whatsapp/verify', { code: '1' }, { 'accept-language': 'fr' });
  expect(french.status).toBe(400);
  expect(french.body.message).toBe(MESSAGES_FR.whatsappProof.codeFormat);
});

describe('with the WhatsApp Cloud API configured (a local stand-in of the API)', () => {
  // The Cloud API is Meta's service on the internet, which cannot run here. This node:http server
  // is a STAND-IN for it, as in the saved-search alerts' tests: it plays the documented endpoint
  // (POST /{version}/{phone-number-id}/messages with a bearer token, answering { messages: [{ id }] }).
  let standIn: Server;
  let cloud: TestSystem;
  const received: { url: string; authorization?: string; body: Record<string, unknown> }[] = [];
  let failing = false;

  async function play(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    received.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
    res.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(failing ? { error: { message: 'Service temporarily unavailable', code: 2 } } : { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${received.length}` }] }));
  }

  beforeAll(async () => {
    standIn = createServer((req, res) => void play(req, res));
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    cloud = await startTestSystem({
      services: ['auth'],
      env: {
        WHATSAPP_API_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v21.0`,
        WHATSAPP_PHONE_NUMBER_ID: '1098765',
        WHATSAPP_ACCESS_TOKEN: 'test-token',
        WHATSAPP_CODE_TEMPLATE: 'mboa_code',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await cloud?.stop();
    await new Promise((resolve) => standIn?.close(resolve));
  });

  test('the code goes out as the authentication template (body and copy-code button) in the reader language, and proves the number', async () => {
    const number = newNumber();
    const { browser } = await signUp(cloud, 'caretaker', { whatsapp: number, proven: false });
    expect((await browser.post('/api/me/whatsapp/code')).status).toBe(200);
    const request = received.at(-1)!;
    expect(request.url).toBe('/v21.0/1098765/messages');
    expect(request.authorization).toBe('Bearer test-token');
    const template = request.body.template as { name: string; language: { code: string }; components: { type: string; parameters: { text: string }[] }[] };
    expect(request.body).toMatchObject({ messaging_product: 'whatsapp', to: `237${number}`, type: 'template' });
    expect(template.name).toBe('mboa_code');
    expect(template.language.code).toBe('en');
    const code = template.components[0].parameters[0].text;
    expect(code).toMatch(/^\d{6}$/);
    expect(template.components[1]).toEqual({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] });
    // Nothing was written to the outbox folder.
    expect(await readdir(path.join(cloud.mailDir, 'whatsapp')).catch(() => [])).toHaveLength(0);
    expect((await browser.post('/api/me/whatsapp/verify', { code })).status).toBe(200);
  });

  test('when the API refuses, the answer is 503 and the person may ask again at once', async () => {
    const number = newNumber();
    const { browser } = await signUp(cloud, 'landlord', { whatsapp: number, proven: false });
    failing = true;
    const refused = await browser.post('/api/me/whatsapp/code');
    failing = false;
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(MESSAGES.whatsappProof.sendFailed);
    expect((await browser.post('/api/me/whatsapp/code')).status).toBe(200);
  });
});
