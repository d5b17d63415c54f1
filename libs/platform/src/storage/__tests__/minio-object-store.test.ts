// The MinIO adapter against a real S3-protocol server (s3rver, started here on a free port):
// no MinIO binary can be installed on these machines.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { checkStagingExpiry, LocalFileStore, MinioObjectStore, ObjectNotFoundError } from '../index.js';
import { describeObjectStoreContract } from './object-store.contract.js';

let server: S3rver;
let dir: string;
let endpoint: string;

const storeFor = (bucket: string) =>
  new MinioObjectStore({ endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-storage-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

// s3rver writes racing PUTs of one key into the same file (seen interleaved in a CI run): that case
// is checked against the local files, and against MinIO itself only where one runs.
describeObjectStoreContract('MinioObjectStore (s3rver)', () => storeFor('contract'), { list: true, atomicOverwrite: false });

describe('MinioObjectStore', () => {
  it('creates its bucket when missing, once, even under concurrent first calls', async () => {
    const store = storeFor('fresh-bucket');
    await Promise.all([
      store.put('a.webp', Buffer.from('a'), 'image/webp'),
      store.put('b.webp', Buffer.from('b'), 'image/webp'),
      store.exists('c.webp'),
    ]);
    expect(await store.list('')).toEqual(['a.webp', 'b.webp']);
    // A second instance (another process) finds the bucket there.
    expect(await storeFor('fresh-bucket').exists('a.webp')).toBe(true);
  });

  it('reports a missing object as ObjectNotFoundError, with the S3 error as cause', async () => {
    const error = await storeFor('contract').stat('nope/x.webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as Error).cause).toBeDefined();
  });

  it('fails plainly (not as not-found) when the server is unreachable', async () => {
    const store = new MinioObjectStore({ endpoint: 'http://127.0.0.1:1', accessKey: 'x', secretKey: 'y', bucket: 'b' });
    const error = await store.stat('a.webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ObjectNotFoundError);
  });
});

describe('staged uploads expiry, read from the bucket lifecycle rules at start', () => {
  const lines: string[] = [];
  const log = { log: (m: string) => lines.push(`log: ${m}`), error: (m: string) => lines.push(`error: ${m}`) };
  // s3rver has no lifecycle support; this node:http STAND-IN answers GetBucketLifecycleConfiguration
  // with whatever rules a test puts in `rules` (its signature is not checked).
  let standIn: Server;
  let standInUrl: string;
  let rules = '';
  beforeAll(async () => {
    standIn = createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/media?lifecycle') return res.writeHead(400).end();
      if (!rules) return res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchLifecycleConfiguration</Code><Message>none</Message></Error>');
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules}</LifecycleConfiguration>`);
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => standIn.close(resolve)));
  beforeEach(() => {
    lines.length = 0;
  });
  const onStandIn = () => new MinioObjectStore({ endpoint: standInUrl, accessKey: 'k', secretKey: 's', bucket: 'media', region: 'garage' });
  const rule = (id: string, prefix: string, days: number, status = 'Enabled') =>
    `<Rule><ID>${id}</ID><Status>${status}</Status><Filter><Prefix>${prefix}</Prefix></Filter><Expiration><Days>${days}</Days></Expiration></Rule>`;

  it('says for how long staged uploads live when a rule covers them', async () => {
    rules = rule('other', 'properties/', 3) + rule('mboa-expire-staged-uploads', 'uploads/', 1) + rule('off', '', 1, 'Disabled');
    expect(await checkStagingExpiry(onStandIn(), 'uploads/', log)).toEqual({ kind: 'set', days: 1 });
    expect(lines).toEqual(['log: object store: staged uploads (uploads/) in bucket media expire after 1 day(s)']);
  });

  it('logs an error naming the bucket and the fix when no rule covers them, or when the store will not say', async () => {
    rules = rule('other', 'properties/', 3);
    expect(await checkStagingExpiry(onStandIn(), 'uploads/', log)).toEqual({ kind: 'missing' });
    rules = '';
    expect(await checkStagingExpiry(onStandIn(), 'uploads/', log)).toEqual({ kind: 'missing' });
    const refused = await checkStagingExpiry(storeFor('contract'), 'uploads/', log);
    expect(refused).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/^NotImplemented: /) });
    const fix = 'run the storage-init one-shot, or add the rule on the store (infra/README.md, "Object store and search keys")';
    expect(lines).toEqual([
      `error: object store: no lifecycle rule expires uploads/ in bucket media, so staged uploads a crash leaves behind are never removed: ${fix}`,
      `error: object store: no lifecycle rule expires uploads/ in bucket media, so staged uploads a crash leaves behind are never removed: ${fix}`,
      expect.stringMatching(/^error: object store: bucket contract would not report its lifecycle rules \(NotImplemented: .*\), so whether staged uploads \(uploads\/\) expire is unknown: run the storage-init/),
    ]);
  });

  it('has nothing to check on local files', async () => {
    const local = new LocalFileStore(path.join(dir, 'local'));
    expect(await checkStagingExpiry(local, 'uploads/', log)).toEqual({ kind: 'not-applicable' });
    expect(lines).toEqual([]);
  });
});
