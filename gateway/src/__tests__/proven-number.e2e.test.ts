// A WhatsApp number that is proven (docs/api.md#proving-a-whatsapp-number), through the real
// gateway, auth, listings and moderation over PostgreSQL, Redis and NATS: a landlord posts only once
// their current number is proven (staff posting for them are not held), a listing's WhatsApp button
// always shows the proven number, a person changes their own number and proves it again, and an
// owner sees which contacts came from renters with a proven number. The codes are read from the
// WhatsApp outbox folder (no Cloud API here), as a person reads their phone.
import pg from 'pg';
import { MESSAGES, MESSAGES_FR, type Booking, type MyListingsInsightsResponse, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { proveWhatsApp, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let db: pg.Client;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 120_000);

/** A fresh Cameroonian mobile number for each account. */
let numbers = 0;
const newNumber = () => `69${String((Date.now() + ++numbers) % 1e7).padStart(7, '0')}`;

type Person = { browser: Browser; user: PublicUser };

/** The web app's post (multipart, no photos); `ownerId` for staff posting on an owner's behalf. */
async function post(as: Browser, title: string, ownerId?: string, headers: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    category: 'residential',
    propertyType: 'studio',
    title,
    paymentTerm: 'monthly',
    price: '45000',
    description: 'Tiled studio near the main road, with water and electricity.',
    'location[town]': 'Douala',
    'location[neighbourhood]': 'Makepe',
    'specifications[bedrooms]': '1',
    'specifications[toilets]': '1',
    'specifications[size]': '24',
    ...(ownerId ? { userId: ownerId } : {}),
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const res = await fetch(`${system.url}/api/property/post`, { method: 'POST', body: data, headers: { cookie: `mboa_session=${as.cookie('mboa_session')}`, ...headers } });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as { property: PropertyRead; message: string; errors?: string[] } };
}

async function propertiesOf(ownerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings.properties WHERE owner_id = $1', [ownerId]);
  return rows[0].n;
}

