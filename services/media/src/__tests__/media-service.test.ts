// The media service over NATS, against local files in a temporary directory.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import sharp from 'sharp';
import {
  EVENT_TYPES,
  imageKeysOf,
  LIMITS,
  MEDIA_PATTERNS,
  MESSAGES,
  type ProcessImagesReply,
  type PropertyDeletedPayload,
} from '@mboa/contracts';
import { LocalFileStore, publishEvent, readObjectBody, RpcCallError, RpcClient, uniqueTestPrefix } from '@mboa/platform';
import { startMediaService } from '../main.js';
import type { MediaConfig } from '../config.js';
import { UPLOAD_MISSING } from '../image-uploads.service.js';
import { alphaPng, cameraJpeg, SECRET_MAKE } from '../images/__tests__/fixtures.js';

let dir: string;
let store: LocalFileStore;
let config: MediaConfig;
let service: INestMicroservice;
let rpc: RpcClient;
let nc: NatsConnection;
let camera: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-media-service-'));
  store = new LocalFileStore(dir);
  const prefix = uniqueTestPrefix('media');
  config = {
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: prefix,
    streamName: `T_${prefix.replace(/\W/g, '_')}`,
    store,
    documents: new LocalFileStore(path.join(dir, 'documents')),
    processingConcurrency: 2,
    consumeEvents: true,
  };
  service = await startMediaService(config, { logger: false });
  rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix, timeoutMs: 30_000 });
  await rpc.connect();
  nc = await connect({ servers: config.natsUrl });
  camera = await cameraJpeg(2400, 1800);
});

afterAll(async () => {
  await rpc?.close();
  await service?.close();
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(config.streamName).catch(() => undefined);
    await nc.drain();
  }
  await rm(dir, { recursive: true, force: true });
});

async function stage(bytes: Buffer): Promise<string> {
  const key = `uploads/${randomUUID()}`;
  await store.put(key, bytes, 'application/octet-stream');
  return key;
}

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as RpcCallError);

describe('media.health', () => {
  it('reports the object store and the event consumer', async () => {
    expect(await rpc.call(MEDIA_PATTERNS.health, {})).toEqual({
      service: 'media',
      status: 'ok',
      checks: { objectStore: 'ok', events: 'ok' },
    });
  });
});

