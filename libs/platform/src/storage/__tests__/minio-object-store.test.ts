// The MinIO adapter against a real S3-protocol server (s3rver, started here on a free port):
// no MinIO binary can be installed on these machines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { MinioObjectStore, ObjectNotFoundError } from '../index.js';
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

describeObjectStoreContract('MinioObjectStore (s3rver)', () => storeFor('contract'));

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
