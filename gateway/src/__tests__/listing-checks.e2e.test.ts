// What a renter sees was checked (docs/api.md#what-was-checked), through the real gateway, auth and
// listings over PostgreSQL and NATS: staff's `verification.decided` (published as moderation
// records it) marks an owner's identity and the control of the properties it names, the checks
// show on details, search cards and similar listings, `controlChecked=true` keeps only checked
// listings and any other value is refused, a refusal or a property of another owner changes
// nothing, and the same event again changes nothing more. A proven WhatsApp number (its code read
// from the outbox folder, as a person reads their phone) confirms the number: Alice proved hers at
// sign-up (landlords must, to post), Bob not yet (staff posted his listing for him).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENT_CONSUMERS,
  EVENT_TYPES,
  LISTINGS_PATTERNS,
  MESSAGES,
  MESSAGES_FR,
  type ListingChecks,
  type PropertyRead,
  type PublicUser,
  type VerificationDecidedPayload,
} from '@mboa/contracts';
import { handOffEvent, newEnvelope, publishEvent, type EventEnvelope, type RpcClient } from '@mboa/platform';
import { eventually } from '@mboa/platform/testing';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let rpc: RpcClient;
let nc: NatsConnection;
let staff: PublicUser;
let alice: { browser: Browser; user: PublicUser; number: string };
let bob: { browser: Browser; user: PublicUser; number: string };
/** Alice's two listings and Bob's one, all public. */
let aliceFlat: string;
let aliceShop: string;
let bobFlat: string;
const FRENCH = { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' };
const TOWN = `Kribi${Date.now() % 100000}`;
const NOTHING_CHECKED: ListingChecks = { numberConfirmed: false, identityChecked: false, control: null };
/** Alice's listings before staff checked anything: only her number, proven at sign-up. */
const NUMBER_ONLY: ListingChecks = { ...NOTHING_CHECKED, numberConfirmed: true };

let numbers = 0;
const newNumber = () => `69${String((Date.now() + ++numbers) % 1e7).padStart(7, '0')}`;

const anon = () => new Browser(system.url);

/** Posted by the owner, or by staff for them (`forOwner`), then approved. */
async function post(owner: PublicUser, title: string, category: 'residential' | 'commercial', forOwner = false): Promise<string> {
  const property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
    actor: forOwner ? { userId: staff.id, role: 'admin', isVerified: true } : { userId: owner.id, role: owner.role, isVerified: true },
    data: {
      ...(forOwner ? { userId: owner.id } : {}),
      category,
      propertyType: category === 'residential' ? 'apartment' : 'shop',
      title,
      description: 'Water and electricity, close to the main road.',
      paymentTerm: 'monthly',
      price: 80_000,
      caution: 0,
      availability: 'available',
      location: { country: 'Cameroon', town: TOWN, neighbourhood: 'Centre' },
      amenities: ['water'],
      specifications: category === 'residential' ? { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 60 } : { sections: 1, size: 20 },
    },
    images: [],
  });
  await publishEvent(
    nc,
    {
      type: EVENT_TYPES.propertyApproved,
      payload: { propertyId: property.id, action: 'approve', feedback: '', reviewerId: staff.id, decidedAt: new Date().toISOString() },
      source: 'moderation',
    },
    { prefix: system.context.subjectPrefix },
  );
  await eventually(() => searchIds(''), (ids) => ids.includes(property.id));
  return property.id;
}

async function details(id: string): Promise<PropertyRead> {
  const res = await anon().get(`/api/properties/${id}`);
  expect(res.status).toBe(200);
  return res.body as PropertyRead;
}

async function search(query: string): Promise<PropertyRead[]> {
  const res = await anon().get(`/api/properties/search?town=${TOWN}&limit=50${query}`);
  expect(res.status).toBe(200);
  return res.body.properties as PropertyRead[];
}

const searchIds = async (query: string) => (await search(query)).map((p) => p.id);
const checksById = async (query = '') => new Map((await search(query)).map((p) => [p.id, p.checks]));

/** A decision as moderation records it (its outbox relays it to JetStream). */
function decision(over: Partial<VerificationDecidedPayload> & Pick<VerificationDecidedPayload, 'ownerId' | 'kind' | 'documentType'>): EventEnvelope<VerificationDecidedPayload> {
  return newEnvelope({
    type: EVENT_TYPES.verificationDecided,
    source: 'moderation',
    payload: {
      requestId: randomUUID(),
      propertyIds: [],
      outcome: 'approved',
      decidedAt: new Date().toISOString(),
      actor: { userId: staff.id, role: 'admin', isVerified: true },
      ...over,
    },
  });
}