/** Approves the listing and waits until the public reads it. */
async function publish(id: string): Promise<void> {
  expect((await admin.post(`/api/admin/properties/${id}/review`, { action: 'approve' })).status).toBe(200);
  const until = Date.now() + 10_000;
  while ((await new Browser(system.url).get(`/api/properties/${id}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the approved listing never became public');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The number on the listing's WhatsApp button, as a stranger reads the details page. */
async function buttonNumber(id: string): Promise<string> {
  const res = await new Browser(system.url).get(`/api/properties/${id}`);
  expect(res.status).toBe(200);
  return (res.body as PropertyRead).author.whatsapp;
}

async function book(renter: Person, owner: Person, propertyId: string): Promise<Booking> {
  const res = await renter.browser.post('/api/property/bookings', { To: { user: owner.user.id, name: owner.user.name, whatsapp: owner.user.whatsapp }, propertyId });
  expect(res.status).toBe(201);
  return res.body.booking as Booking;
}

describe('posting needs a proven number', () => {
  let unproven: Person;
  let number: string;

  beforeAll(async () => {
    number = newNumber();
    unproven = await signUp(system, 'landlord', { verified: true, whatsapp: number, proven: false });
  }, 60_000);

  test('a landlord whose number is not proven is refused (403, in their language, naming the whatsapp field) and nothing is created', async () => {
    const refused = await post(unproven.browser, 'Studio before the proof');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.whatsappProof.requiredToPost, errors: [`whatsapp: ${MESSAGES.whatsappProof.requiredToPost}`] });
    const french = await post(unproven.browser, 'Studio avant la preuve', undefined, { 'accept-language': 'fr' });
    expect(french.status).toBe(403);
    expect(french.body.message).toBe(MESSAGES_FR.whatsappProof.requiredToPost);
    expect(french.body.errors).toEqual([`whatsapp: ${MESSAGES_FR.whatsappProof.requiredToPost}`]);
    expect(await propertiesOf(unproven.user.id)).toBe(0);
  });

  test('staff posting on behalf of that landlord are not held', async () => {
    const byStaff = await post(admin, 'Studio entered by staff', unproven.user.id);
    expect(byStaff.status).toBe(201);
    expect(byStaff.body.property.author._id).toBe(unproven.user.id);
    expect(await propertiesOf(unproven.user.id)).toBe(1);
  });

  test('once the landlord proves the number, their post goes through at once', async () => {
    await proveWhatsApp(system, unproven.browser, number);
    const posted = await post(unproven.browser, 'Studio after the proof');
    expect(posted.status).toBe(201);
    expect(posted.body.property.author.whatsapp).toBe(number);
  });

  test('a caretaker is held the same way; a renter is still refused for their role', async () => {
    const caretaker = await signUp(system, 'caretaker', { verified: true, whatsapp: newNumber(), proven: false });
    expect((await post(caretaker.browser, 'Studio by a caretaker')).body.message).toBe(MESSAGES.whatsappProof.requiredToPost);
    const renter = await signUp(system, 'renter', { whatsapp: newNumber() });
    expect((await post(renter.browser, 'Studio by a renter')).body.message).toBe(MESSAGES.auth.postingNotAllowedForRole);
  });
});

describe('changing one\u2019s own number', () => {
  let owner: Person;
  let first: string;
  let listing: PropertyRead;

  beforeAll(async () => {
    first = newNumber();
    owner = await signUp(system, 'landlord', { verified: true, whatsapp: first });
    const posted = await post(owner.browser, 'Studio whose owner changes number');
    expect(posted.status).toBe(201);
    listing = posted.body.property;
    await publish(listing.id);
  }, 60_000);

  test('a wrong number is refused as at sign-up, and the name stays staff work; nothing changes', async () => {
    const wrong = await owner.browser.request('PATCH', '/api/user/me', { whatsapp: '6741234' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.auth.whatsappExactDigits);
    const renamed = await owner.browser.request('PATCH', '/api/user/me', { name: 'Someone Else' });
    expect(renamed.status).toBe(400);
    expect((await owner.browser.get('/api/me/whatsapp')).body).toEqual({ whatsapp: first, whatsappProvenAt: expect.any(String) });
  });

  test('the new number must be proven again: until then the button keeps the proven one and new postings are held', async () => {
    const second = newNumber();
    const changed = await owner.browser.request('PATCH', '/api/user/me', { whatsapp: '69 ' + second.slice(2) });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: MESSAGES.whatsappProof.numberChanged, user: { whatsapp: second } });
    expect((await owner.browser.get('/api/me/whatsapp')).body).toEqual({ whatsapp: second, whatsappProvenAt: null });

    // Renters still reach the person at the number they proved.
    expect(await buttonNumber(listing.id)).toBe(first);
    const renter = await signUp(system, 'renter', { whatsapp: newNumber() });
    expect((await book(renter, owner, listing.id)).To.whatsapp).toBe(first);
    expect((await post(owner.browser, 'Studio with an unproven new number')).status).toBe(403);

    await proveWhatsApp(system, owner.browser, second);
    expect(await buttonNumber(listing.id)).toBe(second);
    expect((await book(renter, owner, listing.id)).To.whatsapp).toBe(second);
    expect((await post(owner.browser, 'Studio with the proven new number')).status).toBe(201);
  });

  test('a number changed by staff is unproven the same way', async () => {
    const third = newNumber();
    expect((await admin.request('PATCH', `/api/admin/users/${owner.user.id}`, { whatsapp: third })).status).toBe(200);
    expect((await owner.browser.get('/api/me/whatsapp')).body).toEqual({ whatsapp: third, whatsappProvenAt: null });
    expect(await buttonNumber(listing.id)).not.toBe(third);
  });
});

describe('contacts from proven numbers', () => {
  test('a booking notes whether the renter\u2019s number was proven, and the owner\u2019s insights count those contacts', async () => {
    const owner = await signUp(system, 'landlord', { verified: true, whatsapp: newNumber() });
    const posted = await post(owner.browser, 'Studio renters contact');
    expect(posted.status).toBe(201);
    await publish(posted.body.property.id);

    const unprovenRenter = await signUp(system, 'renter', { whatsapp: newNumber() });
    const provenNumber = newNumber();
    const provenRenter = await signUp(system, 'renter', { whatsapp: provenNumber, proven: true });
    const a = await book(unprovenRenter, owner, posted.body.property.id);
    const b = await book(provenRenter, owner, posted.body.property.id);

    const { rows } = await db.query<{ id: string; renter_number_proven: boolean }>('SELECT id, renter_number_proven FROM listings.bookings WHERE id = ANY($1::uuid[])', [[a.id, b.id]]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.renter_number_proven]))).toEqual({ [a.id]: false, [b.id]: true });

    const insights = await owner.browser.get(`/api/user/my-listings/insights?ids=${posted.body.property.id}`);
    expect(insights.status).toBe(200);
    expect((insights.body as MyListingsInsightsResponse).listings[0]).toMatchObject({ contacts30d: 2, provenContacts30d: 1 });
  });
});
