// robots.txt and the sitemaps (docs/api.md#search-engines) against the real auth, listings and
// moderation services: a listing enters the sitemaps once staff approve it, in both languages, and
// leaves once it leaves search; nothing pending or rejected is ever named; the XML parses; a
// listings service that does not answer is a 503 with Retry-After, never an empty sitemap.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import pg from 'pg';
import { LISTINGS_PATTERNS, SITEMAP_STATIC_PAGES, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
let db: pg.Client;
let origin: string;
const visitor = () => new Browser(system.url);

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  origin = system.config.allowedOrigins[0].replace(/\/+$/, '');
  admin = (await signInAdmin(system)).browser;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ekane Paul' });
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name) });
interface Url {
  loc: string;
  lastmod?: string;
  'xhtml:link': Array<{ rel: string; hreflang: string; href: string }>;
}

/** A sitemap file as a search engine reads it: 200, XML that parses, served as XML with a short cache. */
async function xmlAt(path: string) {
  const res = await visitor().get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  expect(XMLValidator.validate(res.text)).toBe(true);
  return { res, doc: parser.parse(res.text) as { urlset?: { url?: Url[] }; sitemapindex?: { sitemap?: Array<{ loc: string; lastmod?: string }> } } };
}

/** Every `<url>` of every listing sitemap the index names. */
async function listingUrls(): Promise<Url[]> {
  const index = (await xmlAt('/sitemap.xml')).doc.sitemapindex!.sitemap ?? [];
  const urls: Url[] = [];
  for (const entry of index.filter((s) => s.loc.includes('/sitemaps/listings-'))) {
    expect(entry.loc.startsWith(`${origin}/sitemaps/listings-`)).toBe(true);
    expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    urls.push(...((await xmlAt(entry.loc.slice(origin.length))).doc.urlset!.url ?? []));
  }
  return urls;
}

const addressesOf = (id: string) => [`${origin}/property-details/${id}?lang=en`, `${origin}/property-details/${id}?lang=fr`];