async function publish(event: EventEnvelope<VerificationDecidedPayload>): Promise<void> {
  await publishEvent(nc, event, { prefix: system.context.subjectPrefix });
}

/** The latest code the outbox folder holds for a number, as its owner reads it on their phone. */
async function codeSentTo(number: string): Promise<string> {
  const dir = path.join(system.mailDir, 'whatsapp');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  let code: string | undefined;
  for (const file of files) {
    const message = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { to: string; text: string };
    if (message.to === `237${number}`) code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? code;
  }
  if (!code) throw new Error(`no code sent to ${number}`);
  return code;
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings'], env: TEST_ADMIN });
  rpc = await rpcFor(system);
  nc = await connect({ servers: system.context.natsUrl });
  staff = (await signInAdmin(system)).user;
  const aliceNumber = newNumber();
  alice = { ...(await signUp(system, 'landlord', { verified: true, whatsapp: aliceNumber, name: 'Alice Mbarga' })), number: aliceNumber };
  const bobNumber = newNumber();
  bob = { ...(await signUp(system, 'landlord', { verified: true, whatsapp: bobNumber, name: 'Bob Nkeng', proven: false })), number: bobNumber };
  aliceFlat = await post(alice.user, 'Checked flat by the sea', 'residential');
  aliceShop = await post(alice.user, 'Shop by the market', 'commercial');
  bobFlat = await post(bob.user, 'Flat near the lighthouse', 'residential', true);
}, 180_000);

afterAll(async () => {
  await rpc?.close();
  await nc?.drain();
  await system?.stop();
}, 120_000);

describe('checks on every answer', () => {
  it('says plainly what was not checked before staff or a code proved anything', async () => {
    expect((await details(bobFlat)).checks).toEqual(NOTHING_CHECKED);
    expect((await details(aliceFlat)).checks).toEqual(NUMBER_ONLY);
    const cards = await checksById();
    expect(cards.get(bobFlat)).toEqual(NOTHING_CHECKED);
    for (const id of [aliceFlat, aliceShop]) expect(cards.get(id)).toEqual(NUMBER_ONLY);
  });
});

describe('verification.decided', () => {
  it('an approved identity marks every listing of that owner, and only theirs', async () => {
    await publish(decision({ ownerId: alice.user.id, kind: 'identity', documentType: 'national-id' }));
    const cards = await eventually(checksById, (c) => c.get(aliceFlat)?.identityChecked === true && c.get(aliceShop)?.identityChecked === true);
    expect(cards.get(aliceFlat)).toEqual({ ...NUMBER_ONLY, identityChecked: true });
    expect(cards.get(aliceShop)).toEqual({ ...NUMBER_ONLY, identityChecked: true });
    expect(cards.get(bobFlat)).toEqual(NOTHING_CHECKED);
    expect((await details(aliceShop)).checks).toEqual({ ...NUMBER_ONLY, identityChecked: true });
  });

  it("an approved control marks the owner's named listing with how it was proven, never another owner's listing", async () => {
    // Alice's caretaker mandate names her flat and, wrongly, Bob's flat.
    await publish(decision({ ownerId: alice.user.id, kind: 'control', documentType: 'caretaker-mandate', propertyIds: [aliceFlat, bobFlat] }));
    const flat = await eventually(() => details(aliceFlat), (p) => p.checks.control !== null);
    expect(flat.checks).toEqual({ numberConfirmed: true, identityChecked: true, control: 'caretaker' });
    expect((await details(bobFlat)).checks).toEqual(NOTHING_CHECKED);
    expect((await details(aliceShop)).checks.control).toBeNull();
    // Search follows within a second (its answers and cards are kept until the indexer announces the change).
    const cards = await eventually(checksById, (c) => c.get(aliceFlat)?.control != null);
    expect(cards.get(aliceFlat)).toEqual({ numberConfirmed: true, identityChecked: true, control: 'caretaker' });
  });

  it('a refusal changes nothing', async () => {
    const refused = decision({
      ownerId: alice.user.id,
      kind: 'control',
      documentType: 'utility-bill',
      propertyIds: [aliceShop],
      outcome: 'rejected',
      reason: 'unreadable',
    });
    await publish(refused);
    // Handed over again (as moderation does after committing): the checks consumer has applied it.
    const [handed] = await handOffEvent(nc, refused, [EVENT_CONSUMERS.listingsChecks], { prefix: system.context.subjectPrefix });
    expect(['applied', 'duplicate']).toContain(handed.outcome);
    expect((await details(aliceShop)).checks).toEqual({ ...NUMBER_ONLY, identityChecked: true });
    expect(await searchIds('&controlChecked=true')).toEqual([aliceFlat]);
  });

  it('the same decision delivered again changes nothing more, nor does an older one arriving late', async () => {
    const bill = decision({ ownerId: alice.user.id, kind: 'control', documentType: 'utility-bill', propertyIds: [aliceShop] });
    await publish(bill);
    const shop = await eventually(() => details(aliceShop), (p) => p.checks.control !== null);
    expect(shop.checks.control).toBe('owner');
    const [again] = await handOffEvent(nc, bill, [EVENT_CONSUMERS.listingsChecks], { prefix: system.context.subjectPrefix });
    expect(again.outcome).toBe('duplicate');
    const unchanged = await details(aliceShop);
    expect(unchanged.checks.control).toBe('owner');
    expect(unchanged.updatedAt).toBe(shop.updatedAt);
    // An older decision arriving late (a mandate decided before the bill) does not undo the newer.
    const late = decision({
      ownerId: alice.user.id,
      kind: 'control',
      documentType: 'caretaker-mandate',
      propertyIds: [aliceShop],
      decidedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    });
    const [lateHanded] = await handOffEvent(nc, late, [EVENT_CONSUMERS.listingsChecks], { prefix: system.context.subjectPrefix });
    expect(lateHanded.outcome).toBe('applied');
    expect((await details(aliceShop)).checks.control).toBe('owner');
  });

  it('similar listings carry the checks too', async () => {
    const res = await anon().get(`/api/properties/${bobFlat}/similar`);
    expect(res.status).toBe(200);
    const similar = (res.body.properties as PropertyRead[]).find((p) => p.id === aliceFlat);
    // Same town and type: Alice's flat is like Bob's.
    expect(similar?.checks).toEqual({ numberConfirmed: true, identityChecked: true, control: 'caretaker' });
  });
});

