// POST /api/property/post and GET /media/* through the gateway, with the real auth, listings and
// media services, photos staged and stored as local files in a temporary folder.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS, MEDIA_CACHE_CONTROL, MESSAGES, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { alphaPng, cameraJpeg, plainWebp, SECRET_MAKE } from '../../../services/media/src/images/__tests__/fixtures.js';
import { signUp, TEST_ADMIN } from './people.js';
import { startTestSystem, type Browser, type TestSystem } from './system.js';

let system: TestSystem;
let dir: string;
let store: LocalFileStore;
let landlord: { browser: Browser; user: PublicUser };
let camera: Buffer;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-post-e2e-'));
  store = new LocalFileStore(dir);
  system = await startTestSystem({
    services: ['auth', 'listings', 'media'],
    env: { ...TEST_ADMIN, MEDIA_DIR: dir },
    gateway: { objectStore: store },
  });
  landlord = await signUp(system, 'landlord', { verified: true });
  [camera, png, webp] = await Promise.all([cameraJpeg(2400, 1800), alphaPng(640, 480), plainWebp(500, 300)]);
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

const FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'apartment',
  title: 'Bright apartment in Bastos',
  paymentTerm: 'monthly',
  price: '200000',
  caution: '400000',
  description: 'Three bedrooms, secure compound, constant water.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Yaounde',
  'location[neighbourhood]': 'Bastos',
  'specifications[bedrooms]': '3',
  'specifications[toilets]': '2',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '1',
  'specifications[size]': '110',
  'specifications[distanceFromRoad]': '5',
  'specifications[sections]': '',
  amenities: JSON.stringify(['water', 'security']),
};

/** The web app's FormData: fields, then `propertyImages` named `${timestamp}-${index}-${originalName}`. */
function form(files: { name: string; bytes: Buffer; type?: string }[], fields: Record<string, string> = FIELDS): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const stamp = Date.now();
  files.forEach((file, index) =>
    data.append('propertyImages', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), `${stamp}-${index}-${file.name}`),
  );
  return data;
}

