import type { Response } from 'express';
import { LIMITS } from '@mboa/contracts';

/** The headers a retry needs to read the answer as the first caller would have. */
const KEPT_HEADERS = ['content-type', 'content-language', 'location', 'set-cookie', 'link', 'etag', 'last-modified'];

export interface CapturedAnswer {
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  /** The body went past LIMITS.idempotency.maxStoredAnswerBytes: too big to keep. */
  oversized: boolean;
}

type Chunk = string | Buffer | Uint8Array;

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

/**
 * Keeps a copy of the answer as the handler writes it (before compression, which wraps the
 * response earlier and so sees the bytes after this). Settles when the handler ends the answer,
 * whether or not the client is still there to read it: an answer lost on the way is still kept.
 */
export function captureAnswer(res: Response): Promise<CapturedAnswer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let oversized = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    const bytes = toBuffer(chunk, encoding);
    if (!bytes || oversized) return;
    size += bytes.length;
    if (size > LIMITS.idempotency.maxStoredAnswerBytes) {
      oversized = true;
      chunks.length = 0;
    } else chunks.push(bytes);
  };
  return new Promise((resolve) => {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = function (this: Response, chunk: Chunk, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    } as Response['write'];
    res.end = function (this: Response, ...args: unknown[]) {
      keep(args[0], args[1]);
      const headers: [string, string | string[]][] = [];
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers.push([name, Array.isArray(value) ? value.map(String) : String(value)]);
      }
      resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks), oversized });
      return end(...args);
    } as Response['end'];
  });
}
