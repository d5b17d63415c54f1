// Idempotency-Key on writes (docs/api.md#idempotency-key), through the real gateway, auth, listings
// and media over NATS, PostgreSQL and Redis: a posting with photos sent again never makes a second
// listing, whether its answer came, was lost on the way, or has not come yet, on either replica.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createClient } from 'redis';
import { IDEMPOTENT_REPLAYED_HEADER, LIMITS, MESSAGES, MESSAGES_FR, idempotencyKeyHeaderValue, type PublicUser } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { cameraJpeg, plainWebp } from '../../../services/media/src/images/__tests__/fixtures.js';
import { createGateway } from '../app.js';
import { signUp, signupBody, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let replica: NestExpressApplication;
let replicaUrl: string;
let dir: string;
let store: LocalFileStore;
let landlord: { browser: Browser; user: PublicUser };
let photos: Buffer[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-idempotency-e2e-'));
  store = new LocalFileStore(dir);
  system = await startTestSystem({
    services: ['auth', 'listings', 'media'],
    env: { ...TEST_ADMIN, MEDIA_DIR: dir },
    gateway: { objectStore: store },
  });
  // A second gateway replica on the same Redis, NATS subjects and store, as behind the TLS proxy.
  replica = await createGateway(system.config, { logger: false });
  await replica.listen(0, '127.0.0.1');
  replicaUrl = `http://127.0.0.1:${(replica.getHttpServer().address() as { port: number }).port}`;
  landlord = await signUp(system, 'landlord', { verified: true });
  photos = await Promise.all([cameraJpeg(1600, 1200), plainWebp(800, 600)]);
}, 180_000);

afterAll(async () => {
  await replica?.close();
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

const FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'apartment',
  title: 'Studio near the Carrefour Obili',
  paymentTerm: 'monthly',
  price: '60000',
  caution: '60000',
  description: 'One room with shower, meter of its own, quiet compound.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Yaounde',
  'location[neighbourhood]': 'Obili',
  'specifications[bedrooms]': '1',
  'specifications[toilets]': '1',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '0',
  'specifications[size]': '20',
  'specifications[distanceFromRoad]': '3',
  amenities: JSON.stringify(['water']),
};

/**
 * The multipart bytes the web app sends, encoded afresh each time (a new boundary, as a browser
 * draws one per send), with the photos named as the wizard names them for this draft.
 */
async function encodedPost(title: string, stamp: number): Promise<{ bytes: Buffer; contentType: string }> {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...FIELDS, title })) data.append(name, value);
  photos.forEach((bytes, index) => data.append('propertyImages', new Blob([bytes], { type: 'image/jpeg' }), `${stamp}-${index}-photo.jpg`));
  const request = new Request('http://local/', { method: 'POST', body: data });
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A posting over a raw HTTP request, so the test decides when each byte goes: `hold` stops after
 * the first `hold` bytes until `release()`; `dropAnswer` destroys the connection the moment the
 * whole body is written, as a phone losing its signal would, before any answer can come.
 */
function rawPost(
  base: string,
  key: string | null,
  body: { bytes: Buffer; contentType: string },
  options: { hold?: number; dropAnswer?: boolean } = {},
  browser: Browser = landlord.browser,
) {
  const url = new URL('/api/property/post', base);
  let release = () => undefined as void;
  const answer = new Promise<Answer | null>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        cookie: `mboa_session=${browser.cookie('mboa_session')}`,
        'content-type': body.contentType,
        'content-length': String(body.bytes.length),
        ...(key ? { 'idempotency-key': idempotencyKeyHeaderValue(key) } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', (error) => (options.dropAnswer ? resolve(null) : reject(error)));
    const rest = () => {
      req.end(body.bytes.subarray(options.hold ?? 0), () => {
        if (options.dropAnswer) req.destroy();
      });
    };
    if (options.hold === undefined) return rest();
    req.write(body.bytes.subarray(0, options.hold));
    release = rest;
  });
  return { answer, release: () => release() };
}

