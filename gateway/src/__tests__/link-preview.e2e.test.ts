import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CARD_THUMBNAIL_ONLY, LISTINGS_PATTERNS, MAP_TILES_DEFAULT, MESSAGES_FR, PHOTO_SIZES, type PropertyRead } from '@mboa/contracts';
import { mapTilesHead } from '../static/map-tiles.js';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let system: TestSystem;
let webDist: string;

beforeAll(async () => {
  // The gateway fills the built index.html; a small stand-in keeps this test independent of a web build.
  webDist = await mkdtemp(path.join(tmpdir(), 'mboa-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Mboa Rentals</title>\n<!--app-head-->\n</head><body><div id="root"></div></body></html>',
  );
  // The build manifest names the details route's chunks; the entry's own are in index.html already.
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_i18n-i1.js'] },
      '_i18n-i1.js': { file: 'assets/i18n-i1.js' },
      '_format-f1.js': { file: 'assets/format-f1.js' },
      'src/pages/PropertyDetails.tsx': { file: 'assets/PropertyDetails-d1.js', imports: ['_i18n-i1.js', '_format-f1.js', 'index.html'] },
      // Each language's texts, loaded by the app in the language it shows.
      'src/i18n/bundle.fr.ts': { file: 'assets/bundle.fr-b1.js', imports: ['_messages.fr-m1.js'] },
      '_messages.fr-m1.js': { file: 'assets/messages.fr-m1.js' },
      'src/i18n/bundle.en.ts': { file: 'assets/bundle.en-b2.js', imports: ['_messages-m2.js'] },
      '_messages-m2.js': { file: 'assets/messages-m2.js' },
    }),
  );
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN, gateway: { webDist } });
});

afterAll(async () => {
  await system?.stop();
  await rm(webDist, { recursive: true, force: true });
});

test('the real web index.html keeps the marker the gateway fills', async () => {
  const html = await readFile(path.resolve(here, '../../../web/index.html'), 'utf8');
  expect(html).toContain('<!--app-head-->');
});

