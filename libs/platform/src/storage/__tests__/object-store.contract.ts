// The behaviour every ObjectStore adapter must share; each adapter's test file runs it.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  readObjectBody,
  type ObjectStore,
} from '../index.js';

/** `count` chunks of `chunkBytes`, recording how many were pulled. */
function chunks(count: number, chunkBytes: number, seen = { pulled: 0 }) {
  return {
    seen,
    source: (async function* () {
      for (let i = 0; i < count; i++) {
        seen.pulled++;
        yield Buffer.alloc(chunkBytes, i % 251);
      }
    })(),
  };
}

export interface ContractOptions {
  /** Whether list(prefix) is implemented by the adapter. */
  list?: boolean;
  /**
   * Whether the server behind the adapter replaces an object whole when writes of one key race
   * (MinIO and the local files do). s3rver, the stand-in MinIO's tests run against here, streams
   * each PUT into the same file, so racing writes can interleave there: that is the stand-in's
   * behaviour, not the adapter's.
   */
  atomicOverwrite?: boolean;
}

export function describeObjectStoreContract(
  name: string,
  factory: () => Promise<ObjectStore> | ObjectStore,
  options: ContractOptions = { list: true, atomicOverwrite: true },
): void {
  describe(`ObjectStore contract: ${name}`, () => {
    let store: ObjectStore;
    // Each test writes under its own prefix, so the tests share one store without meeting.
    let prefix: string;
    const key = (rest: string) => `${prefix}/${rest}`;

    beforeAll(async () => {
      store = await factory();
    });
    beforeEach(() => {
      prefix = `contract-${randomUUID()}`;
    });

    it('gives back the same bytes, content type and size', async () => {
      const body = randomBytes(200_000);
      await store.put(key('a-large.webp'), body, 'image/webp');
      const got = await store.get(key('a-large.webp'));
      expect(got.contentType).toBe('image/webp');
      expect(got.size).toBe(body.length);
      expect((await readObjectBody(got.body)).equals(body)).toBe(true);
    });

    it('keeps the content type given to put, whatever the key looks like', async () => {
      await store.put(key('data.bin'), Buffer.from('{"a":1}'), 'application/json');
      expect((await store.stat(key('data.bin'))).contentType).toBe('application/json');
      expect((await store.get(key('data.bin'))).contentType).toBe('application/json');
    });

    it('stores an empty object', async () => {
      await store.put(key('empty'), Buffer.alloc(0), 'application/octet-stream');
      const got = await store.get(key('empty'));
      expect(got.size).toBe(0);
      expect((await readObjectBody(got.body)).length).toBe(0);
    });

    it('stats size and type without the body', async () => {
      await store.put(key('t.webp'), Buffer.alloc(1234, 7), 'image/webp');
      expect(await store.stat(key('t.webp'))).toEqual({ size: 1234, contentType: 'image/webp' });
    });

    it('answers a missing key with ObjectNotFoundError from get and stat, false from exists', async () => {
      await expect(store.get(key('missing.webp'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.stat(key('missing.webp'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.get(key('missing.webp'))).rejects.toMatchObject({ key: key('missing.webp') });
      expect(await store.exists(key('missing.webp'))).toBe(false);
    });

    it('treats a "directory" as no object', async () => {
      await store.put(key('dir/file.webp'), Buffer.from('x'), 'image/webp');
      await expect(store.get(key('dir'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect(await store.exists(key('dir'))).toBe(false);
    });

    it('overwrites an object whole', async () => {
      await store.put(key('o.webp'), Buffer.alloc(5000, 1), 'image/webp');
      await store.put(key('o.webp'), Buffer.from('short'), 'text/plain');
      const got = await store.get(key('o.webp'));
      expect(got.size).toBe(5);
      expect(got.contentType).toBe('text/plain');
      expect((await readObjectBody(got.body)).toString()).toBe('short');
    });

    it('removes an object, and removing it again is fine', async () => {
      await store.put(key('r.webp'), Buffer.from('x'), 'image/webp');
      expect(await store.exists(key('r.webp'))).toBe(true);
      await store.remove(key('r.webp'));
      expect(await store.exists(key('r.webp'))).toBe(false);
      await expect(store.get(key('r.webp'))).rejects.toBeInstanceOf(ObjectNotFoundError);
      await expect(store.remove(key('r.webp'))).resolves.toBeUndefined();
    });

    (options.atomicOverwrite === false ? it.skip : it)('survives concurrent writes of the same key with one whole version', async () => {
      const versions = [Buffer.alloc(100_000, 1), Buffer.alloc(50_000, 2), Buffer.alloc(75_000, 3)];
      await Promise.all(versions.map((v) => store.put(key('race.webp'), v, 'image/webp')));
      const got = await readObjectBody((await store.get(key('race.webp'))).body);
      expect(versions.some((v) => v.equals(got))).toBe(true);
    });

    it('streams an object in with putStream, small or in several parts', async () => {
      const small = await store.putStream(key('small.webp'), Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'image/webp');
      expect(small).toEqual({ size: 6 });
      expect((await readObjectBody((await store.get(key('small.webp'))).body)).toString()).toBe('abcdef');

      // 12 MiB: more than one 5 MiB multipart part in the MinIO adapter.
      const { source } = chunks(192, 64 * 1024);
      const big = await store.putStream(key('big.bin'), source, 'application/octet-stream', { maxBytes: 20 * 1024 * 1024 });
      expect(big.size).toBe(192 * 64 * 1024);
      const got = await store.get(key('big.bin'));
      expect(got).toMatchObject({ size: big.size, contentType: 'application/octet-stream' });
      const bytes = await readObjectBody(got.body);
      expect(bytes.length).toBe(big.size);
      expect(bytes[0]).toBe(0);
      expect(bytes[bytes.length - 1]).toBe(191 % 251);
    });

    it('refuses a stream past maxBytes as soon as it passes, storing nothing', async () => {
      const { source, seen } = chunks(100, 100_000);
      const error = await store.putStream(key('huge.bin'), source, 'image/jpeg', { maxBytes: 1_000_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ObjectTooLargeError);
      expect(error).toMatchObject({ key: key('huge.bin'), maxBytes: 1_000_000 });
      expect(seen.pulled).toBe(11);
      expect(await store.exists(key('huge.bin'))).toBe(false);
      // Exactly at the limit is fine.
      const exact = await store.putStream(key('exact.bin'), chunks(10, 100_000).source, 'image/jpeg', { maxBytes: 1_000_000 });
      expect(exact.size).toBe(1_000_000);
    });

    it('refuses a stream past maxBytes after 5 MiB too, and leaves the old object untouched', async () => {
      await store.put(key('keep.bin'), Buffer.from('old'), 'text/plain');
      const error = await store
        .putStream(key('keep.bin'), chunks(200, 64 * 1024).source, 'image/jpeg', { maxBytes: 7 * 1024 * 1024 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ObjectTooLargeError);
      const got = await store.get(key('keep.bin'));
      expect(got.contentType).toBe('text/plain');
      expect((await readObjectBody(got.body)).toString()).toBe('old');
    });

    it('streams an empty object', async () => {
      expect(await store.putStream(key('none'), Readable.from([]), 'application/octet-stream')).toEqual({ size: 0 });
      expect((await store.stat(key('none'))).size).toBe(0);
    });

    it.each([
      ['parent traversal', '../outside.webp'],
      ['traversal in the middle', 'properties/../../etc/passwd'],
      ['absolute path', '/etc/passwd'],
      ['backslash', 'properties\\..\\x.webp'],
      ['empty segment', 'properties//x.webp'],
      ['trailing slash', 'properties/'],
      ['dot segment', 'properties/./x.webp'],
      ['hidden file', 'properties/.meta'],
      ['empty key', ''],
      ['NUL byte', 'properties/x\0.webp'],
      ['space', 'properties/x y.webp'],
      ['too long', `p/${'a'.repeat(600)}`],
    ])('refuses a bad key (%s) in every operation', async (_what, bad) => {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.putStream(bad, Readable.from([Buffer.from('x')]), 'image/webp')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.stat(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.exists(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(store.remove(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });

    if (options.list) {
      it('lists keys by prefix, sorted, nothing else', async () => {
        await store.put(key('p1/b-thumb.webp'), Buffer.from('1'), 'image/webp');
        await store.put(key('p1/a-large.webp'), Buffer.from('2'), 'image/webp');
        await store.put(key('p1/deeper/c.webp'), Buffer.from('3'), 'image/webp');
        await store.put(key('p10/x.webp'), Buffer.from('4'), 'image/webp');
        await store.put(key('p2/y.webp'), Buffer.from('5'), 'image/webp');
        expect(await store.list(key('p1/'))).toEqual([key('p1/a-large.webp'), key('p1/b-thumb.webp'), key('p1/deeper/c.webp')]);
        expect(await store.list(key('p1'))).toEqual([
          key('p1/a-large.webp'),
          key('p1/b-thumb.webp'),
          key('p1/deeper/c.webp'),
          key('p10/x.webp'),
        ]);
        expect(await store.list(key('p1/a'))).toEqual([key('p1/a-large.webp')]);
        expect(await store.list(key('nothing/'))).toEqual([]);
        await store.remove(key('p1/a-large.webp'));
        expect(await store.list(key('p1/'))).toEqual([key('p1/b-thumb.webp'), key('p1/deeper/c.webp')]);
      });

      it('refuses a traversal prefix in list', async () => {
        await expect(store.list('../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      });
    }
  });
}