describe('media.images.process', () => {
  it('turns staged photos into metadata-free WebP variants, in the order posted, and deletes the staged files', async () => {
    const png = await alphaPng(640, 480);
    const uploads = [
      { key: await stage(camera), filename: '1716200000000-0-living room.jpg' },
      { key: await stage(png), filename: '1716200000000-1-kitchen.png' },
    ];
    const reply = await rpc.call(MEDIA_PATTERNS.imagesProcess, {
      ownerId: 'owner-1',
      title: 'Bright studio in Bonapriso',
      uploads,
    });
    expect(reply.images).toHaveLength(2);
    const [photo, kitchen] = reply.images as [ProcessImagesReply['images'][0], ProcessImagesReply['images'][0]];
    // Orientation 6: the 2400 × 1800 landscape pixels are a portrait photo.
    expect(photo.large).toMatchObject({ width: 768, height: 1024, mimeType: 'image/webp', url: `/media/${photo.large.key}` });
    expect(photo.thumbnail).toMatchObject({ width: 240, height: 320, mimeType: 'image/webp' });
    expect(kitchen.large).toMatchObject({ width: 640, height: 480 });
    expect(photo.alt).toBe('Bright studio in Bonapriso – photo 1');
    expect(kitchen.alt).toBe('Bright studio in Bonapriso – photo 2');
    expect(photo.large.key).toMatch(/^properties\/[A-Za-z0-9_-]+\/[a-f0-9]{24}-large\.webp$/);

    for (const variant of [photo.large, photo.thumbnail]) {
      const stored = await store.get(variant.key);
      expect(stored.contentType).toBe('image/webp');
      const bytes = await readObjectBody(stored.body);
      expect(bytes.length).toBe(variant.bytes);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain(SECRET_MAKE);
    }
    expect(photo.large.bytes).toBeLessThan(200 * 1024);
    expect(await store.list('uploads/')).toEqual([]);
  });

  it('names the photo after its file when no title is given', async () => {
    const reply = await rpc.call(MEDIA_PATTERNS.imagesProcess, {
      ownerId: 'owner-1',
      uploads: [
        { key: await stage(await alphaPng(200, 100)), filename: '1716200000000-0-veranda_at-dusk.png' },
        { key: await stage(await alphaPng(200, 101)), filename: '1716200000000-1-IMG_2041.PNG' },
      ],
    });
    expect(reply.images.map((i) => i.alt)).toEqual(['veranda at dusk', 'Property photo 2']);
  });

  it('refuses a text file named .jpg, naming it, and keeps nothing of the whole posting', async () => {
    const before = await store.list('properties/');
    const uploads = [
      { key: await stage(await alphaPng(300, 200)), filename: '1716200000000-0-fine.png' },
      { key: await stage(Buffer.from('this is not a photo at all')), filename: '1716200000000-1-notes.jpg' },
    ];
    const error = await refusal(rpc.call(MEDIA_PATTERNS.imagesProcess, { ownerId: 'owner-1', title: 'x', uploads }));
    expect(error).toBeInstanceOf(RpcCallError);
    expect(error).toMatchObject({ status: 400, message: MESSAGES.property.imageTypeNotAllowed });
    expect(error!.errors).toEqual([`notes.jpg: ${MESSAGES.property.imageTypeNotAllowed}`]);
    expect(await store.list('uploads/')).toEqual([]);
    expect(await store.list('properties/')).toEqual(before);
  });

  it('refuses more than 10 uploads, and keys outside the staging area, touching nothing else', async () => {
    const eleven = await Promise.all(Array.from({ length: 11 }, async (_, i) => ({ key: await stage(Buffer.from('x')), filename: `${i}.jpg` })));
    const tooMany = await refusal(rpc.call(MEDIA_PATTERNS.imagesProcess, { ownerId: 'o', uploads: eleven }));
    expect(tooMany).toMatchObject({ status: 400, message: MESSAGES.property.maxImages });
    expect(await store.list('uploads/')).toEqual([]);

    await store.put('properties/keep/a-large.webp', Buffer.from('x'), 'image/webp');
    for (const key of ['properties/keep/a-large.webp', '../outside', 'uploads/../properties/keep/a-large.webp']) {
      const error = await refusal(rpc.call(MEDIA_PATTERNS.imagesProcess, { ownerId: 'o', uploads: [{ key, filename: 'a.jpg' }] }));
      expect(error).toMatchObject({ status: 400 });
    }
    expect(await store.exists('properties/keep/a-large.webp')).toBe(true);
  });

  it('answers 400 when a staged file is gone', async () => {
    const error = await refusal(
      rpc.call(MEDIA_PATTERNS.imagesProcess, { ownerId: 'o', uploads: [{ key: `uploads/${randomUUID()}`, filename: 'a.jpg' }] }),
    );
    expect(error).toMatchObject({ status: 400, message: UPLOAD_MISSING });
  });
});

describe('media.documents.store', () => {
  const documents = () => config.documents;

  it('keeps document photos re-encoded and metadata-free in the documents store, never in the photos store', async () => {
    const uploads = [
      { key: await stage(camera), filename: 'id-front.jpg' },
      { key: await stage(await alphaPng(640, 480)), filename: 'id-back.png' },
    ];
    const { files } = await rpc.call(MEDIA_PATTERNS.documentsStore, { ownerId: 'owner-doc-1', uploads });
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file.key).toMatch(/^documents\/owner-doc-1\/[0-9a-f-]{36}\.webp$/);
      expect(await store.exists(file.key)).toBe(false);
      const bytes = await readObjectBody((await documents().get(file.key)).body);
      expect(bytes.length).toBe(file.size);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain(SECRET_MAKE);
    }
    // Kept larger than a listing photo, so staff can read it: the 2400 × 1800 photo stands upright at 1536 × 2048.
    const first = await sharp(await readObjectBody((await documents().get(files[0].key)).body)).metadata();
    expect([first.width, first.height]).toEqual([1536, 2048]);
    expect(await store.list('uploads/')).toEqual([]);

    expect(await rpc.call(MEDIA_PATTERNS.documentsDiscard, { keys: files.map((f) => f.key) })).toEqual({ removed: 2 });
    for (const file of files) expect(await documents().exists(file.key)).toBe(false);
  });

  it('refuses a text file named .jpg and keeps none of the photos sent with it', async () => {
    const before = await documents().list('documents/owner-doc-2/');
    const uploads = [
      { key: await stage(camera), filename: 'front.jpg' },
      { key: await stage(Buffer.from('not a picture at all, only text')), filename: 'back.jpg' },
    ];
    const error = await refusal(rpc.call(MEDIA_PATTERNS.documentsStore, { ownerId: 'owner-doc-2', uploads }));
    expect(error?.status).toBe(400);
    expect(error?.errors?.[0]).toMatch(/^back\.jpg: /);
    expect(await documents().list('documents/owner-doc-2/')).toEqual(before);
    expect(await store.list('uploads/')).toEqual([]);
  });

  it('refuses more than three photos and keys outside the documents', async () => {
    const uploads = await Promise.all([0, 1, 2, 3].map(async (i) => ({ key: await stage(await alphaPng(100, 100 + i)), filename: `${i}.png` })));
    expect((await refusal(rpc.call(MEDIA_PATTERNS.documentsStore, { ownerId: 'owner-doc-3', uploads })))?.status).toBe(400);
    expect(await store.list('uploads/')).toEqual([]);
    expect((await refusal(rpc.call(MEDIA_PATTERNS.documentsDiscard, { keys: ['properties/x/abc-large.webp'] })))?.status).toBe(400);
  });
});