async function listingsOf(browser: Browser): Promise<{ title: string }[]> {
  const mine = await browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 50 } });
  expect(mine.status).toBe(200);
  return mine.body.data as { title: string }[];
}

const countTitled = async (title: string) => (await listingsOf(landlord.browser)).filter((l) => l.title === title).length;
const storedPhotos = async () => (await store.list('properties/')).length;

/** Sends the same posting again, as the wizard does, until it gets an answer other than 409. */
async function retryUntilAnswered(base: string, key: string, title: string, stamp: number): Promise<Answer> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { answer } = rawPost(base, key, await encodedPost(title, stamp));
    const got = (await answer)!;
    if (got.status !== 409) return got;
    expect(got.headers['retry-after']).toBe(String(LIMITS.idempotency.inProgressRetryAfterSeconds));
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('still 409 after 30 s');
}

/**
 * Sends, under `key`, a posting the server would refuse (no title), once the held first request
 * holds the key in Redis. Probing before that (a busy machine reads the first one's headers late)
 * would let the probe claim the key itself, and the first request would then be the one refused.
 */
async function conflictWith(base: string, key: string, stamp: number): Promise<Answer> {
  await firstHoldsAKey();
  return (await rawPost(base, key, await encodedPost('', stamp)).answer)!;
}

