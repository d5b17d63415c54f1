// Money asked before a visit (docs/api.md#money-asked-before-a-visit), through the real gateway,
// auth, listings, media and moderation over PostgreSQL and NATS: a listing whose text asks for a
// visit fee is flagged for staff at posting, the flag follows an edit of the text, nobody else ever
// reads it, and renters can report "asked me to pay before a visit".
import pg from 'pg';
import type { AdminPropertyListResponse, AdminPropertyRead, PropertyRead, PublicUser, ReportQueueReply } from '@mboa/contracts';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let landlord: { browser: Browser; user: PublicUser };
let renter: { browser: Browser; user: PublicUser };
let admin: Browser;
let db: pg.Client;
const LANDLORD_WHATSAPP = '677112233';
const stamp = Date.now();

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'media', 'moderation'], env: TEST_ADMIN });
  landlord = await signUp(system, 'landlord', { verified: true, whatsapp: LANDLORD_WHATSAPP });
  renter = await signUp(system, 'renter');
  admin = (await signInAdmin(system)).browser;
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
}, 120_000);

/** The web app's post, without photos. */
async function post(title: string, description: string): Promise<{ status: number; property: PropertyRead; raw: string }> {
  const fields: Record<string, string> = {
    category: 'residential',
    propertyType: 'studio',
    title,
    paymentTerm: 'monthly',
    price: '45000',
    caution: '90000',
    description,
    'location[town]': 'Douala',
    'location[neighbourhood]': 'Makepe',
    'specifications[bedrooms]': '1',
    'specifications[toilets]': '1',
    'specifications[size]': '24',
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const res = await fetch(`${system.url}/api/property/post`, {
    method: 'POST',
    body: data,
    headers: { cookie: `mboa_session=${landlord.browser.cookie('mboa_session')}` },
  });
  const raw = await res.text();
  return { status: res.status, property: (JSON.parse(raw) as { property: PropertyRead }).property, raw };
}

async function adminRead(id: string): Promise<AdminPropertyRead> {
  const res = await admin.get(`/api/admin/properties/${id}`);
  expect(res.status).toBe(200);
  return res.body.property as AdminPropertyRead;
}

async function approve(id: string): Promise<void> {
  expect((await admin.post(`/api/admin/properties/${id}/review`, { action: 'approve' })).status).toBe(200);
  const until = Date.now() + 8000;
  while ((await new Browser(system.url).get(`/api/properties/${id}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the approved listing never became public');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Nothing of the flags in an answer: neither the field nor a flag's name. */
function expectNoFlags(answer: string): void {
  expect(answer).not.toContain('textFlags');
  expect(answer).not.toContain('visit-fee');
  expect(answer).not.toContain('pay-before-visit');
  expect(answer).not.toContain('other-phone');
}

describe('money asked before a visit', () => {
  const scamTitle = `Studio Makepe ${stamp}, frais de visite`;
  const scamText = 'Beau studio. Frais de visite 5 000 FCFA à envoyer par Orange Money avant la visite au 6 90 11 22 33.';
  let scam: PropertyRead;

  beforeAll(async () => {
    const res = await post(scamTitle, scamText);
    expect(res.status).toBe(201);
    scam = res.property;
    // Posting is not held back: the owner's own answer says nothing of the flags.
    expectNoFlags(res.raw);
  }, 120_000);

  it('is flagged at posting, and staff read the flags in the admin read and the admin list', async () => {
    expect((await adminRead(scam.id)).textFlags).toEqual(['visit-fee', 'pay-before-visit', 'other-phone']);
    const list = await admin.post('/api/admin/manage/properties', { type: 'list', payload: { page: 1, limit: 10, search: String(stamp) } });
    expect(list.status).toBe(200);
    const row = (list.body as AdminPropertyListResponse).properties.find((p) => p.id === scam.id);
    expect(row?.textFlags).toEqual(['visit-fee', 'pay-before-visit', 'other-phone']);
  });

  it('the poster’s own WhatsApp number in any spelling is no flag; an ordinary text has none', async () => {
    const res = await post(`Studio Makepe ${stamp} calme`, 'Studio carrelé, eau et électricité. Visites sur rendez-vous: WhatsApp +237 677 11 22 33.');
    expect(res.status).toBe(201);
    expect((await adminRead(res.property.id)).textFlags).toEqual([]);
  });

  it('a non-admin never sees the flags: details, My Listings, search, and nothing in an event or the search document', async () => {
    await approve(scam.id);
    const mine = await landlord.browser.get(`/api/properties/${scam.id}`);
    expect(mine.status).toBe(200);
    expectNoFlags(JSON.stringify(mine.body));
    const anyone = await new Browser(system.url).get(`/api/properties/${scam.id}`);
    expectNoFlags(JSON.stringify(anyone.body));
    expectNoFlags(JSON.stringify((await renter.browser.get(`/api/properties/${scam.id}`)).body));
    const myListings = await landlord.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20 } });
    expect(myListings.status).toBe(200);
    expect(JSON.stringify(myListings.body)).toContain(scam.id);
    expectNoFlags(JSON.stringify(myListings.body));

    let found = '';
    const until = Date.now() + 8000;
    while (!found.includes(scam.id)) {
      if (Date.now() > until) throw new Error('the approved listing never reached search');
      found = JSON.stringify((await new Browser(system.url).get(`/api/properties/search?search=${stamp}`)).body);
      await new Promise((r) => setTimeout(r, 25));
    }
    expectNoFlags(found);

    const events = await db.query<{ payload: string }>(`SELECT payload::text AS payload FROM listings.outbox_events WHERE payload::text LIKE $1`, [`%${scam.id}%`]);
    expect(events.rows.length).toBeGreaterThan(0);
    for (const e of events.rows) expectNoFlags(e.payload);
    const documents = await db.query<{ row: string }>(`SELECT to_jsonb(d)::text AS row FROM listings.search_documents d WHERE d.property_id::text = $1`, [scam.id]);
    for (const d of documents.rows) expectNoFlags(d.row);
  });

  it('an edit that removes the request removes its flags; one that brings it back flags again', async () => {
    const clean = await admin.request('PATCH', `/api/admin/properties/${scam.id}`, {
      title: `Studio Makepe ${stamp}`,
      description: 'Beau studio carrelé, eau et électricité. Visites sur rendez-vous.',
    });
    expect(clean.status).toBe(200);
    expectNoFlags(JSON.stringify(clean.body));
    expect((await adminRead(scam.id)).textFlags).toEqual([]);

    // Only the title changes: the stored description is judged with it.
    expect((await admin.request('PATCH', `/api/admin/properties/${scam.id}`, { title: `Studio Makepe ${stamp}, visit fee 2000` })).status).toBe(200);
    expect((await adminRead(scam.id)).textFlags).toEqual(['visit-fee']);
    // Another field alone leaves the flags as they are.
    expect((await admin.request('PATCH', `/api/admin/properties/${scam.id}`, { price: 50000 })).status).toBe(200);
    expect((await adminRead(scam.id)).textFlags).toEqual(['visit-fee']);
  });

  it('a renter reports "asked me to pay before a visit", and staff see it counted', async () => {
    const res = await renter.browser.post(`/api/properties/${scam.id}/reports`, { reason: 'pay-before-visit', text: 'Il demande 5000 par Orange Money avant de montrer la maison.' });
    expect(res.status).toBe(201);
    expect(res.body.report).toMatchObject({ propertyId: scam.id, reason: 'pay-before-visit' });
    const queue = await admin.get('/api/admin/reports');
    expect(queue.status).toBe(200);
    const found = (queue.body as ReportQueueReply).cases.find((c) => c.propertyId === scam.id);
    expect(found?.counts['pay-before-visit']).toBe(1);
  });
});
