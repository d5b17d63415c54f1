// Where a property is (issue 28, docs/api.md#where-it-is), through the real gateway, auth, listings,
// media and moderation over PostgreSQL and NATS, with the web app's own server renderer:
// - bad pins and landmarks are refused with a 400 naming the field, and nothing is stored;
// - the exact pin reaches the owner's and staff's answers and nothing else: not details, search,
//   similar listings, favourites, the server-drawn pages, the sitemaps, the search documents or the
//   events listings sends to other services;
// - the public area is the same on every look, and moves exactly as the owner moves the pin.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { GEO, MESSAGES, MESSAGES_FR, offsetPoint, PAGE_STATE_ID, type AdminPropertyRead, type GeoPoint, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { eventually } from '@mboa/platform/testing';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

const G = MESSAGES.geo;
const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../../web/dist');

let system: TestSystem;
let landlord: { browser: Browser; user: PublicUser };
let renter: { browser: Browser; user: PublicUser };
let admin: Browser;
let db: pg.Client;
let webDist: string;
const stamp = Date.now();

/**
 * A private copy of the web app's build (the server renderer is in it, dist/.ssr/): others may
 * rebuild web/dist while this runs. `npm run build -w web` (or the browser tests) makes it.
 */
function webBuildCopy(): string {
  if (!existsSync(path.join(WEB_DIST, '.ssr', 'entry-server.js'))) {
    throw new Error(`no web build with its server renderer in ${WEB_DIST}: run \`cd web && npm run build\` first`);
  }
  const into = mkdtempSync(path.join(tmpdir(), 'mboa-pin-web-'));
  for (let attempt = 1; ; attempt++) {
    try {
      cpSync(WEB_DIST, into, { recursive: true });
      if (existsSync(path.join(into, 'index.html')) && existsSync(path.join(into, '.ssr', 'entry-server.js'))) return into;
    } catch {
      /* copied in the middle of a rebuild: try again */
    }
    if (attempt >= 20) throw new Error(`could not copy a complete web build from ${WEB_DIST}`);
  }
}

beforeAll(async () => {
  webDist = webBuildCopy();
  system = await startTestSystem({ services: ['auth', 'listings', 'media', 'moderation'], env: TEST_ADMIN, gateway: { webDist } });
  landlord = await signUp(system, 'landlord', { verified: true });
  renter = await signUp(system, 'renter');
  admin = (await signInAdmin(system)).browser;
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
}, 120_000);

const FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'studio',
  paymentTerm: 'monthly',
  price: '45000',
  caution: '90000',
  description: 'Tiled studio, water and electricity, a short walk from the university.',
  'location[town]': 'Buea',
  'location[neighbourhood]': 'Molyko',
  'specifications[bedrooms]': '1',
  'specifications[toilets]': '1',
  'specifications[size]': '24',
};

