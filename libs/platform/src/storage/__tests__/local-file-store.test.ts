import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFileStore, ObjectNotFoundError, readObjectBody } from '../index.js';
import { describeObjectStoreContract } from './object-store.contract.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'mboa-storage-local-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeObjectStoreContract('LocalFileStore', () => new LocalFileStore(path.join(root, 'contract')));

describe('LocalFileStore on disk', () => {
  let store: LocalFileStore;
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(root, 'disk-'));
    store = new LocalFileStore(dir);
  });

  it('keeps the bytes at <root>/<key> and the content type in <root>/.meta/<key>.json', async () => {
    await store.put('properties/p1/i1-large.webp', Buffer.from('pixels'), 'image/webp');
    expect(await readFile(path.join(dir, 'properties/p1/i1-large.webp'), 'utf8')).toBe('pixels');
    expect(JSON.parse(await readFile(path.join(dir, '.meta/properties/p1/i1-large.webp.json'), 'utf8'))).toEqual({
      contentType: 'image/webp',
    });
  });

  it('leaves no temporary file behind', async () => {
    await store.put('properties/p1/a.webp', Buffer.alloc(10_000), 'image/webp');
    await store.put('properties/p1/a.webp', Buffer.alloc(20_000), 'image/webp');
    expect(await readdir(path.join(dir, 'properties/p1'))).toEqual(['a.webp']);
  });

  it('falls back to the extension when the sidecar is missing', async () => {
    await store.put('properties/p1/a.webp', Buffer.from('x'), 'image/webp');
    await rm(path.join(dir, '.meta/properties/p1/a.webp.json'));
    expect((await store.stat('properties/p1/a.webp')).contentType).toBe('image/webp');
    await writeFile(path.join(dir, 'properties/p1/raw'), 'x');
    expect((await store.stat('properties/p1/raw')).contentType).toBe('application/octet-stream');
  });

  it('never lets a key reach outside its root', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    const inner = new LocalFileStore(path.join(dir, 'inner'));
    await expect(inner.get('../secret.txt')).rejects.toThrow(/path traversal/);
    await expect(inner.put('../../evil.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/path traversal/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('streams the body of get', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 9);
    await store.put('big.bin', body, 'application/octet-stream');
    const got = await store.get('big.bin');
    expect(Buffer.isBuffer(got.body)).toBe(false);
    expect((await readObjectBody(got.body)).equals(body)).toBe(true);
  });

  it('uses .data/objects by default', () => {
    expect(new LocalFileStore().root).toBe(path.resolve('.data/objects'));
  });

  it('reports a missing file in a missing directory as not found', async () => {
    await expect(store.stat('no/such/dir/file.webp')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await store.list('no/')).toEqual([]);
  });
});
