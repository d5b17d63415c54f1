// Issue 24: the public pages come drawn from the server. A listing's page reads before (and
// without) its scripts, with its structured data and its address in each language; a hostile
// title stays text; a listing nobody may see is never drawn; the browser takes the page over
// without asking for its data again, so a drawn search page counts once for staff's figures (a
// link preview's fetch not at all); with the listings service down the visitor still gets the
// page (drawn by the browser), never a 500. Chromium at 360 and 1280 px, in English and French.
import { FIGURES, MESSAGES, MESSAGES_FR, PAGE_STATE_ID, propertyDetailsPath, type AdminFigures, type PropertyRead } from '@mboa/contracts';
import { Browser as ApiBrowser } from '../../gateway/src/__tests__/system.js';
import { approve, createProperty, jpeg, postWithPhotos, signInAdmin, signUp } from './fixtures.js';
import { describeInBrowser, eventually, openPage, SETUP_TIMEOUT, startE2e, TEST_TIMEOUT, WIDTHS, type E2eSystem, type E2ePage } from './harness.js';

let e2e: E2eSystem;
let listing: PropertyRead;
let hostile: PropertyRead;
let pending: PropertyRead;
let admin: ApiBrowser;

const HOSTILE_TITLE = '</script><script>alert(1)</script> & <!-- flat';
const LISTING_FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'apartment',
  title: 'Apartment by the Bonduma stream',
  paymentTerm: 'monthly',
  price: '85000',
  caution: '170000',
  description: 'Three bedrooms, a veranda facing the mountain, constant water.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Buea',
  'location[neighbourhood]': 'Bonduma',
  'specifications[bedrooms]': '3',
  'specifications[toilets]': '2',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '1',
  'specifications[size]': '90',
  'specifications[distanceFromRoad]': '4',
  amenities: JSON.stringify(['water', 'security']),
};