describe('a bound on waiting work', () => {
  it('refuses a posting whose photos would not all find a place in the line: 429 with Retry-After, its staged files removed', async () => {
    // A replica of its own: one photo at a time, at most three waiting.
    const prefix = uniqueTestPrefix('media-busy');
    const busy = await startMediaService({ ...config, subjectPrefix: prefix, processingConcurrency: 1, maxWaitingImages: 3, consumeEvents: false }, { logger: false });
    const client = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix, timeoutMs: 30_000 });
    await client.connect();
    try {
      const first = await Promise.all([camera, camera, camera, camera].map(stage));
      const working = client.call(MEDIA_PATTERNS.imagesProcess, {
        ownerId: 'owner-1',
        uploads: first.map((key, i) => ({ key, filename: `${i}.jpg` })),
      });
      await new Promise((r) => setTimeout(r, 150));
      const second = await stage(camera);
      const refused = await refusal(
        client.call(MEDIA_PATTERNS.imagesProcess, { ownerId: 'owner-2', uploads: [{ key: second, filename: 'late.jpg' }] }),
      );
      expect(refused).toBeInstanceOf(RpcCallError);
      expect([refused!.status, refused!.message, refused!.retryAfter]).toEqual([429, MESSAGES.upload.busy, LIMITS.uploads.busyRetryAfterSeconds]);
      expect(await store.exists(second)).toBe(false);
      // The posting already in line is not disturbed, and the line takes work again once it moves.
      expect((await working).images).toHaveLength(4);
      const again = await client.call(MEDIA_PATTERNS.imagesProcess, {
        ownerId: 'owner-2',
        uploads: [{ key: await stage(camera), filename: 'late.jpg' }],
      });
      expect(again.images).toHaveLength(1);
    } finally {
      await client.close();
      await busy.close();
    }
  }, 120_000);
});

describe('removing images', () => {
  async function processed(): Promise<ProcessImagesReply> {
    return rpc.call(MEDIA_PATTERNS.imagesProcess, {
      ownerId: 'owner-2',
      title: 'Shop',
      uploads: [{ key: await stage(await alphaPng(320, 240)), filename: 'a.png' }],
    });
  }

  it('media.images.discard removes the variants, and only property image keys', async () => {
    const { images } = await processed();
    const keys = imageKeysOf(images);
    for (const key of keys) expect(await store.exists(key)).toBe(true);
    expect(await rpc.call(MEDIA_PATTERNS.imagesDiscard, { keys })).toEqual({ removed: 2 });
    for (const key of keys) expect(await store.exists(key)).toBe(false);
    // Twice is fine (a retried compensation).
    expect(await rpc.call(MEDIA_PATTERNS.imagesDiscard, { keys })).toEqual({ removed: 2 });
    await expect(rpc.call(MEDIA_PATTERNS.imagesDiscard, { keys: ['uploads/x', '../etc/passwd'] })).rejects.toMatchObject({ status: 400 });
  });

  it('deletes a property\'s images when property.deleted names them', async () => {
    const { images } = await processed();
    const keys = imageKeysOf(images);
    const payload: PropertyDeletedPayload = { propertyId: 'p1', ownerId: 'owner-2', deletedBy: 'owner-2', version: 2, imageKeys: keys };
    await publishEvent(nc, { type: EVENT_TYPES.propertyDeleted, payload }, { prefix: config.subjectPrefix });
    const deadline = Date.now() + 10_000;
    while ((await Promise.all(keys.map((k) => store.exists(k)))).some(Boolean)) {
      if (Date.now() > deadline) throw new Error('images still there 10 s after property.deleted');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
