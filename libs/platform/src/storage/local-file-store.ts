import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidObjectKey,
  assertValidPrefix,
  contentTypeFromKey,
  InvalidObjectKeyError,
  limitBytes,
  ObjectNotFoundError,
  type ObjectInfo,
  type ObjectSource,
  type ObjectStore,
  type PutStreamOptions,
  type StoredObject,
} from './object-store.js';

export const DEFAULT_LOCAL_OBJECTS_DIR = '.data/objects';

/** Directory (under the root) of the content-type sidecars; keys can't start with a dot, so no clash. */
const META_DIR = '.meta';

interface Sidecar {
  contentType: string;
}

const isMissing = (e: unknown): boolean =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((e as NodeJS.ErrnoException)?.code ?? '');

/**
 * Objects as plain files: `<root>/<key>` holds the bytes and `<root>/.meta/<key>.json` the content
 * type given to put(). Each file is written to a temporary name in the same directory, flushed and
 * renamed, so a reader sees the old object or the new one, never a partial one.
 */
export class LocalFileStore implements ObjectStore {
  readonly root: string;

  constructor(root: string = DEFAULT_LOCAL_OBJECTS_DIR) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.dataPath(key);
    // Sidecar first: a crash in between leaves a harmless sidecar rather than an object whose type
    // falls back to a guess.
    await this.writeAtomic(this.metaPath(key), JSON.stringify({ contentType } satisfies Sidecar));
    await this.writeAtomic(file, body);
  }

  async putStream(key: string, body: ObjectSource, contentType: string, options: PutStreamOptions = {}): Promise<{ size: number }> {
    const file = this.dataPath(key);
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.tmp-${randomUUID()}`);
    let size = 0;
    const counted = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(limitBytes(body, key, options.maxBytes)), counted, createWriteStream(temp, { flags: 'wx' }));
      const handle = await open(temp, 'r+');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
      // Only once the bytes are complete: a refused stream leaves any old object and its type as they were.
      await this.writeAtomic(this.metaPath(key), JSON.stringify({ contentType } satisfies Sidecar));
      await rename(temp, file);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
    return { size };
  }

  async get(key: string): Promise<StoredObject> {
    const file = this.dataPath(key);
    // Open first and take the size from the open file, so size and body always agree.
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (e) {
      throw isMissing(e) ? new ObjectNotFoundError(key, { cause: e }) : e;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new ObjectNotFoundError(key);
      const contentType = await this.contentType(key);
      return { body: handle.createReadStream(), size: info.size, contentType };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async stat(key: string): Promise<ObjectInfo> {
    const file = this.dataPath(key);
    let info;
    try {
      info = await stat(file);
    } catch (e) {
      throw isMissing(e) ? new ObjectNotFoundError(key, { cause: e }) : e;
    }
    if (!info.isFile()) throw new ObjectNotFoundError(key);
    return { size: info.size, contentType: await this.contentType(key) };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (e) {
      if (e instanceof ObjectNotFoundError) return false;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    // Empty directories are left behind: removing them would race with a put into the same one.
    await rm(this.dataPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    // Walk only the deepest directory the prefix names in full.
    const dirKey = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    await this.walk(dirKey, keys);
    return keys.filter((k) => k.startsWith(prefix)).sort();
  }

  private async walk(dirKey: string, into: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dirKey ? path.join(this.root, ...dirKey.split('/')) : this.root, { withFileTypes: true });
    } catch (e) {
      if (isMissing(e)) return;
      throw e;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // sidecars and temporary files
      const key = dirKey ? `${dirKey}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await this.walk(key, into);
      else if (entry.isFile()) into.push(key);
    }
  }

  private async contentType(key: string): Promise<string> {
    try {
      const sidecar = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Partial<Sidecar>;
      if (typeof sidecar.contentType === 'string' && sidecar.contentType) return sidecar.contentType;
    } catch (e) {
      if (!isMissing(e) && !(e instanceof SyntaxError)) throw e;
    }
    return contentTypeFromKey(key);
  }

  private dataPath(key: string): string {
    return this.inside(key, this.root);
  }

  private metaPath(key: string): string {
    return `${this.inside(key, path.join(this.root, META_DIR))}.json`;
  }

  /** The key's path under `base`, after validation, and checked again once resolved. */
  private inside(key: string, base: string): string {
    assertValidObjectKey(key);
    const file = path.resolve(base, ...key.split('/'));
    if (!file.startsWith(base + path.sep)) throw new InvalidObjectKeyError(key, 'outside the store');
    return file;
  }

  private async writeAtomic(file: string, data: string | Buffer): Promise<void> {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.tmp-${randomUUID()}`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(data);
        // Flushed before the rename, or a crash could leave the new name on an empty file.
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
  }
}