interface Fetched {
  status: number;
  html: string;
  headers: Headers;
}
async function html(path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const res = await fetch(`${e2e.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { status: res.status, html: await res.text(), headers: res.headers };
}
/** The page's data block, parsed as the browser parses it. */
function pageState(page: string): { language: string; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } | null {
  const block = new RegExp(`<script type="application/json" id="${PAGE_STATE_ID}">([^<]*)</script>`).exec(page);
  return block ? JSON.parse(block[1]) : null;
}
function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap((m) => {
    const data: unknown = JSON.parse(m[1]);
    return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
  });
}
const links = (page: string, rel: string) => [...page.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, 'g'))].map((m) => m[0]);
/** An attribute of a tag (React writes some in camel case, `srcSet`: HTML reads them in any case). */
const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');

describeInBrowser('pages drawn by the server', () => {
  beforeAll(async () => {
    e2e = await startE2e();
    admin = (await signInAdmin(e2e.system)).browser;
    const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Ebai Comfort' });
    listing = e2e.hasMedia
      ? await postWithPhotos(e2e, owner.browser, LISTING_FIELDS, [await jpeg(1600, 1200, '#2f6f4f', 'veranda')])
      : await createProperty(e2e, owner.user, { title: LISTING_FIELDS.title, town: 'Buea', neighbourhood: 'Bonduma', price: 85_000 });
    hostile = await createProperty(e2e, owner.user, { title: HOSTILE_TITLE, town: 'Limbe', description: '</script><img src=x onerror=alert(2)> $& $\' `' });
    pending = await createProperty(e2e, owner.user, { title: 'Pending studio nobody may see yet', town: 'Buea' });
    await approve(e2e, admin, listing);
    await approve(e2e, admin, hostile);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await e2e?.stop();
  }, SETUP_TIMEOUT);

  test('a listing page holds the listing before any script: title, price, place, description, photo, WhatsApp link and structured data', async () => {
    const page = await html(`${propertyDetailsPath(listing.id)}?lang=en`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<h1>${listing.title}</h1>`);
    expect(page.html).toContain('85,000 FCFA/month');
    expect(page.html).toContain('Bonduma, Buea');
    expect(page.html).toContain(LISTING_FIELDS.description);
    expect(page.html).toMatch(/<a href="https:\/\/wa\.me\/237\d+\?text=[^"]+"[^>]*class="btn btn-whatsapp/);
    expect(page.html).not.toContain('<noscript>');
    if (e2e.hasMedia) {
      const main = /<img [^>]*fetchpriority="high"[^>]*>/i.exec(page.html)?.[0] ?? '';
      expect(attr(main, 'src')).toMatch(/^\/media\//);
      expect(attr(main, 'srcset')).toMatch(/ 320w, .* 1024w$/);
      expect(attr(main, 'width')).toBeTruthy();
      expect(attr(main, 'height')).toBeTruthy();
    }
    const [offer, breadcrumbs] = jsonLd(page.html);
    expect(offer).toMatchObject({ '@type': 'Offer', price: 85_000, priceCurrency: 'XAF' });
    const place = offer?.itemOffered as Record<string, unknown>;
    expect(place).toMatchObject({ '@type': 'Apartment', name: listing.title, numberOfRooms: 3, floorSize: { value: 90, unitCode: 'MTK' } });
    expect(place.address).toMatchObject({ addressLocality: 'Buea', addressRegion: 'South-West', addressCountry: 'CM' });
    expect(breadcrumbs?.['@type']).toBe('BreadcrumbList');
    // The data the page was drawn from, for the browser.
    const state = pageState(page.html);
    expect(state?.language).toBe('en');
    expect(state?.queries.queries.map((q) => q.queryKey)).toEqual([['properties', 'one', listing.id]]);
  });

  test('in French at its French address, with the canonical address and its alternates in both languages', async () => {
    const page = await html(`${propertyDetailsPath(listing.id)}?lang=fr&utm_source=whatsapp`);
    expect(page.html).toMatch(/<html lang="fr"/);
    expect(page.html).toContain('85 000 FCFA/mois'.replace(' ', '\u202f'));
    // Addresses are the site's public origin (the gateway's first allowed origin), not how the test reached it.
    const origin = e2e.system.config.allowedOrigins[0];
    const url = `${origin}${propertyDetailsPath(listing.id)}`;
    expect(links(page.html, 'canonical').map((l) => attr(l, 'href'))).toEqual([`${url}?lang=fr`]);
    const alternates = Object.fromEntries(links(page.html, 'alternate').map((l) => [attr(l, 'hreflang'), attr(l, 'href')]));
    expect(alternates).toEqual({ fr: `${url}?lang=fr`, en: `${url}?lang=en`, 'x-default': url });
    const home = await html('/?town=Buea&lang=en&fbclid=x');
    expect(links(home.html, 'canonical').map((l) => attr(l, 'href'))).toEqual([`${origin}/?town=Buea&lang=en`]);
    expect(home.html).toContain(`>${listing.title}<`);
    expect(home.html).not.toContain(`>${HOSTILE_TITLE}<`);
    expect(jsonLd(home.html).map((d) => d['@type'])).toEqual(['WebSite']);
  });

  test('a hostile title stays a title: nothing closes the data blocks, and the page runs no script of it', async () => {
    const page = await html(propertyDetailsPath(hostile.id));
    expect(page.status).toBe(200);
    // Only the app's own scripts: the module entry, the data block and the structured data.
    const scripts = [...page.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.filter((s) => !/type="module"|type="application\/json"|type="application\/ld\+json"/.test(s))).toEqual([]);
    const state = pageState(page.html);
    expect((state?.queries.queries[0]?.state.data as PropertyRead).title).toBe(HOSTILE_TITLE);
    expect((jsonLd(page.html)[0]?.itemOffered as Record<string, unknown>).name).toBe(HOSTILE_TITLE);
    expect(page.html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');

    const p = await openPage(e2e, WIDTHS[0][1]);
    const dialogs: string[] = [];
    p.page.on('dialog', (dialog) => (dialogs.push(dialog.message()), void dialog.dismiss()));
    await p.page.goto(propertyDetailsPath(hostile.id));
    await p.page.getByRole('heading', { level: 1, name: HOSTILE_TITLE }).waitFor();
    await p.page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.close();
  }, TEST_TIMEOUT);

  test('a listing nobody may see is never drawn: pending, then one that left search, answer 404 with noindex', async () => {
    const page = await html(`${propertyDetailsPath(pending.id)}?lang=en`);
    expect(page.status).toBe(404);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.html).toContain('<meta name="robots" content="noindex">');
    expect(page.html).not.toContain(pending.title);
    expect(page.html).toContain(MESSAGES.property.notFound);
    expect((await html('/no-such-page')).status).toBe(404);

    // Deleted by its owner: gone from search, and its page answers 404 within moments.
    const owner = await signUp(e2e.system, 'landlord', { verified: true, name: 'Tabe Walters' });
    const gone = await createProperty(e2e, owner.user, { title: 'Room at Great Soppo', town: 'Buea' });
    await approve(e2e, admin, gone);
    expect((await html(propertyDetailsPath(gone.id))).status).toBe(200);
    const res = await owner.browser.post('/api/property/my-listings', { action: 'delete', payload: { id: gone.id } });
    expect(res.status).toBe(200);
    const started = Date.now();
    await eventually(async () => (await html(propertyDetailsPath(gone.id))).status === 404, 'the deleted listing page answers 404');
    console.log(`[server-render] a deleted listing's page answered 404 after ${Date.now() - started} ms`);
    expect((await html(propertyDetailsPath(gone.id))).html).not.toContain('Room at Great Soppo');
  }, TEST_TIMEOUT);

  test('a signed-in visitor gets the page the browser draws (what they may see differs)', async () => {
    const page = await html(propertyDetailsPath(listing.id), { cookie: `mboa_session=${admin.cookie('mboa_session')}` });
    expect(page.status).toBe(200);
    expect(pageState(page.html)).toBeNull();
    expect(page.html).toContain('<div id="root"></div>');
  });

  test('with the listings service down the page still comes, drawn by the browser, never a 500', async () => {
    await e2e.system.stopService('listings');
    try {
      for (const path of ['/', propertyDetailsPath(listing.id), '/faq']) {
        const page = await html(path);
        expect({ path, status: page.status }).toEqual({ path, status: 200 });
      }
      expect(pageState((await html(propertyDetailsPath(listing.id))).html)).toBeNull();
      // A page that needs no service is still drawn.
      expect(pageState((await html('/faq')).html)).not.toBeNull();
    } finally {
      await e2e.system.restart('listings');
    }
  }, TEST_TIMEOUT);

  test("a drawn search page is a renter's search: counted once for staff's figures, the browser taking it over asks nothing again; a link preview's fetch is not counted", async () => {
    const tiko = (figures: AdminFigures) => figures.searchesByTown.find((row) => row.town === 'Tiko');
    // WhatsApp fetches a shared link to show its preview: nobody searched.
    const preview = await html('/?town=Tiko', { 'user-agent': 'WhatsApp/2.24.1 A' });
    expect(preview.status).toBe(200);
    expect(pageState(preview.html)).not.toBeNull();

    const p = await openPage(e2e, WIDTHS[0][1]);
    try {
      const searched: string[] = [];
      p.page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/properties/search') searched.push(request.url());
      });
      const response = await p.page.goto('/?town=Tiko');
      expect(pageState((await response!.text()) ?? '')).not.toBeNull();
      await p.page.waitForLoadState('networkidle');
      expect(searched).toEqual([]);
    } finally {
      await p.close();
    }
    const figures = async () => (await admin.get('/api/admin/figures?days=30')).body as AdminFigures;
    // Sent by the gateway every FIGURES.searchFlushMs: polled, then one more flush to see nothing more arrives.
    expect(await eventually(async () => tiko(await figures()), 'the drawn search counted', 60_000)).toEqual({ town: 'Tiko', searches: 1, foundNothing: 1 });
    await new Promise((r) => setTimeout(r, FIGURES.searchFlushMs + 1_000));
    expect(tiko(await figures())).toEqual({ town: 'Tiko', searches: 1, foundNothing: 1 });
  }, TEST_TIMEOUT);

  test('without JavaScript: the listing and the first results read, and the WhatsApp link works', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: 'fr-CM' });
    const page = await context.newPage();
    await page.goto(`${e2e.url}${propertyDetailsPath(listing.id)}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    expect(await page.getByText('Bonduma, Buea').first().isVisible()).toBe(true);
    expect(await page.getByText(LISTING_FIELDS.description).isVisible()).toBe(true);
    const whatsapp = page.getByRole('link', { name: MESSAGES_FR.ui.messageLandlord });
    expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/237\d+\?text=/);
    if (e2e.hasMedia) expect(await page.locator('.gallery-phone img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.goto(`${e2e.url}/`);
    await page.getByRole('heading', { level: 3, name: listing.title }).waitFor();
    await context.close();
  }, TEST_TIMEOUT);

  describe.each(WIDTHS)('at %s px', (_label, width) => {
    let p: E2ePage;
    afterEach(async () => {
      const errors = p.errors;
      await p.close();
      expect(errors).toEqual([]);
    });

    for (const [language, messages, locale] of [
      ['English', MESSAGES, undefined],
      ['French, on a French phone', MESSAGES_FR, 'fr-CM'],
    ] as const) {
      test(
        `in ${language}: the browser takes the drawn page over without asking for its data again, and it works`,
        async () => {
          p = await openPage(e2e, width, locale ? { locale } : {});
          const { page } = p;
          const reads: string[] = [];
          page.on('request', (request) => {
            const url = new URL(request.url());
            if (/^\/api\/properties\/(search|[^/]+)$/.test(url.pathname)) reads.push(url.pathname);
          });
          const consoleErrors: string[] = [];
          page.on('console', (message) => {
            if (message.type() === 'error' && !/401/.test(message.text())) consoleErrors.push(message.text());
          });
          await page.goto('/');
          await page.getByRole('heading', { level: 3, name: listing.title }).waitFor();
          await page.waitForLoadState('networkidle');
          await page.goto(propertyDetailsPath(listing.id));
          await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
          await page.waitForLoadState('networkidle');
          expect(reads).toEqual([]);
          expect(consoleErrors).toEqual([]);
          // Taken over: a tap works (Share opens its dialog, loaded on the tap).
          await page.getByRole('button', { name: locale ? 'Partager' : 'Share' }).click();
          await page.getByRole('dialog').waitFor();
          expect(await page.getByRole('link', { name: messages.ui.messageLandlord }).count()).toBe(1);
          await p.shot(`server-drawn-${locale ?? 'en'}`);
        },
        TEST_TIMEOUT,
      );
    }
  });
});