test('a shared property link carries its title, price, town and first photo as Open Graph tags', async () => {
  const owner = await signUp(system, 'landlord', { verified: true });
  const rpc = await rpcFor(system);
  let property: PropertyRead;
  try {
    property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true },
      data: {
        category: 'commercial',
        propertyType: 'shop',
        title: 'Shop on Rue Joss <Akwa>',
        paymentTerm: 'monthly',
        price: 120000,
        caution: 240000,
        description: 'Ground-floor shop with a metal shutter.',
        availability: 'available',
        location: { country: 'Cameroon', town: 'Douala', neighbourhood: 'Akwa' },
        specifications: { sections: 1, toilets: 1, size: 30 },
        amenities: ['electricity'],
      },
      images: [
        {
          alt: 'Front of the shop',
          large: { url: '/media/properties/x/abc-large.webp', key: 'properties/x/abc-large.webp', width: 1024, height: 768, bytes: 90000, mimeType: 'image/webp' },
          thumbnail: { url: '/media/properties/x/abc-thumb.webp', key: 'properties/x/abc-thumb.webp', width: 320, height: 240, bytes: 12000, mimeType: 'image/webp' },
        },
      ],
    });
  } finally {
    await rpc.close();
  }

  // Not approved yet: nothing about it leaks into the page.
  const hidden = await (await fetch(`${system.url}/property-details/${property.id}`)).text();
  expect(hidden).not.toContain('og:title');
  expect(hidden).not.toContain('<!--app-head-->');

  const { browser: admin } = await signInAdmin(system);
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  let html = '';
  for (let i = 0; i < 80 && !html.includes('og:title'); i++) {
    html = await (await fetch(`${system.url}/property-details/${property.id}`)).text();
    if (!html.includes('og:title')) await new Promise((r) => setTimeout(r, 100));
  }
  expect(html).toContain('<meta property="og:title" content="Shop on Rue Joss &lt;Akwa&gt; – 120,000 FCFA/month">');
  expect(html).toMatch(/<meta property="og:description" content="Akwa, Douala/);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/media\/properties\/x\/abc-large.webp">/);
  expect(html).toContain('<title>Shop on Rue Joss &lt;Akwa&gt; – 120,000 FCFA/month</title>');
  expect(html).not.toContain('<Akwa>');
  expect(html).toContain('<meta property="og:locale" content="en_GB">');
  // Shared from the French app: the price, the payment term and the locale read French, the
  // owner's own words stay as written, and whoever opens the link keeps the language.
  const french = await (await fetch(`${system.url}/property-details/${property.id}?lang=fr`)).text();
  expect(french).toContain('<meta property="og:title" content="Shop on Rue Joss &lt;Akwa&gt; – 120\u202f000 FCFA/mois">');
  expect(french).toContain('<meta property="og:locale" content="fr_CM">');
  expect(french).toMatch(/<meta property="og:url" content="http:\/\/localhost:\d+\/property-details\/[^"?]+\?lang=fr">/);
  expect(french).toMatch(/<meta property="og:description" content="Akwa, Douala · Ground-floor shop with a metal shutter\.">/);
  // The main photo is asked for with the page, in the variant the gallery will show (its only photo).
  expect(html).toContain(
    '<link rel="preload" as="image" href="/media/properties/x/abc-thumb.webp"' +
      ' imagesrcset="/media/properties/x/abc-thumb.webp 320w, /media/properties/x/abc-large.webp 1024w"' +
      ` imagesizes="${PHOTO_SIZES.detailsMainAlone}" fetchpriority="high">`,
  );
  // So are the route's scripts the entry does not load and the details call, which the app would
  // otherwise discover one round trip after another.
  expect(html).toContain('<link rel="modulepreload" href="/assets/PropertyDetails-d1.js">\n    <link rel="modulepreload" href="/assets/format-f1.js">');
  expect(html).not.toContain('i18n-i1.js');
  expect(html).toContain(`<link rel="preload" as="fetch" href="/api/properties/${property.id}" crossorigin="use-credentials">`);
  // The filled page goes out compressed to a browser that accepts it, and decodes to the same page.
  const compressed = await fetch(`${system.url}/property-details/${property.id}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(compressed.headers.get('content-encoding')).toBe('br');
  expect(await compressed.text()).toBe(html);

  // Other pages get the plain page.
  const home = await new Browser(system.url).get('/');
  expect(home.text).not.toContain('og:title');

  // Every page asks for the texts of its language with the HTML (the app draws nothing before
  // them), and only those: a French phone never downloads the English texts.
  const inFrench = await (await fetch(`${system.url}/login`, { headers: { 'Accept-Language': 'fr-CM,fr;q=0.9' } })).text();
  expect(inFrench).toContain('<link rel="modulepreload" href="/assets/bundle.fr-b1.js">\n    <link rel="modulepreload" href="/assets/messages.fr-m1.js">');
  expect(inFrench).not.toContain('bundle.en');
  const inEnglish = await (await fetch(`${system.url}/login`, { headers: { 'Accept-Language': 'en-GB' } })).text();
  expect(inEnglish).toContain('<link rel="modulepreload" href="/assets/bundle.en-b2.js">');
  expect(inEnglish).not.toContain('bundle.fr');
  expect(html).toContain('bundle.'); // the details page too

  // The home page's first card is this one once search has it: its photo comes with the page, the
  // thumbnail for a phone's single column, the srcset's pick for wider screens.
  let homeHtml = '';
  for (let i = 0; i < 80 && !homeHtml.includes('as="image"'); i++) {
    homeHtml = await (await fetch(`${system.url}/`)).text();
    if (!homeHtml.includes('as="image"')) await new Promise((r) => setTimeout(r, 100));
  }
  expect(homeHtml).toContain(
    `<link rel="preload" as="image" href="/media/properties/x/abc-thumb.webp" media="${CARD_THUMBNAIL_ONLY}" fetchpriority="high">`,
  );
  expect(homeHtml).toContain(
    '<link rel="preload" as="image" imagesrcset="/media/properties/x/abc-thumb.webp 320w, /media/properties/x/abc-large.webp 1024w"' +
      ` imagesizes="${PHOTO_SIZES.card}" media="not all and ${CARD_THUMBNAIL_ONLY}" fetchpriority="high">`,
  );
});

test('a title or description with $-patterns, </script> or <!-- leaves the rest of the page intact', async () => {
  const owner = await signUp(system, 'landlord', { verified: true });
  const hostile = "Room $' $` $& $$ $1 </script><script>alert(1)</script> <!-- end";
  const rpc = await rpcFor(system);
  let property: PropertyRead;
  try {
    property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true },
      data: {
        category: 'residential',
        propertyType: 'studio',
        title: hostile,
        paymentTerm: 'monthly',
        price: 30000,
        caution: 30000,
        description: `Quiet room. ${hostile} -->`,
        availability: 'available',
        location: { country: 'Cameroon', town: 'Douala', neighbourhood: 'Bonapriso' },
        specifications: { bedrooms: 1, toilets: 1, size: 12 },
        amenities: [],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
  const { browser: admin } = await signInAdmin(system);
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  let html = '';
  for (let i = 0; i < 80 && !html.includes('og:title'); i++) {
    html = await (await fetch(`${system.url}/property-details/${property.id}`)).text();
    if (!html.includes('og:title')) await new Promise((r) => setTimeout(r, 100));
  }
  const escaped = "Room $&#39; $` $&amp; $$ $1 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- end";
  // The page is index.html with exactly the title swapped and the tags put at the marker.
  const [before, after] = html.split(/<meta property="og:type"[\s\S]*<link rel="preload" as="fetch" href="[^"]*" crossorigin="use-credentials">/);
  expect(before).toBe(`<!doctype html><html><head><title>${escaped} – 30,000 FCFA/month</title>\n`);
  // …and the map tiles' configuration at the end of the head.
  expect(after).toBe(`\n${mapTilesHead(MAP_TILES_DEFAULT)}</head><body><div id="root"></div></body></html>`);
  expect(html).toContain(`<meta property="og:title" content="${escaped} – 30,000 FCFA/month">`);
  expect(html).toContain(`<meta property="og:description" content="Bonapriso, Douala · Quiet room. ${escaped} --&gt;">`);
  // Nothing the listing wrote opens a tag or a comment.
  expect(html).not.toContain('</script>');
  expect(html).not.toContain('<!--');
});

test("the home page asks for its first search with the HTML, only when the address carries no filters", async () => {
  const tag = '<link rel="preload" as="fetch" href="/api/properties/search?page=1" crossorigin="use-credentials">';
  const home = await (await fetch(`${system.url}/`)).text();
  expect(home).toContain(tag);
  // The site's own title, in the language of a visitor who says none (French), not a listing's.
  expect(home).toContain(`<title>${MESSAGES_FR.page.webTitle}</title>`);
  // With filters the app's first search is another one; elsewhere there is none to ask for.
  // (Every page still preloads its language's texts: a modulepreload, never a search.)
  expect(await (await fetch(`${system.url}/?town=Buea`)).text()).not.toContain('rel="preload"');
  expect(await (await fetch(`${system.url}/faq`)).text()).not.toContain('rel="preload"');
  // A details page nobody may see asks for nothing either.
  expect(await (await fetch(`${system.url}/property-details/00000000-0000-4000-8000-000000000000`)).text()).not.toContain('rel="preload"');
});
