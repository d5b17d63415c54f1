import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let webDist: string;

/** A bundle-like text: varied enough that compression works as on a real build, not a trivial repeat. */
const bundle = Array.from(
  { length: 1500 },
  (_, i) => `export function component${i}(props){return createElement("div",{className:"card-${i % 37}",title:props.title${i % 11}},"${i * 7919}");}\n`,
).join('');
const indexHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Mboa Rentals</title>
<meta name="description" content="Built in English." />
<!--app-head-->
<style>${'.card{display:grid;gap:.5rem;border-radius:12px} .card-media{aspect-ratio:4/3;background:#e2e8f0} '.repeat(20)}</style>
</head><body><div id="root"></div><noscript>Built in English.</noscript><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
/** Stands in for a photo: already compressed data, which no encoding would shrink. */
const photo = randomBytes(20_000);
const webManifest = JSON.stringify({ name: 'Mboa Rentals', start_url: '/', display: 'standalone', description: 'x'.repeat(600) });
const bundleBr = brotliCompressSync(bundle);
const bundleGz = gzipSync(bundle, { level: 9 });

beforeAll(async () => {
  // A stand-in build with the files the web app's build writes: a hashed bundle with its
  // precompressed forms beside it, index.html, and a photo.
  webDist = await mkdtemp(path.join(tmpdir(), 'mboa-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), indexHtml);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), bundle);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js.br'), bundleBr);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js.gz'), bundleGz);
  await writeFile(path.join(webDist, 'assets', 'not-precompressed-def456.js'), bundle);
  await writeFile(path.join(webDist, 'assets', 'photo-abc123.webp'), photo);
  // The web app's service worker (built after the precompression step) and its manifest.
  await writeFile(path.join(webDist, 'sw.js'), bundle);
  await writeFile(path.join(webDist, 'manifest.webmanifest'), webManifest);
  system = await startTestSystem({ gateway: { webDist } });
});

