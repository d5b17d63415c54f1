import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { LISTINGS_PATTERNS, MESSAGES, MESSAGES_FR, savedSearchTexts, type GeoPoint, type PropertyRead, type PropertyType, type PublicUser } from '@mboa/contracts';
import type { MailMessage } from '@mboa/platform';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { until } from '@mboa/platform/testing';

// Saved searches and their alerts (docs/api.md#saved-searches) through the gateway, against the
// real auth, listings and moderation services: a renter saves the home filters, an owner posts,
// staff approve, and the renter is mailed exactly once, with a working link and a one-click
// unsubscribe. Listings sends every 200 ms here (SAVED_SEARCH_SWEEP_MS). The digest's day is moved
// by changing the alerts' created_at in the test database. WhatsApp goes to a local node:http
// STAND-IN for Meta's WhatsApp Business Cloud API (which cannot run here), playing its messages
// endpoint; the adapter's own test (libs/platform/src/whatsapp) covers the API's refusals.

let system: TestSystem;
let db: pg.Client;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
/** Mail to these addresses is refused while they are in the set (the mail server "down"). */
const refusing = new Set<string>();
let refused = 0;
/** What the WhatsApp stand-in received: the path, the bearer token and the JSON body. */
const whatsapped: { url: string; authorization?: string; body: { to: string; type: string; template: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] } } }[] = [];
let whatsappServer: Server;

async function playWhatsApp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof whatsapped)[number]['body'];
  whatsapped.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${whatsapped.length}` }] }));
}

beforeAll(async () => {
  whatsappServer = createServer((req, res) => void playWhatsApp(req, res));
  await new Promise<void>((resolve) => whatsappServer.listen(0, '127.0.0.1', resolve));
  const whatsapp = {
    WHATSAPP_API_URL: `http://127.0.0.1:${(whatsappServer.address() as AddressInfo).port}/v21.0`,
    WHATSAPP_PHONE_NUMBER_ID: '1098765',
    WHATSAPP_ACCESS_TOKEN: 'test-token',
    WHATSAPP_TEMPLATE: 'saved_search_alert',
  };
  system = await startTestSystem({
    services: ['auth', 'listings', 'moderation'],
    env: { ...TEST_ADMIN, SAVED_SEARCH_SWEEP_MS: '200', ...whatsapp },
    mailer: (files) => ({
      async send(message: MailMessage) {
        if (refusing.has(message.to)) {
          refused += 1;
          throw new Error('mail server unavailable (test)');
        }
        await files.send(message);
      },
    }),
  });
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
  admin = (await signInAdmin(system)).browser;
  // A landlord posts from a proven number: the code goes to the stand-in (the authentication
  // template's one parameter), read there as the owner reads their phone, and typed back.
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ngono Pauline', proven: false });
  expect((await owner.browser.post('/api/me/whatsapp/code')).status).toBe(200);
  const sent = whatsapped.filter((m) => m.body.to === `237${owner.user.whatsapp}`).at(-1);
  const code = sent?.body.template.components[0].parameters[0].text;
  expect((await owner.browser.post('/api/me/whatsapp/verify', { code })).status).toBe(200);
  whatsapped.length = 0;
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
  await new Promise((resolve) => whatsappServer?.close(resolve));
});

let made = 0;
/** A listing of the owner, approved by staff (which publishes it). */
async function approvedListing(
  over: { propertyType?: PropertyType; price?: number; town?: string; title?: string; neighbourhood?: string; pin?: GeoPoint } = {},
): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  let property: PropertyRead;
  try {
    property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: 'residential',
        propertyType: over.propertyType ?? 'studio',
        title: over.title ?? `Studio Molyko alert ${Date.now()}-${++made}`,
        paymentTerm: 'monthly',
        price: over.price ?? 45000,
        caution: 90000,
        description: 'Studio with water and electricity, close to the university.',
        availability: 'available',
        location: { country: 'Cameroon', town: over.town ?? 'Buea', neighbourhood: over.neighbourhood ?? 'Molyko', ...(over.pin ? { pin: over.pin } : {}) },
        specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 0, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  return property;
}

/** Alerts leave on the listings sweep, after the approval's event has been matched. */
const ALERT_WAIT_MS = 10_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mails to an address, decoded (nodemailer writes non-ASCII headers as RFC 2047 and bodies as quoted-printable). */
async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(system.mailDir)).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(system.mailDir, f), 'utf8')));
  return texts.filter((t) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(t)).map(decodeMail);
}