/** Polls the sitemaps until `wanted` holds (a generous 60 s), and says how long it took. */
async function sitemapsUntil(what: string, wanted: (urls: Url[]) => boolean): Promise<Url[]> {
  const started = Date.now();
  for (;;) {
    const urls = await listingUrls();
    if (wanted(urls)) {
      console.log(`sitemap: ${what} after ${Date.now() - started} ms`);
      return urls;
    }
    if (Date.now() - started > 60_000) throw new Error(`the sitemaps never showed: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let made = 0;
/** A listing of the owner's in `town`, waiting for review. */
async function listing(town = 'Kribi'): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: 'residential',
        propertyType: 'studio',
        title: `Studio near the beach ${++made}`,
        paymentTerm: 'monthly',
        price: 60_000,
        caution: 0,
        description: 'Near the road, with water and electricity.',
        availability: 'available',
        location: { country: 'Cameroon', town, neighbourhood: 'Mokolo' },
        specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 1, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

const approve = async (id: string) => expect((await admin.post(`/api/admin/properties/${id}/review`, { action: 'approve' })).status).toBe(200);
const myListings = (body: unknown) => owner.browser.post('/api/property/my-listings', body);

/** What the sitemap must say of a listing: its last change or its owner's last confirmation, whichever is later, to the second. */
async function expectedLastmod(id: string): Promise<string> {
  const { rows } = await db.query<{ lastmod: Date }>(
    'SELECT GREATEST(updated_at, availability_confirmed_at) AS lastmod FROM listings.properties WHERE id = $1',
    [id],
  );
  return rows[0].lastmod.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

describe('robots.txt', () => {
  it('keeps crawlers out of the admin area, the API and the private pages, and names the sitemap index', async () => {
    const res = await visitor().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/api', '/post-property', '/my-listings', '/profile', '/login', '/signup', '/reset-password', '/confirm-availability']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // The web app's public pages are not kept out.
    expect(lines.filter((l) => /^Disallow: \/(property-details|faq|favourites)?$/.test(l))).toEqual([]);
  });
});

describe('the sitemaps', () => {
  it('name an approved listing in French and English once staff approve it, and never a pending or rejected one', async () => {
    const pending = await listing();
    const rejected = await listing();
    expect((await admin.post(`/api/admin/properties/${rejected.id}/review`, { action: 'reject', feedback: 'Please add photos.' })).status).toBe(200);
    const approved = await listing();
    const before = (await listingUrls()).map((u) => u.loc);
    for (const p of [pending, rejected, approved]) for (const loc of addressesOf(p.id)) expect(before).not.toContain(loc);

    await approve(approved.id);
    const urls = await sitemapsUntil('the approved listing entered', (all) => all.some((u) => u.loc === addressesOf(approved.id)[0]));
    const lastmod = await expectedLastmod(approved.id);
    for (const [i, lang] of (['en', 'fr'] as const).entries()) {
      const url = urls.find((u) => u.loc === addressesOf(approved.id)[i]);
      expect(url).toEqual({
        loc: `${origin}/property-details/${approved.id}?lang=${lang}`,
        lastmod,
        'xhtml:link': [
          { rel: 'alternate', hreflang: 'en', href: `${origin}/property-details/${approved.id}?lang=en` },
          { rel: 'alternate', hreflang: 'fr', href: `${origin}/property-details/${approved.id}?lang=fr` },
          { rel: 'alternate', hreflang: 'x-default', href: `${origin}/property-details/${approved.id}` },
        ],
      });
    }
    const locs = urls.map((u) => u.loc);
    for (const p of [pending, rejected]) for (const loc of addressesOf(p.id)) expect(locs).not.toContain(loc);

    // The owner confirms it is still available: its lastmod follows.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await myListings({ action: 'confirm', payload: { id: approved.id } })).status).toBe(200);
    const confirmed = await expectedLastmod(approved.id);
    expect(confirmed > lastmod).toBe(true);
    await sitemapsUntil('the confirmation moved lastmod', (all) => all.find((u) => u.loc === addressesOf(approved.id)[0])?.lastmod === confirmed);
  }, 120_000);

  it('name the home page of each town with a public listing, and the static pages, in both languages', async () => {
    const inDschang = await listing('Dschang');
    const before = (await xmlAt('/sitemaps/pages.xml')).doc.urlset!.url!.map((u) => u.loc);
    expect(before).not.toContain(`${origin}/?town=Dschang&lang=fr`);
    await approve(inDschang.id);
    await sitemapsUntil('the Dschang listing entered', (all) => all.some((u) => u.loc === addressesOf(inDschang.id)[1]));
    const { res, doc } = await xmlAt('/sitemaps/pages.xml');
    const pages = doc.urlset!.url!;
    const locs = pages.map((u) => u.loc);
    for (const lang of ['fr', 'en']) {
      expect(locs).toContain(`${origin}/?lang=${lang}`);
      expect(locs).toContain(`${origin}/?town=Dschang&lang=${lang}`);
      expect(locs).toContain(`${origin}/?town=Kribi&lang=${lang}`);
      for (const page of SITEMAP_STATIC_PAGES) expect(locs).toContain(`${origin}${page}?lang=${lang}`);
    }
    // A town of the list with no public listing has no page here.
    expect(locs.some((l) => l.includes('town=Douala'))).toBe(false);
    expect(pages.find((u) => u.loc === `${origin}/?town=Dschang&lang=fr`)?.lastmod).toBe(await expectedLastmod(inDschang.id));
    // Compressed like every text answer (fetch asks for it and undoes it).
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    // The index names this sitemap and the listing files, each with its lastmod.
    const index = (await xmlAt('/sitemap.xml')).doc.sitemapindex!.sitemap!;
    expect(index[0].loc).toBe(`${origin}/sitemaps/pages.xml`);
    expect(index.every((s) => typeof s.lastmod === 'string')).toBe(true);
    expect(index.filter((s) => s.loc.includes('/sitemaps/listings-'))).toHaveLength(1);
  }, 120_000);

  it('drop a listing within moments once it leaves search: unpublished, deleted, or not confirmed for 45 days', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await listing();
      await approve(p.id);
      ids.push(p.id);
    }
    await sitemapsUntil('three approved listings entered', (all) => ids.every((id) => all.some((u) => u.loc === addressesOf(id)[0])));
    const [unpublished, deleted, lapsed] = ids;
    expect((await myListings({ action: 'update', payload: { id: unpublished, data: { status: 'deactivated' } } })).status).toBe(200);
    expect((await myListings({ action: 'delete', payload: { id: deleted } })).status).toBe(200);
    await db.query(`UPDATE listings.properties SET availability_confirmed_at = now() - interval '46 days' WHERE id = $1`, [lapsed]);
    const after = await sitemapsUntil('the three left', (all) => ids.every((id) => !all.some((u) => addressesOf(id).includes(u.loc))));
    // Exactly what search shows, no more.
    const search = await visitor().get('/api/properties/search?limit=50');
    const searchIds = (search.body.properties as PropertyRead[]).map((p) => p.id).sort();
    const sitemapIds = [...new Set(after.map((u) => u.loc.split('/property-details/')[1].split('?')[0]))].sort();
    expect(sitemapIds).toEqual(searchIds);
  }, 120_000);

  it('answer a file name that is not theirs with a plain 404, without echoing it', async () => {
    for (const path of ['/sitemaps/listings-%3Cscript%3Ealert(1)%3C%2Fscript%3E.xml', '/sitemaps/other.xml', '/sitemaps/listings-1%27%20OR%20%271%27%3D%271.xml']) {
      const res = await visitor().get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.text).not.toContain('script');
      expect(res.text).not.toContain('OR');
    }
  });

  it('a town typed in by an owner, however hostile, is escaped and never names a home page', async () => {
    const hostile = `Town <b>&"'</b>`;
    const p = await listing(hostile);
    await approve(p.id);
    await sitemapsUntil('the listing in a typed-in town entered', (all) => all.some((u) => u.loc === addressesOf(p.id)[0]));
    const { res } = await xmlAt('/sitemaps/pages.xml');
    expect(res.text).not.toContain('<b>');
    expect(res.text).not.toContain('Town');
  }, 120_000);

  it('answer 503 with Retry-After while the listings service is down, never an empty sitemap, and robots.txt still', async () => {
    const files = (await xmlAt('/sitemap.xml')).doc.sitemapindex!.sitemap!.map((s) => s.loc.slice(origin.length));
    await system.stopService('listings');
    try {
      for (const path of files.concat('/sitemap.xml')) {
        const res = await visitor().get(path);
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.text).not.toContain('<urlset');
      }
      expect((await visitor().get('/robots.txt')).status).toBe(200);
    } finally {
      await system.restart('listings');
    }
    expect((await visitor().get('/sitemap.xml')).status).toBe(200);
  }, 120_000);
});