afterAll(async () => {
  await system?.stop();
  await rm(webDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire. */
  wire: Buffer;
  /** The bytes after undoing Content-Encoding. */
  body: Buffer;
}

/** A GET that sends exactly the Accept-Encoding given (fetch would add its own and decode). */
function get(pathname: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    http
      .get(`${system.url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const BROWSER = 'gzip, deflate, br, zstd';
const OLD_BROWSER = 'gzip, deflate';

describe('the JS bundle', () => {
  test('goes out as its precompressed brotli file to a browser that accepts br, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very file the build wrote, byte for byte: nothing was compressed at request time.
    expect(res.wire.equals(bundleBr)).toBe(true);
    expect(res.body.toString()).toBe(bundle);
    expect(res.wire.length).toBeLessThan(bundle.length / 4);
  });

  test('goes out gzipped to a client without brotli', async () => {
    const res = await get('/assets/index-abc123.js', OLD_BROWSER);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.wire.equals(bundleGz)).toBe(true);
    expect(res.body.toString()).toBe(bundle);
  });

  test('goes out as it is to a client that accepts no encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(bundle);
    }
  });

  test('without a precompressed form beside it, is compressed on the fly', async () => {
    const br = await get('/assets/not-precompressed-def456.js', BROWSER);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.toString()).toBe(bundle);
    const gz = await get('/assets/not-precompressed-def456.js', OLD_BROWSER);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.toString()).toBe(bundle);
  });
});

describe('the installable app (docs/architecture.md#offline-and-installable)', () => {
  test('the service worker at the root is compressed and asked for again each time (no-cache), never held a year', async () => {
    const res = await get('/sw.js', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(bundle);
  });

  test('the manifest goes as application/manifest+json', async () => {
    const res = await get('/manifest.webmanifest', BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({ name: 'Mboa Rentals', start_url: '/' });
  });
});

describe('the pages', () => {
  test.each([
    ['the home page', '/'],
    ['a details page', '/property-details/no-such-property'],
  ])('%s comes compressed, never cached, and decompresses to the page', async (_name, pathname) => {
    const br = await get(pathname, BROWSER);
    const gz = await get(pathname, OLD_BROWSER);
    const plain = await get(pathname);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(plain.wire.toString());
    }
    expect(plain.body.toString()).toContain('<div id="root"></div>');
    expect(br.wire.length).toBeLessThan(plain.wire.length / 2);
  });
});

describe('API answers', () => {
  test('a large JSON answer comes brotli, gzip or plain by Accept-Encoding, the same JSON each way', async () => {
    const br = await get('/api/docs/openapi.json', BROWSER);
    const gz = await get('/api/docs/openapi.json', OLD_BROWSER);
    const plain = await get('/api/docs/openapi.json');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const json = JSON.parse(plain.wire.toString()) as { paths: Record<string, unknown> };
    expect(Object.keys(json.paths)).toContain('/api/properties/search');
    expect(JSON.parse(br.body.toString())).toEqual(json);
    expect(JSON.parse(gz.body.toString())).toEqual(json);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 4);
  });

  test('a small answer is not worth encoding and goes as it is', async () => {
    const res = await get('/api/no-such-route', BROWSER);
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('message');
  });
});

test('a photo, already compressed, is sent as it is even to a client that accepts br', async () => {
  const res = await get('/assets/photo-abc123.webp', BROWSER);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.wire.equals(photo)).toBe(true);
});

describe("the page's language", () => {
  async function pageLang(headers: Record<string, string>, pathname = '/'): Promise<{ lang: string | undefined; vary: string }> {
    const res = await fetch(`${system.url}${pathname}`, { headers });
    const html = await res.text();
    return { lang: /<html lang="([^"]*)"/.exec(html)?.[1], vary: res.headers.get('vary') ?? '' };
  }

  test('says the language the app will show before any script runs: address, choice, browser, French when in doubt', async () => {
    expect(await pageLang({ 'Accept-Language': 'fr-CM,fr;q=0.9,en;q=0.5' })).toMatchObject({ lang: 'fr' });
    expect((await pageLang({ 'Accept-Language': 'en-GB,en;q=0.9' })).lang).toBe('en');
    // Neither of ours, or nothing said: our users mostly read French.
    expect((await pageLang({ 'Accept-Language': 'de-DE' })).lang).toBe('fr');
    expect((await pageLang({})).lang).toBe('fr');
    // A choice made on the device wins over the browser.
    expect((await pageLang({ 'Accept-Language': 'fr', Cookie: 'mboa_lang=en' })).lang).toBe('en');
    // The address's language wins over both: each language has its own address.
    expect((await pageLang({ 'Accept-Language': 'en', Cookie: 'mboa_lang=fr' }, '/?lang=en')).lang).toBe('en');
    expect((await pageLang({ 'Accept-Language': 'fr', Cookie: 'mboa_lang=en' }, '/contact?lang=fr')).lang).toBe('fr');
    expect((await pageLang({ 'Accept-Language': 'en' }, '/contact?lang=fr')).lang).toBe('fr');
    // A `lang` that is not one of ours is no choice.
    expect((await pageLang({ 'Accept-Language': 'en', Cookie: 'mboa_lang=fr' }, '/?lang=de')).lang).toBe('fr');
    const { vary } = await pageLang({ 'Accept-Language': 'fr' });
    expect(vary).toMatch(/Accept-Language/i);
    expect(vary).toMatch(/Cookie/i);
  });

  test('its title, description and no-script line are in that language too, before any script runs', async () => {
    const texts = async (headers: Record<string, string>) => {
      const html = await (await fetch(`${system.url}/`, { headers })).text();
      return {
        title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
        description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
        noscript: /<noscript>([^<]*)<\/noscript>/.exec(html)?.[1],
      };
    };
    const fr = MESSAGES_FR.page;
    expect(await texts({ 'Accept-Language': 'fr-CM' })).toEqual({ title: fr.webTitle, description: fr.webDescription, noscript: fr.webNoscript });
    expect(await texts({ 'Accept-Language': 'en-GB' })).toEqual({ title: MESSAGES.page.webTitle, description: MESSAGES.page.webDescription, noscript: MESSAGES.page.webNoscript });
  });
});