/** Waits until some request holds its key (the tests of this file send one at a time). */
async function firstHoldsAKey(): Promise<void> {
  const redis = createClient({ url: system.config.redisUrl });
  await redis.connect();
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      for await (const keys of redis.scanIterator({ MATCH: `${system.config.redisPrefix}idempotency:*` })) {
        for (const entry of keys.length ? await redis.mGet(keys) : []) {
          if (entry && (JSON.parse(entry) as { state: string }).state === 'running') return;
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the first request never held its key');
  } finally {
    await redis.quit();
  }
}

/**
 * What a send the gateway could not answer leaves behind: listings saved the posting, but the
 * gateway's wait ran out (504), and it keeps only 2xx answers, so the key is free again.
 */
async function forgetKeptAnswers(): Promise<void> {
  const redis = createClient({ url: system.config.redisUrl });
  await redis.connect();
  try {
    for await (const keys of redis.scanIterator({ MATCH: `${system.config.redisPrefix}idempotency:*` })) {
      if (keys.length) await redis.del(keys);
    }
  } finally {
    await redis.quit();
  }
}

describe('Idempotency-Key on POST /api/property/post (with photos)', () => {
  it('answers a repeat after the write with the same answer and makes nothing new', async () => {
    const key = randomUUID();
    const title = 'Studio repeated after its answer';
    const stamp = Date.now();
    const first = (await rawPost(system.url, key, await encodedPost(title, stamp)).answer)!;
    expect(first.status).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const photosAfterFirst = await storedPhotos();

    // Encoded again: another multipart boundary, the same fields and photos.
    const again = (await rawPost(system.url, key, await encodedPost(title, stamp)).answer)!;
    expect(again.status).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    expect(await countTitled(title)).toBe(1);
    expect(await storedPhotos()).toBe(photosAfterFirst);

    // Without a key the old behaviour stays: each send is a new posting.
    const keyless = (await rawPost(system.url, null, await encodedPost('Studio sent without a key', stamp)).answer)!;
    const keylessAgain = (await rawPost(system.url, null, await encodedPost('Studio sent without a key', stamp)).answer)!;
    expect([keyless.status, keylessAgain.status]).toEqual([201, 201]);
    expect(await countTitled('Studio sent without a key')).toBe(2);
  }, 120_000);

  it('answers 409 with Retry-After to a repeat while the first is still being received, then the one answer', async () => {
    const key = randomUUID();
    const title = 'Studio repeated during its upload';
    const stamp = Date.now();
    const body = await encodedPost(title, stamp);
    const first = rawPost(system.url, key, body, { hold: 1000 });
    const during = await conflictWith(system.url, key, stamp);
    expect(during.status).toBe(409);
    expect(during.headers['retry-after']).toBe(String(LIMITS.idempotency.inProgressRetryAfterSeconds));
    expect(JSON.parse(during.text)).toEqual({ message: MESSAGES.idempotency.inProgress });
    first.release();
    const answered = (await first.answer)!;
    expect(answered.status).toBe(201);
    const after = await retryUntilAnswered(system.url, key, title, stamp);
    expect(after.status).toBe(201);
    expect(JSON.parse(after.text).id).toBe(JSON.parse(answered.text).id);
    expect(await countTitled(title)).toBe(1);
  }, 120_000);

  it('makes one listing when the gateway freed the key after listings had saved it, and keeps only the first send\'s photos', async () => {
    const key = randomUUID();
    const title = 'Studio whose answer the gateway could not wait for';
    const stamp = Date.now();
    const first = (await rawPost(system.url, key, await encodedPost(title, stamp)).answer)!;
    expect(first.status).toBe(201);
    const photosAfterFirst = await storedPhotos();
    await forgetKeptAnswers();

    const again = (await rawPost(system.url, key, await encodedPost(title, stamp)).answer)!;
    expect(again.status).toBe(201);
    // Not a replay of a kept answer: the send was worked through again, and listings knew the key.
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const listing = (answer: { text: string }) => (JSON.parse(answer.text) as { property: { id: string; propertyImages: { url: string }[] } }).property;
    expect(listing(again).id).toBe(listing(first).id);
    expect(listing(again).propertyImages).toEqual(listing(first).propertyImages);
    expect(await countTitled(title)).toBe(1);
    // The second send's photos were encoded again, then discarded: they belong to nothing.
    expect(await storedPhotos()).toBe(photosAfterFirst);
  }, 120_000);

  it('refuses a different request under the same key with 422 and changes nothing', async () => {
    const key = randomUUID();
    const stamp = Date.now();
    const first = (await rawPost(system.url, key, await encodedPost('Studio first version', stamp)).answer)!;
    expect(first.status).toBe(201);
    const [listings, stored] = [await listingsOf(landlord.browser), await storedPhotos()];
    const other = (await rawPost(system.url, key, await encodedPost('Studio second version', stamp)).answer)!;
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toEqual({ message: MESSAGES.idempotency.keyReused });
    expect(await listingsOf(landlord.browser)).toEqual(listings);
    expect(await storedPhotos()).toBe(stored);
  }, 120_000);

  it('finishes a posting whose answer was lost after the body was sent, and gives that answer to the retry', async () => {
    const key = randomUUID();
    const title = 'Studio whose answer was lost';
    const stamp = Date.now();
    const lost = await rawPost(system.url, key, await encodedPost(title, stamp), { dropAnswer: true }).answer;
    expect(lost).toBeNull();
    // Nobody waits for it, yet the posting is made (polled: the machine may be busy)...
    for (let i = 0; i < 600 && (await countTitled(title)) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await countTitled(title)).toBe(1);
    // ...and the retry gets its answer, not a second listing.
    const retried = await retryUntilAnswered(system.url, key, title, stamp);
    expect(retried.status).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(JSON.parse(retried.text).property.propertyImages).toHaveLength(photos.length);
    expect(await countTitled(title)).toBe(1);
  }, 120_000);

  it('is one key for every replica: the other replica answers 409 while the first works, then the kept answer', async () => {
    const key = randomUUID();
    const title = 'Studio sent to two replicas';
    const stamp = Date.now();
    const first = rawPost(system.url, key, await encodedPost(title, stamp), { hold: 1000 });
    expect((await conflictWith(replicaUrl, key, stamp)).status).toBe(409);
    first.release();
    const answered = (await first.answer)!;
    expect(answered.status).toBe(201);
    const fromReplica = await retryUntilAnswered(replicaUrl, key, title, stamp);
    expect(fromReplica.status).toBe(201);
    expect(fromReplica.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(JSON.parse(fromReplica.text)).toEqual(JSON.parse(answered.text));
    expect(await countTitled(title)).toBe(1);
  }, 120_000);

  it('frees the key of a refused posting, so the corrected one goes through under it', async () => {
    const key = randomUUID();
    const stamp = Date.now();
    const refused = (await rawPost(system.url, key, await encodedPost('', stamp)).answer)!;
    expect(refused.status).toBe(400);
    const corrected = (await rawPost(system.url, key, await encodedPost('Studio corrected after a refusal', stamp)).answer)!;
    expect(corrected.status).toBe(201);
    expect(corrected.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  }, 120_000);
});

describe('Idempotency-Key on JSON writes', () => {
  it('gives a sign-up sent again its first answer, session cookie included, and makes one account', async () => {
    const key = idempotencyKeyHeaderValue(randomUUID());
    const body = signupBody();
    const first = new Browser(system.url);
    const created = await first.post('/api/auth/signup', body, { 'idempotency-key': key });
    expect(created.status).toBe(201);
    const firstCookies = first.lastSetCookie;
    // The same tab after its answer was lost: no cookie yet, the same key and body, on the other replica.
    const retry = new Browser(replicaUrl);
    const again = await retry.post('/api/auth/signup', body, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(again.body.user.id).toBe(created.body.user.id);
    expect(retry.lastSetCookie).toEqual(firstCookies);
    expect((await retry.get('/api/me')).body.user.id).toBe(created.body.user.id);
    // Knowing the key is not enough: another body under it is refused, and nobody is signed in.
    const stranger = new Browser(system.url);
    const guessed = await stranger.post('/api/auth/signup', { ...body, password: 'another password' }, { 'idempotency-key': key });
    expect(guessed.status).toBe(422);
    expect(stranger.lastSetCookie).toEqual([]);
  }, 60_000);

  it('keeps keys apart per person: the same key from another account is a request of its own', async () => {
    const key = randomUUID();
    const title = 'Studio posted by two people under one key';
    const stamp = Date.now();
    const other = await signUp(system, 'landlord', { verified: true });
    const mine = (await rawPost(system.url, key, await encodedPost(title, stamp)).answer)!;
    const theirs = (await rawPost(system.url, key, await encodedPost(title, stamp), {}, other.browser).answer)!;
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.parse(theirs.text).id).not.toBe(JSON.parse(mine.text).id);
    expect((await listingsOf(other.browser)).map((l) => l.title)).toEqual([title]);
  }, 120_000);

  it('refuses a malformed key with 400, in the caller\'s language, before doing anything', async () => {
    const browser = new Browser(system.url);
    for (const bad of ['no-quotes', '""', `"${'k'.repeat(LIMITS.idempotency.maxKeyLength + 1)}"`, '"a", "b"', '"tab\there"']) {
      const res = await browser.post('/api/auth/signup', signupBody(), { 'idempotency-key': bad });
      expect({ bad, status: res.status, body: res.body }).toEqual({ bad, status: 400, body: { message: MESSAGES.idempotency.keyInvalid } });
    }
    const fr = await browser.post('/api/auth/signup', signupBody(), { 'idempotency-key': 'no-quotes', 'accept-language': 'fr' });
    expect(fr.body).toEqual({ message: MESSAGES_FR.idempotency.keyInvalid });
    expect(browser.lastSetCookie).toEqual([]);
  }, 60_000);
});

describe('Idempotency-Key in the OpenAPI document', () => {
  it('is on every write, with its 409 (Retry-After) and 422', async () => {
    const doc = (await (await fetch(`${system.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: object }> }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${p}`, op })),
    );
    expect(writes.length).toBeGreaterThan(20);
    const missing = writes
      .filter(({ op }) => !op.parameters?.some((x) => x.name === 'Idempotency-Key' && x.in === 'header') || !op.responses['422'] || !op.responses['409']?.headers)
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });
});