/** The web app's post (multipart, no photos), as the landlord. */
async function post(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: { property?: PropertyRead; message?: string; errors?: string[] } }> {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...FIELDS, title: `Studio in Molyko ${stamp}`, ...fields })) data.append(name, value);
  const res = await fetch(`${system.url}/api/property/post`, {
    method: 'POST',
    body: data,
    headers: { cookie: `mboa_session=${landlord.browser.cookie('mboa_session')}`, ...headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

const ownedRows = async () =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM listings.properties WHERE owner_id = $1`, [landlord.user.id])).rows[0].n);

/**
 * The strings that would give the pin away: each coordinate as JSON writes it, and cut to five
 * decimals (about a metre) unless the area's own coordinate starts the same (the offset is mostly
 * along the other axis: then the prefix names the area, which is public).
 */
function pinMarks(pin: GeoPoint, area: GeoPoint): string[] {
  const marks = [String(pin.lat), String(pin.lng)];
  for (const key of ['lat', 'lng'] as const) {
    const five = pin[key].toFixed(5);
    if (!String(area[key]).startsWith(five)) marks.push(five);
  }
  return marks;
}

function expectNoPin(text: string, marks: string[], where: string) {
  for (const mark of marks) {
    if (text.includes(mark)) throw new Error(`the exact pin (${mark}) leaked into ${where}`);
  }
}

const myListing = async (id: string): Promise<PropertyRead> => {
  const res = await landlord.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20 } });
  expect(res.status).toBe(200);
  return (res.body.data as PropertyRead[]).find((p) => p.id === id)!;
};
const publicRead = async (id: string): Promise<PropertyRead> => {
  const res = await new Browser(system.url).get(`/api/properties/${id}`);
  expect(res.status).toBe(200);
  return res.body as PropertyRead;
};

describe('bad pins and landmarks', () => {
  it.each([
    ['NaN', { 'location[pin][lat]': 'NaN', 'location[pin][lng]': '9.24' }, 'location.pin.lat', G.latitudeInvalid],
    ['a word', { 'location[pin][lat]': '4.15', 'location[pin][lng]': 'east' }, 'location.pin.lng', G.longitudeInvalid],
    ['a latitude past the pole', { 'location[pin][lat]': '91', 'location[pin][lng]': '9.24' }, 'location.pin.lat', G.latitudeInvalid],
    ['a longitude past the antimeridian', { 'location[pin][lat]': '4.15', 'location[pin][lng]': '181' }, 'location.pin.lng', G.longitudeInvalid],
    ['one coordinate only', { 'location[pin][lat]': '4.15' }, 'location.pin', G.pinIncomplete],
    ['a pin in Paris', { 'location[pin][lat]': '48.8566', 'location[pin][lng]': '2.3522' }, 'location.pin', G.pinOutsideCameroon],
    ['a landmark too long', { 'location[landmark]': 'x'.repeat(GEO.landmarkMax + 1) }, 'location.landmark', G.landmarkTooLong],
  ])('refuses %s when posting: 400 naming the field, nothing stored', async (_what, fields, field, message) => {
    const before = await ownedRows();
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.stringContaining(`${field}: `));
    expect(res.body.errors!.join('\n')).toContain(message);
    expect(await ownedRows()).toBe(before);
  });

  it('says so in French to a French reader, the field named as sent', async () => {
    const res = await post({ 'location[pin][lat]': '4.15', 'location[pin][lng]': '200', 'location[landmark]': 'x'.repeat(GEO.landmarkMax + 1) }, { 'accept-language': 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(`location.pin.lng: ${MESSAGES_FR.geo.longitudeInvalid}`);
    expect(res.body.errors).toContainEqual(`location.landmark: ${MESSAGES_FR.geo.landmarkTooLong}`);
  });

  it('refuses a bad pin on the owner\'s update and the admin edit, and changes nothing', async () => {
    const created = await post({ 'location[pin][lat]': '4.1527', 'location[pin][lng]': '9.2409' });
    expect(created.status).toBe(201);
    const id = created.body.property!.id;
    const before = (await db.query(`SELECT pin_lat, pin_lng, area_lat, area_lng, landmark, version FROM listings.properties WHERE id = $1`, [id])).rows[0];

    const owner = await landlord.browser.post('/api/property/my-listings', {
      action: 'update',
      payload: { id, data: { location: { pin: { lat: 48.8566, lng: 2.3522 } } } },
    });
    expect(owner.status).toBe(400);
    expect(owner.body.errors).toContainEqual(expect.stringContaining(`location.pin: ${G.pinOutsideCameroon}`));

    const half = await landlord.browser.post('/api/property/my-listings', { action: 'update', payload: { id, data: { location: { pin: { lng: 9.3 } } } } });
    expect(half.status).toBe(400);
    expect(half.body.errors.join('\n')).toContain(G.pinIncomplete);

    const staff = await admin.request('PATCH', `/api/admin/properties/${id}`, { location: { pin: { lat: 'north', lng: 9.24 }, landmark: 'y'.repeat(GEO.landmarkMax + 1) } });
    expect(staff.status).toBe(400);
    expect(staff.body.errors.join('\n')).toContain('location.pin.lat: ');
    expect(staff.body.errors.join('\n')).toContain(`location.landmark: ${G.landmarkTooLong}`);

    expect((await db.query(`SELECT pin_lat, pin_lng, area_lat, area_lng, landmark, version FROM listings.properties WHERE id = $1`, [id])).rows[0]).toEqual(before);
  });
});

describe('the exact pin', () => {
  // Digits no other number here has, so finding them anywhere is finding the pin.
  const PIN = { lat: 4.1537291, lng: 9.2418643 };
  const LANDMARK = 'Behind the Total station, Molyko';
  let listing: PropertyRead;
  let area: { lat: number; lng: number; radiusM: number };
  let marks: string[];

  it('is shown to its owner when posted, and the public sees an area around it', async () => {
    const res = await post({ 'location[pin][lat]': String(PIN.lat), 'location[pin][lng]': String(PIN.lng), 'location[landmark]': LANDMARK });
    expect(res.status).toBe(201);
    listing = res.body.property!;
    expect(listing.location.pin).toEqual(PIN);
    expect(listing.location.landmark).toBe(LANDMARK);
    area = listing.location.area!;
    expect(area.radiusM).toBe(GEO.areaRadiusM);
    marks = pinMarks(PIN, area);
    // A second listing alike, so this one shows among its similar listings.
    expect((await post({ title: `Studio near the university ${stamp}` })).status).toBe(201);
    const mine = (await landlord.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20 } })).body.data as PropertyRead[];
    for (const p of mine) expect((await admin.post(`/api/admin/properties/${p.id}/review`, { action: 'approve' })).status).toBe(200);
    // Every one of them in search before anything is looked for.
    await eventually(
      async () => ((await new Browser(system.url).get(`/api/properties/search?search=${stamp}&limit=50`)).body.properties as PropertyRead[]).map((p) => p.id),
      (ids) => mine.every((p) => ids.includes(p.id)),
      30_000,
    );
  }, 60_000);

  it('never leaves the owner\'s and staff\'s answers', async () => {
    // The owner and staff see it (My Listings' fetch and its other answers).
    expect((await myListing(listing.id)).location.pin).toEqual(PIN);
    const confirmed = await landlord.browser.post('/api/property/my-listings', { action: 'confirm', payload: { id: listing.id } });
    expect(confirmed.body.data.location.pin).toEqual(PIN);
    const adminRead = await admin.get(`/api/admin/properties/${listing.id}`);
    expect(adminRead.status).toBe(200);
    expect((adminRead.body.property as AdminPropertyRead).location.pin).toEqual(PIN);

    // Public answers, to strangers, to a renter and to the owner themselves on the public page.
    for (const as of [new Browser(system.url), renter.browser, landlord.browser]) {
      const details = await as.get(`/api/properties/${listing.id}`);
      expect(details.status).toBe(200);
      expect(details.body.location).toMatchObject({ landmark: LANDMARK, area });
      expect(details.body.location.pin).toBeUndefined();
      expectNoPin(details.text, marks, 'the details answer');
    }
    const search = await new Browser(system.url).get(`/api/properties/search?search=${stamp}&limit=50`);
    expect((search.body.properties as PropertyRead[]).find((p) => p.id === listing.id)!.location.area).toEqual(area);
    expectNoPin(search.text, marks, 'search');

    // The map's points are area centres.
    const map = await new Browser(system.url).get('/api/properties/map?bbox=9.1,4.0,9.4,4.3');
    expect(map.status).toBe(200);
    expect(map.body.points).toContainEqual(expect.objectContaining({ id: listing.id, lat: area.lat, lng: area.lng }));
    expectNoPin(map.text, marks, 'the map points');

    const others = (await new Browser(system.url).get(`/api/properties/search?search=${stamp}&limit=50`)).body.properties as PropertyRead[];
    const other = others.find((p) => p.id !== listing.id)!;
    const similar = await new Browser(system.url).get(`/api/properties/${other.id}/similar`);
    expect(JSON.stringify(similar.body)).toContain(listing.id);
    expectNoPin(similar.text, marks, 'similar listings');

    expect((await renter.browser.request('PUT', `/api/favourites/${listing.id}`)).status).toBe(200);
    const favourites = await renter.browser.get('/api/favourites');
    expect(favourites.text).toContain(listing.id);
    expectNoPin(favourites.text, marks, 'favourites');
    const cards = await new Browser(system.url).get(`/api/favourites/cards?ids=${listing.id}`);
    expectNoPin(cards.text, marks, 'favourite cards');

    // The server-drawn pages (their markup and their data block), as a visitor gets them.
    const drawn = (html: string) => html.includes(`id="${PAGE_STATE_ID}"`);
    const page = (await eventually(async () => (await fetch(`${system.url}/property-details/${listing.id}`, { headers: { accept: 'text/html' } })).text(), drawn, 30_000));
    expect(page).toContain(listing.id);
    expectNoPin(page, marks, 'the server-drawn details page');
    const home = await eventually(async () => (await fetch(`${system.url}/`, { headers: { accept: 'text/html' } })).text(), (html) => drawn(html) && html.includes(listing.id), 30_000);
    expectNoPin(home, marks, 'the server-drawn home page');

    // The sitemaps.
    const index = await (await fetch(`${system.url}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const listed = await eventually(
      async () => Promise.all(files.map(async (f) => (await fetch(`${system.url}${f}`)).text())),
      (texts) => texts.some((t) => t.includes(listing.id)),
      60_000,
    );
    for (const xml of [index, ...listed]) expectNoPin(xml, marks, 'the sitemaps');

    // What listings stores for search and sends to other services.
    const documents = await db.query<{ row: string }>(`SELECT to_jsonb(d)::text AS row FROM listings.search_documents d WHERE d.property_id::text = $1`, [listing.id]);
    expect(documents.rows).toHaveLength(1);
    expectNoPin(documents.rows[0].row, marks, 'the search document');
    const events = await db.query<{ payload: string }>(`SELECT payload::text AS payload FROM listings.outbox_events WHERE payload::text LIKE $1`, [`%${listing.id}%`]);
    expect(events.rows.length).toBeGreaterThan(0);
    for (const e of events.rows) expectNoPin(e.payload, marks, 'an event to other services');
  }, 90_000);

  it('keeps the area where it was on every look, and moves it exactly as the pin moves', async () => {
    expect((await publicRead(listing.id)).location.area).toEqual(area);
    expect((await publicRead(listing.id)).location.area).toEqual(area);

    const moved = { lat: PIN.lat + 0.002, lng: PIN.lng - 0.003 };
    const update = await landlord.browser.post('/api/property/my-listings', { action: 'update', payload: { id: listing.id, data: { location: { pin: moved } } } });
    expect(update.status).toBe(200);
    expect(update.body.message).toBe(MESSAGES.toast.propertyLocationUpdated);
    expect(update.body.data.location.pin).toEqual(moved);
    const after = (await eventually(async () => (await publicRead(listing.id)).location.area, (a) => a !== undefined && a.lat !== area.lat))!;
    // The same offset in metres: the area moved by the pin's own vector. The offset's east metres
    // become a slightly different longitude at another latitude (up to ~1e-8 degrees here), so the
    // expected centre is the first offset, read back in metres, laid off from the moved pin.
    // offsetPoint is linear in its metres: one metre each way gives the degrees per metre.
    const metre = offsetPoint(PIN, 1, 1);
    const northM = (area.lat - PIN.lat) / (metre.lat - PIN.lat);
    const eastM = (area.lng - PIN.lng) / (metre.lng - PIN.lng);
    const expected = offsetPoint(moved, northM, eastM);
    expect(after.lat).toBeCloseTo(expected.lat, 10);
    expect(after.lng).toBeCloseTo(expected.lng, 10);
    expectNoPin(JSON.stringify(await publicRead(listing.id)), pinMarks(moved, after), 'the details answer after the move');
    // The search index follows (the edit's event): its document holds the new area, never the pin.
    const indexed = await eventually(
      async () => (await db.query<{ lat: number; lng: number }>(`SELECT area[1] AS lat, area[0] AS lng FROM listings.search_documents WHERE property_id = $1`, [listing.id])).rows[0],
      (row) => row?.lat === after.lat,
    );
    expect(indexed).toEqual({ lat: after.lat, lng: after.lng });

    // Staff move it back: the area is where it was.
    const back = await admin.request('PATCH', `/api/admin/properties/${listing.id}`, { location: { pin: PIN } });
    expect(back.status).toBe(200);
    expect(back.body.property.location.pin).toEqual(PIN);
    const again = (await eventually(async () => (await publicRead(listing.id)).location.area, (a) => a !== undefined && a.lat !== after.lat))!;
    expect(again.lat).toBeCloseTo(area.lat, 12);
    expect(again.lng).toBeCloseTo(area.lng, 12);
  }, 60_000);

  it('removes the pin and the landmark on request: no area is shown without a pin', async () => {
    const res = await landlord.browser.post('/api/property/my-listings', {
      action: 'update',
      payload: { id: listing.id, data: { location: { pin: null, landmark: '' } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.location.pin).toBeNull();
    const read = await publicRead(listing.id);
    expect(read.location.area).toBeUndefined();
    expect(read.location.landmark).toBeUndefined();
    expect((await db.query(`SELECT pin_lat, area_lat, landmark FROM listings.properties WHERE id = $1`, [listing.id])).rows[0]).toEqual({ pin_lat: null, area_lat: null, landmark: null });
  });
});