describe('controlChecked=', () => {
  it('true keeps only listings whose control was checked, with the other filters', async () => {
    await eventually(() => searchIds('&controlChecked=true'), (ids) => ids.length === 2);
    expect(new Set(await searchIds('&controlChecked=true'))).toEqual(new Set([aliceFlat, aliceShop]));
    expect(await searchIds('&controlChecked=true&category=commercial')).toEqual([aliceShop]);
    expect(await searchIds('&controlChecked=TRUE&search=flat')).toEqual([aliceFlat]);
    // Left out or empty, nothing is filtered.
    expect(new Set(await searchIds('&controlChecked='))).toEqual(new Set([aliceFlat, aliceShop, bobFlat]));
  });

  it('any other value is a 400 naming the parameter, in the caller language', async () => {
    for (const value of ['false', 'yes', '1', 'no']) {
      const res = await anon().get(`/api/properties/search?controlChecked=${value}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(MESSAGES.property.controlCheckedInvalid);
    }
    const fr = await anon().request('GET', '/api/properties/search?controlChecked=oui', undefined, FRENCH);
    expect(fr.status).toBe(400);
    expect(JSON.stringify(fr.body)).toContain(MESSAGES_FR.property.controlCheckedInvalid);
  });
});

describe('a saved search', () => {
  it('keeps the filter (named in the reader language), is a search of its own, and refuses another value', async () => {
    const renter = await signUp(system, 'renter');
    const saved = await renter.browser.post('/api/saved-searches', { town: 'Buea', controlChecked: 'true', page: '1' });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ name: 'Listings in Buea with control checked', filters: { town: 'Buea', controlChecked: true } });
    // Without the filter it is another search, not a duplicate.
    const plain = await renter.browser.request('POST', '/api/saved-searches', { town: 'Buea' }, { 'accept-language': 'fr' });
    expect(plain.status).toBe(201);
    expect(plain.body.data.filters).toEqual({ town: 'Buea' });
    expect((await renter.browser.post('/api/saved-searches', { town: 'Buea', controlChecked: true })).status).toBe(409);
    const refused = await renter.browser.post('/api/saved-searches', { town: 'Limbe', controlChecked: 'false' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(MESSAGES.property.controlCheckedInvalid);
  });
});

describe('a proven number', () => {
  it("confirms the number on the owner's listings once its code came back", async () => {
    expect((await bob.browser.post('/api/me/whatsapp/code')).status).toBe(200);
    const proven = await bob.browser.post('/api/me/whatsapp/verify', { code: await codeSentTo(bob.number) });
    expect(proven.status).toBe(200);
    const flat = await eventually(() => details(bobFlat), (p) => p.checks.numberConfirmed);
    expect(flat.checks).toEqual({ ...NOTHING_CHECKED, numberConfirmed: true });
    const cards = await eventually(checksById, (c) => c.get(bobFlat)?.numberConfirmed === true);
    expect(cards.get(bobFlat)).toEqual({ ...NOTHING_CHECKED, numberConfirmed: true });
  });
});
