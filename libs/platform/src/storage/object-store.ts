import type { Readable } from 'node:stream';

export interface ObjectInfo {
  /** Bytes. */
  size: number;
  contentType: string;
}

/** What putStream may read from: a Node stream or any async iterable of bytes. */
export type ObjectSource = AsyncIterable<Uint8Array | string>;

export interface PutStreamOptions {
  /**
   * Refuse the object (ObjectTooLargeError, nothing stored) as soon as more bytes than this
   * arrive; reading stops there, the rest of the source is never pulled.
   */
  maxBytes?: number;
}

export interface StoredObject extends ObjectInfo {
  /** Both adapters stream the body; {@link readObjectBody} turns it into a Buffer when needed. */
  body: Buffer | Readable;
}

/**
 * Where image files live: MinIO (S3 API) in production, plain files on one machine. Keys are
 * `/`-separated paths checked by {@link assertValidObjectKey}; each adapter refuses any other.
 */
export interface ObjectStore {
  /** Writes the whole object, replacing any object of that key. Readers never see half a write. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes an object from a stream without holding it whole in memory (local: a temporary file;
   * MinIO: one request for small objects, 5 MiB multipart parts beyond). Same replace semantics
   * as put. @throws ObjectTooLargeError past `maxBytes`; nothing is stored then.
   */
  putStream(key: string, body: ObjectSource, contentType: string, options?: PutStreamOptions): Promise<{ size: number }>;
  /** @throws ObjectNotFoundError */
  get(key: string): Promise<StoredObject>;
  /** @throws ObjectNotFoundError */
  stat(key: string): Promise<ObjectInfo>;
  /** Removes the object; removing a missing key is not an error (handlers may run twice). */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'object_not_found';
  constructor(readonly key: string, options?: { cause?: unknown }) {
    super(`No stored object with key ${JSON.stringify(key)}`, options);
    this.name = 'ObjectNotFoundError';
  }
}

export class ObjectTooLargeError extends Error {
  readonly code = 'object_too_large';
  constructor(readonly key: string, readonly maxBytes: number) {
    super(`Object ${JSON.stringify(key)} is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export class InvalidObjectKeyError extends Error {
  readonly code = 'invalid_object_key';
  constructor(readonly key: string, reason: string) {
    super(`Invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

const MAX_KEY_LENGTH = 512;
/** Letters, digits, `-`, `_`, `.`; never starting with a dot (no `..`, no hidden or temp files). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are made by our own code, but they end up in file paths and in URLs served under
 * `/media/<key>`, so anything unusual is refused rather than cleaned: no `..`, no absolute path,
 * no backslash, no empty or dot-led segment, nothing outside `[A-Za-z0-9._-]`.
 */
export function assertValidObjectKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidObjectKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidObjectKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith('/')) throw new InvalidObjectKeyError(key, 'absolute path');
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) {
      throw new InvalidObjectKeyError(key, segment === '..' ? 'path traversal' : `bad segment ${JSON.stringify(segment)}`);
    }
  }
}

/** A prefix for {@link ObjectStore.list}: empty, or a key's beginning (so it may end with `/`). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidObjectKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

export async function readObjectBody(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * The source's chunks as Buffers, failing with ObjectTooLargeError once more than `maxBytes` have
 * come; leaving the loop early calls the iterator's return(), which destroys a Node stream.
 */
export async function* limitBytes(source: ObjectSource, key: string, maxBytes = Infinity): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += buf.length;
    if (total > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
    yield buf;
  }
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  json: 'application/json',
  txt: 'text/plain',
};

/** Fallback when no content type was recorded. */
export function contentTypeFromKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES_BY_EXTENSION[ext] ?? 'application/octet-stream';
}