async function postForm(browser: Browser | undefined, body: FormData | string, headers: Record<string, string> = {}) {
  const session = browser?.cookie('mboa_session');
  const res = await fetch(`${system.url}/api/property/post`, {
    method: 'POST',
    body,
    headers: { ...(session ? { cookie: `mboa_session=${session}` } : {}), ...headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

const stored = (prefix: string) => store.list(prefix);

/** Staged files on disk, including one still being written (a hidden temporary file) and content-type sidecars. */
async function stagedOnDisk(): Promise<string[]> {
  const names = await Promise.all(
    [path.join(dir, 'uploads'), path.join(dir, '.meta', 'uploads')].map((d) => readdir(d).catch(() => [] as string[])),
  );
  return names.flat();
}

/** Nothing staged is ever left behind, whatever the outcome. */
async function expectNoStagedFiles(): Promise<void> {
  // The refusal answers first; the staged file in progress is removed right after.
  for (let i = 0; i < 50 && (await stagedOnDisk()).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await stagedOnDisk()).toEqual([]);
}

describe('POST /api/property/post', () => {
  let property: PropertyRead;

  it('posts a verified landlord\'s property with 3 photos, re-encoded, in the order posted', async () => {
    const res = await postForm(
      landlord.browser,
      form([
        { name: 'living room.jpg', bytes: camera },
        { name: 'kitchen.png', bytes: png, type: 'image/png' },
        { name: 'veranda.webp', bytes: webp, type: 'image/webp' },
      ]),
    );
    expect(res.status).toBe(201);
    property = res.body.property;
    expect(res.body).toMatchObject({ message: MESSAGES.property.created, id: property.id, _id: property.id });
    expect(property).toMatchObject({
      title: 'Bright apartment in Bastos',
      status: 'available',
      isVerified: false,
      location: { town: 'Yaounde', neighbourhood: 'Bastos' },
      amenities: ['water', 'security'],
    });
    // Orientation 6 turned the 2400 × 1800 camera pixels upright.
    expect(property.propertyImages.map((i) => [i.width, i.height])).toEqual([
      [768, 1024],
      [640, 480],
      [500, 300],
    ]);
    property.propertyImages.forEach((image, index) => {
      expect(image.url).toMatch(/^\/media\/properties\/[A-Za-z0-9_-]+\/[a-f0-9]{24}-large\.webp$/);
      expect(image.alt).toBe(`Bright apartment in Bastos – photo ${index + 1}`);
    });
    expect(property.thumbnail).toMatch(/^\/media\/properties\/.+-thumb\.webp$/);
    await expectNoStagedFiles();
  });

  it('serves the photos under /media as immutable WebP without metadata', async () => {
    const url = property.propertyImages[0].url;
    const res = await fetch(system.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 768, 1024]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain(SECRET_MAKE);

    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(system.url + url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);

    const head = await fetch(system.url + url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(Number(head.headers.get('content-length'))).toBe(bytes.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const thumb = await fetch(system.url + property.thumbnail!);
    expect(thumb.status).toBe(200);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBeLessThanOrEqual(LIMITS.images.thumbnailDimension);
  });

  it('answers 404 for missing files, invalid keys and staged uploads', async () => {
    await store.put('uploads/00000000-0000-4000-8000-000000000000', Buffer.from('secret'), 'image/jpeg');
    for (const url of [
      '/media/properties/nope/000000000000000000000000-large.webp',
      '/media/uploads/00000000-0000-4000-8000-000000000000',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/properties/%2E%2E/x.webp',
      '/media/.meta/properties/x.json',
    ]) {
      const res = await fetch(system.url + url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    await store.remove('uploads/00000000-0000-4000-8000-000000000000');
  });

  it('refuses 11 photos with the catalog message, keeping nothing', async () => {
    const before = await stored('properties/');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: png, type: 'image/png' }));
    const res = await postForm(landlord.browser, form(eleven));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.property.maxImages });
    expect(await stored('properties/')).toEqual(before);
    await expectNoStagedFiles();
  });

  it('stops a photo of 10 MB + 1 byte at the limit with 413, before the rest of the upload arrives', async () => {
    const before = await stored('properties/');
    const boundary = `----mboa${randomBytes(8).toString('hex')}`;
    const head = (name: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="propertyImages"; filename="${Date.now()}-0-${name}"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      );
    const fieldParts = Object.entries(FIELDS).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    const big = Buffer.concat([camera, Buffer.alloc(LIMITS.images.maxBytes + 1 - camera.length, 7)]);
    const parts = [...fieldParts, head('huge.jpg'), big, Buffer.from('\r\n')];
    const limitCrossedAt = parts.reduce((n, p) => n + p.length, 0);
    // Three more large files the server should never need to read.
    for (let i = 0; i < 3; i++) parts.push(head(`more${i}.jpg`), Buffer.alloc(9 * 1024 * 1024, i), Buffer.from('\r\n'));
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const total = parts.reduce((n, p) => n + p.length, 0);

    const { status, body, written } = await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
      let written = 0;
      let answered = false;
      const req = http.request(`${system.url}/api/property/post`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
          cookie: `mboa_session=${landlord.browser.cookie('mboa_session')}`,
        },
      });
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: text, written });
          req.destroy();
        });
      });
      req.on('error', (e) => (answered ? undefined : reject(e)));
      // Written in 256 KB pieces, waiting for the socket to drain, like a phone on mobile data.
      (async () => {
        for (const part of parts) {
          for (let at = 0; at < part.length && !answered; at += 256 * 1024) {
            written += Math.min(256 * 1024, part.length - at);
            if (!req.write(part.subarray(at, at + 256 * 1024))) await new Promise((r) => req.once('drain', r));
          }
          if (answered) return;
        }
        req.end();
      })().catch(() => undefined);
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({
      message: MESSAGES.property.imageTooLarge,
      errors: [`huge.jpg: ${MESSAGES.property.imageTooLarge}`],
    });
    // The answer came while most of the 37 MB body was still unsent: past the limit, the client
    // could only fill the sockets' buffers.
    expect(written).toBeLessThan(total);
    expect(written - limitCrossedAt).toBeLessThan(8 * 1024 * 1024);
    expect(await stored('properties/')).toEqual(before);
    await expectNoStagedFiles();
  });

  it('removes the staged part of an upload the client abandons midway', async () => {
    const boundary = `----mboa${randomBytes(8).toString('hex')}`;
    const req = http.request(`${system.url}/api/property/post`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(20 * 1024 * 1024),
        cookie: `mboa_session=${landlord.browser.cookie('mboa_session')}`,
      },
    });
    req.on('error', () => undefined);
    try {
      // The details first, as the web app sends them: a photo is stored only once they pass.
      for (const [k, v] of Object.entries(FIELDS)) req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="propertyImages"; filename="${Date.now()}-0-a.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      );
      req.write(camera);
      // Wait until the file is being staged, then drop the connection like a phone losing signal.
      for (let i = 0; i < 100 && (await stagedOnDisk()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await stagedOnDisk()).toEqual([expect.stringMatching(/^\.tmp-/)]);
    } finally {
      req.destroy();
    }
    await expectNoStagedFiles();
  });

  it('refuses a file that is not an image whatever its name, naming it, and keeps nothing', async () => {
    const before = await stored('properties/');
    const res = await postForm(
      landlord.browser,
      form([
        { name: 'good.png', bytes: png, type: 'image/png' },
        { name: 'notes.jpg', bytes: Buffer.from('Just some text, not a photo.') },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: MESSAGES.property.imageTypeNotAllowed,
      errors: [`notes.jpg: ${MESSAGES.property.imageTypeNotAllowed}`],
    });
    expect(await stored('properties/')).toEqual(before);
    await expectNoStagedFiles();
  });

  it('checks the fields before any photo is processed', async () => {
    const before = await stored('properties/');
    const res = await postForm(landlord.browser, form([{ name: 'a.png', bytes: png, type: 'image/png' }], { ...FIELDS, title: 'x'.repeat(101), category: '' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.stringContaining(MESSAGES.property.titleTooLong)]));
    expect(await stored('properties/')).toEqual(before);
    await expectNoStagedFiles();
  });

  it('discards the processed photos when listings refuses the poster (unverified landlord → 403)', async () => {
    const before = await stored('properties/');
    const unverified = await signUp(system, 'landlord');
    const res = await postForm(unverified.browser, form([{ name: 'a.png', bytes: png, type: 'image/png' }]));
    expect(res.status).toBe(403);
    expect(await stored('properties/')).toEqual(before);
    await expectNoStagedFiles();
  });

  it('answers 401 signed out, and 400 to a body that is not multipart', async () => {
    const signedOut = await postForm(undefined, form([{ name: 'a.png', bytes: png, type: 'image/png' }]));
    expect(signedOut.status).toBe(401);
    const json = await postForm(landlord.browser, JSON.stringify({ ...FIELDS }), { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    await expectNoStagedFiles();
  });

  it('posts without photos too', async () => {
    const res = await postForm(landlord.browser, form([]));
    expect(res.status).toBe(201);
    expect(res.body.property.propertyImages).toEqual([]);
  });

  it('is documented as multipart in OpenAPI', async () => {
    type Doc = { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }> };
    const doc = (await (await fetch(`${system.url}/api/docs/openapi.json`)).json()) as Doc;
    const op = doc.paths['/api/property/post'].post;
    const schema = op.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.propertyImages).toMatchObject({ type: 'array', items: { format: 'binary' } });
    expect(schema.properties['location[town]']).toBeDefined();
  });
});