function decodeMail(raw: string): string {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const unfolded = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?UTF-8\?Q\?/g, '');
  const headers = unfolded.replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, word: string) => bytes(word.replace(/_/g, ' ')));
  return `${headers}\n\n${bytes(raw.slice(split).replace(/=\r?\n/g, ''))}`;
}

const alertsTo = async (email: string) => (await mailsTo(email)).filter((m) => m.includes('/api/saved-searches/unsubscribe?token='));
const localPath = (link: string) => link.replace('http://localhost:3000', '');
const save = (browser: Browser, body: unknown, headers: Record<string, string> = {}) => browser.post('/api/saved-searches', body, headers);
const STUDIOS_IN_BUEA = { propertyType: 'studio', town: 'Buea', maxPrice: 50000 };

describe('saving a search', () => {
  test('named from the filters in the reader’s language; listed, renamed, refused twice, others’ not found', async () => {
    const renter = await signUp(system, 'renter');
    const res = await save(renter.browser, { ...STUDIOS_IN_BUEA, sort: 'price-asc', page: 2 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.savedSearches.created);
    expect(res.body.data).toMatchObject({ name: 'Studios in Buea under 50,000 FCFA', filters: STUDIOS_IN_BUEA, frequency: 'instant' });

    const fr = await save(renter.browser, { category: 'residential', town: 'Limbé', rooms: '2', frequency: 'daily' }, { 'accept-language': 'fr' });
    expect(fr.status).toBe(201);
    expect(fr.body.message).toBe(MESSAGES_FR.savedSearches.created);
    expect(fr.body.data.name).toBe('Logements avec 2 chambres ou plus à Limbé');

    // The same search written differently is the same search.
    const again = await save(renter.browser, { propertyType: 'studio', town: ' BUEA ', maxPrice: '50000' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.savedSearches.duplicate);
    expect((await save(renter.browser, { frequency: 'weekly' })).status).toBe(400);
    expect((await save(renter.browser, { minPrice: 9, maxPrice: 1 })).status).toBe(400);
    expect((await save(new Browser(system.url), STUDIOS_IN_BUEA)).status).toBe(401);

    const list = await renter.browser.get('/api/saved-searches');
    expect(list.status).toBe(200);
    expect(list.body.max).toBe(20);
    expect(list.body.searches.map((s: { name: string }) => s.name)).toEqual(['Logements avec 2 chambres ou plus à Limbé', 'Studios in Buea under 50,000 FCFA']);

    const id = res.body.data.id as string;
    const renamed = await renter.browser.request('PATCH', `/api/saved-searches/${id}`, { name: 'Near campus', frequency: 'daily' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Near campus', frequency: 'daily' });
    expect((await renter.browser.request('PATCH', `/api/saved-searches/${id}`, {})).status).toBe(400);

    const stranger = await signUp(system, 'renter');
    expect((await stranger.browser.request('PATCH', `/api/saved-searches/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await stranger.browser.request('DELETE', `/api/saved-searches/${id}`)).status).toBe(404);
    // An id that is no UUID names nothing: 404, not the database's error as a 500.
    expect((await stranger.browser.request('DELETE', '/api/saved-searches/NaN')).status).toBe(404);
    expect((await stranger.browser.request('PATCH', '/api/saved-searches/not-an-id', { name: 'Mine' })).status).toBe(404);
    expect((await renter.browser.request('DELETE', `/api/saved-searches/${id}`)).status).toBe(200);
    expect((await renter.browser.get('/api/saved-searches')).body.searches).toHaveLength(1);
  });
});

describe('broken text', () => {
  test('half of a surrogate pair in a filter, a rename or a search is a 400 naming the field, never a 500, and nothing is saved', async () => {
    const renter = await signUp(system, 'renter');
    const refused = MESSAGES.common.forbiddenCharacter;
    // JSON.stringify writes the lone half as the escape "\ud800", as an attacker's client would.
    const filter = await save(renter.browser, { search: 'studio\ud800', town: 'Buea' });
    expect(filter.status).toBe(400);
    expect(filter.body).toEqual({ message: refused, errors: [`search: ${refused}`] });
    const french = await save(renter.browser, { town: '\udfffBuea' }, { 'accept-language': 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.errors).toEqual([`town: ${MESSAGES_FR.common.forbiddenCharacter}`]);
    expect((await renter.browser.get('/api/saved-searches')).body.searches).toEqual([]);

    const kept = await save(renter.browser, { search: 'studio 🏠', town: 'Buea' });
    expect(kept.status).toBe(201);
    const id = kept.body.data.id as string;
    const rename = await renter.browser.request('PATCH', `/api/saved-searches/${id}`, { name: 'Near \ud83d campus', filters: { town: 'Limbé' } });
    expect(rename.status).toBe(400);
    expect(rename.body.errors).toEqual([`name: ${refused}`]);
    const patchFilter = await renter.browser.request('PATCH', `/api/saved-searches/${id}`, { filters: { search: '\udc00' } });
    expect(patchFilter.status).toBe(400);
    expect(patchFilter.body.errors).toEqual([`filters.search: ${refused}`]);
    expect((await renter.browser.get('/api/saved-searches')).body.searches).toMatchObject([{ id, filters: { search: 'studio 🏠', town: 'Buea' } }]);

    // A query string cannot carry a lone half (%ED%A0%80 is not UTF-8): the search still answers.
    for (const q of ['%ED%A0%80', 'studio%ED%B0%80', '%F0%9F']) {
      const search = await renter.browser.get(`/api/properties/search?search=${q}&town=Buea`);
      expect(search.status).toBe(200);
    }
  });
});

describe('alerts', () => {
  test('a search saved with an area of the map alerts only of listings whose area is inside it; a bad box is a 400 naming bbox', async () => {
    const reader = await signUp(system, 'renter');
    for (const [bbox, message] of [
      ['8.5,3.5,11.5,4.5', MESSAGES.geo.bboxTooWide],
      ['9.25,3.98,9.15,4.06', MESSAGES.geo.bboxInverted],
      ['9.15,NaN,9.25,4.06', MESSAGES.geo.bboxInvalid],
      ['-179,-89,179,89', MESSAGES.geo.bboxOutsideRegion],
    ]) {
      const refused = await save(reader.browser, { propertyType: 'duplex', bbox });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([`bbox: ${message}`]);
    }
    expect((await reader.browser.get('/api/saved-searches')).body.searches).toEqual([]);

    // Limbé's centre, as the map's visible area sends it.
    const box = '9.15,3.98,9.25,4.06';
    const saved = await save(reader.browser, { propertyType: 'duplex', bbox: box });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ name: 'Duplexes in an area of the map', filters: { propertyType: 'duplex', bbox: box } });
    const search = saved.body.data.id as string;

    // Far away (Douala), and without a pin: never in a box. Then one in Limbé, in the box (its area
    // is at most 300 m from the pin, which is kilometres inside).
    const tag = Date.now();
    await approvedListing({ propertyType: 'duplex', price: 300000, town: 'Douala', title: `Duplex in Bonapriso ${tag}`, pin: { lat: 4.0317, lng: 9.6943 } });
    await approvedListing({ propertyType: 'duplex', price: 300000, town: 'Limbé', title: `Duplex without a pin ${tag}` });
    const inside = await approvedListing({ propertyType: 'duplex', price: 300000, town: 'Limbé', title: `Duplex at Down Beach ${tag}`, pin: { lat: 4.0186, lng: 9.2043 } });
    const [mail] = await until(async () => {
      const mails = await alertsTo(reader.user.email);
      return mails.length > 0 && mails;
    }, 'the alert of the listing in the area', ALERT_WAIT_MS);
    expect(mail).toContain(`Duplex at Down Beach ${tag}`);
    const alerted = await db.query<{ property_id: string }>(`SELECT property_id::text FROM listings.saved_search_alerts WHERE saved_search_id = $1`, [search]);
    expect(alerted.rows.map((r) => r.property_id)).toEqual([inside.id]);
    expect(await alertsTo(reader.user.email)).toHaveLength(1);
  });

  test('a listing whose title and place carry links and direction controls reaches the mail and WhatsApp with no link but ours', async () => {
    const reader = await signUp(system, 'renter', { name: 'Tata Links', whatsapp: '677009988' });
    expect((await save(reader.browser, { town: 'Kribi' })).status).toBe(201);
    const match = await approvedListing({
      town: 'Kribi',
      title: '\u202EStudio - deposit at https://pay.mboa-deals.cm/now or www.mboa-deals.cm',
      neighbourhood: 'Lobe, see mboa-deals.com',
    });
    // The direction control never reached the listing; the links stay as the owner wrote them on the page.
    expect(match.title).toBe('Studio - deposit at https://pay.mboa-deals.cm/now or www.mboa-deals.cm');
    const [mail] = await until(async () => {
      const mails = await alertsTo(reader.user.email);
      return mails.length > 0 && mails;
    }, 'the alert', ALERT_WAIT_MS);
    expect(mail).toContain('Studio - deposit at https[:]//pay[.]mboa-deals[.]cm/now or www[.]mboa-deals[.]cm');
    expect(mail).toContain('Lobe, see mboa-deals[.]com, Kribi');
    expect(mail).not.toMatch(/mboa-deals\.c/);
    // Our own links are whole.
    expect(mail).toContain(`http://localhost:3000/property-details/${match.id}`);
    const [message] = await until(async () => {
      const sent = whatsapped.filter((w) => w.body.to === '237677009988');
      return sent.length > 0 && sent;
    }, 'the WhatsApp alert', ALERT_WAIT_MS);
    expect(message.body.template.components[0].parameters.map((p) => p.text)).toEqual([
      'Listings in Kribi',
      'Studio - deposit at https[:]//pay[.]mboa-deals[.]cm/now or www[.]mboa-deals[.]cm',
      `http://localhost:3000/property-details/${match.id}`,
    ]);
  });

  test('instant: one mail per matching approved listing, with a working link, an unsubscribe link whose page only asks (its button deletes) and the mail clients’ one-click POST; daily: one digest a day', async () => {
    const instant = await signUp(system, 'renter', { name: 'Awa Instant', whatsapp: '677001122' });
    const daily = await signUp(system, 'renter', { name: 'Bih Daily' });
    // The daily renter reads French: mails go in the account's language.
    expect((await daily.browser.request('PATCH', '/api/user/me', { language: 'fr' })).status).toBe(200);
    expect((await save(instant.browser, STUDIOS_IN_BUEA)).status).toBe(201);
    const saved = await save(daily.browser, { ...STUDIOS_IN_BUEA, frequency: 'daily' }, { 'accept-language': 'fr' });
    expect(saved.status).toBe(201);

    const match = await approvedListing();
    await approvedListing({ propertyType: 'apartment' });
    await approvedListing({ price: 60000 });
    await approvedListing({ town: 'Limbe' });

    const [mail] = await until(async () => {
      const mails = await alertsTo(instant.user.email);
      return mails.length > 0 && mails;
    }, 'the instant alert', ALERT_WAIT_MS);
    // Nothing more comes for the same match, nor for the listings that do not match.
    await pause(1000);
    expect(await alertsTo(instant.user.email)).toHaveLength(1);
    expect(mail).toContain('Subject: New listing for your search "Studios in Buea under 50,000 FCFA"');
    expect(mail).toContain(match.title);
    expect(mail).toContain('45,000 FCFA/month');
    expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/saved-searches\/unsubscribe\?token=[\w-]+&lang=en>/m);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // The listing link is the web app's details page of that listing, which the public may open.
    const link = /http:\/\/localhost:3000\/property-details\/([\w-]+)/.exec(mail);
    expect(link?.[1]).toBe(match.id);
    expect((await new Browser(system.url).get(`/api/properties/${link![1]}`)).status).toBe(200);
    // And once by WhatsApp, the approved template in the reader's language, to +237 and the account's number.
    const toInstant = whatsapped.filter((w) => w.body.to === '237677001122');
    expect(toInstant).toHaveLength(1);
    expect(toInstant[0]).toMatchObject({ url: '/v21.0/1098765/messages', authorization: 'Bearer test-token' });
    expect(toInstant[0].body.template).toMatchObject({ name: 'saved_search_alert', language: { code: 'en' } });
    expect(toInstant[0].body.template.components[0].parameters.map((p) => p.text)).toEqual([
      'Studios in Buea under 50,000 FCFA',
      match.title,
      `http://localhost:3000/property-details/${match.id}`,
    ]);

    // The daily renter heard nothing yet: the digest leaves from 18:00 in Cameroon. A day later it does, once.
    expect(await alertsTo(daily.user.email)).toHaveLength(0);
    await db.query(`UPDATE "listings"."saved_search_alerts" SET created_at = created_at - interval '1 day' WHERE user_id = $1::uuid`, [daily.user.id]);
    const [digest] = await until(async () => {
      const mails = await alertsTo(daily.user.email);
      return mails.length > 0 && mails;
    }, 'the daily digest', ALERT_WAIT_MS);
    expect(digest).toContain('Subject: 1 nouvelle annonce pour vos recherches enregistrées');
    expect(digest).toContain(match.title);
    expect(digest).toContain('Pour « Studios à Buea à moins de 50\u202f000 FCFA » :');
    expect(digest).toContain('45\u202f000 FCFA/mois');
    // A second match the same day waits for tomorrow's digest.
    const second = await approvedListing({ price: 40000 });
    await until(async () => (await alertsTo(instant.user.email)).length === 2, 'the second instant alert', ALERT_WAIT_MS);
    await db.query(`UPDATE "listings"."saved_search_alerts" SET created_at = created_at - interval '1 day' WHERE user_id = $1::uuid AND property_id = $2::uuid`, [daily.user.id, second.id]);
    await pause(800);
    expect(await alertsTo(daily.user.email)).toHaveLength(1);

    // The link's page changes nothing, however often it is opened (a mail scanner opens every link):
    // it asks, in the reader's language, with a button that POSTs to the same address.
    const unsubscribe = /http:\/\/localhost:3000\/api\/saved-searches\/unsubscribe\?token=[\w-]+&lang=en/.exec(mail)![0];
    const en = savedSearchTexts('en');
    for (let scan = 0; scan < 3; scan++) {
      const page = await new Browser(system.url).get(localPath(unsubscribe));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.text).toContain(`<h1 style="font-size:1.4rem">${en.unsubscribeConfirmTitle}</h1>`);
      expect(page.text).toContain(`>${en.unsubscribeConfirmButton}</button>`);
      expect(page.text).toContain(`<form method="post" action="${localPath(unsubscribe).replace(/&/g, '&#38;')}">`);
    }
    expect((await new Browser(system.url).request('HEAD', localPath(unsubscribe))).status).toBe(200);
    expect((await instant.browser.get('/api/saved-searches')).body.searches).toHaveLength(1);

    // The button, as the browser sends it from that page (on the public origin): the search is
    // gone, and so are its alerts; the link then says it is no longer valid.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const onThePage = 'http://localhost:3000';
    const confirmed = await new Browser(system.url, onThePage).post(localPath(unsubscribe), 'List-Unsubscribe=One-Click', form);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-type')).toMatch(/text\/html/);
    expect(confirmed.text).toContain(en.unsubscribed('Studios in Buea under 50,000 FCFA').replace(/"/g, '&#34;'));
    expect((await instant.browser.get('/api/saved-searches')).body.searches).toHaveLength(0);
    const used = await new Browser(system.url, onThePage).post(localPath(unsubscribe), 'List-Unsubscribe=One-Click', form);
    expect(used.status).toBe(404);
    const frenchScan = await new Browser(system.url).get('/api/saved-searches/unsubscribe?token=nope&lang=fr');
    expect(frenchScan.status).toBe(404);
    expect(frenchScan.text).toContain('Ce lien de désabonnement n’est pas valide');

    // The digest's link works the same way, in French, also as a mail client's one-click POST (RFC 8058), which stays one click.
    const digestLink = /http:\/\/localhost:3000\/api\/saved-searches\/unsubscribe\?token=[\w-]+&lang=fr/.exec(digest)![0];
    const frenchPage = await new Browser(system.url).get(localPath(digestLink));
    expect(frenchPage.text).toContain('<html lang="fr">');
    expect(frenchPage.text).toContain(`>${savedSearchTexts('fr').unsubscribeConfirmButton}</button>`);
    expect((await daily.browser.get('/api/saved-searches')).body.searches).toHaveLength(1);
    const posted = await new Browser(system.url).post(localPath(digestLink), 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('Vous ne recevrez plus d’alertes pour « Studios à Buea à moins de 50\u202f000 FCFA »');
    expect((await daily.browser.get('/api/saved-searches')).body.searches).toHaveLength(0);
  });

  test('exactly one alert per match across a restart of the listings service between the match and the mail', async () => {
    const renter = await signUp(system, 'renter');
    expect((await save(renter.browser, { propertyType: 'duplex', town: 'Buea' })).status).toBe(201);
    refusing.add(renter.user.email);
    const before = refused;
    const duplex = await approvedListing({ propertyType: 'duplex', price: 150000 });

    // Matched and recorded, but the mail server refuses: the alert stays pending.
    const pending = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "listings"."saved_search_alerts" WHERE user_id = $1::uuid AND mailed_at IS NULL`, [renter.user.id])).rows[0].n;
    await until(async () => (await pending()) === 1 && refused > before, 'the refused alert', ALERT_WAIT_MS);

    await system.restart('listings');
    refusing.delete(renter.user.email);
    const mails = await until(async () => {
      const m = await alertsTo(renter.user.email);
      return m.length > 0 && m;
    }, 'the alert after the restart', ALERT_WAIT_MS);
    await pause(1000);
    expect(await alertsTo(renter.user.email)).toHaveLength(1);
    expect(mails[0]).toContain(duplex.title);
    const rows = await db.query(`SELECT mailed_at FROM "listings"."saved_search_alerts" WHERE user_id = $1::uuid`, [renter.user.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].mailed_at).not.toBeNull();
  });
});
