import { createHash, type Hash } from 'node:crypto';
import type { Request } from 'express';

/**
 * The request's fingerprint (the draft's "idempotency fingerprint"): SHA-256 over its media type,
 * its query and the bytes of its body as they arrived. For multipart/form-data the boundary is
 * left out wherever it occurs: a browser draws a new one each time it encodes the same FormData,
 * and the same fields and files in the same order are the same request. Hashing the bytes as they
 * stream by costs one pass and no copy, however large the photos; nothing is parsed twice.
 */
export class BodyFingerprint {
  private readonly hash: Hash = createHash('sha256');
  private readonly boundary: Buffer | null;
  /** The tail of the last chunk that may be the start of a boundary split across chunks. */
  private carry: Buffer = Buffer.alloc(0);

  constructor(req: Request) {
    const contentType = req.headers['content-type'] ?? '';
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    const boundary = mediaType.startsWith('multipart/') ? /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType) : null;
    this.boundary = boundary ? Buffer.from(boundary[1] ?? boundary[2], 'latin1') : null;
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    this.hash.update(`${mediaType}\n${query}\n`);
  }

  update(chunk: Buffer): void {
    if (!this.boundary) {
      this.hash.update(chunk);
      return;
    }
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    for (let at = bytes.indexOf(this.boundary, from); at !== -1; at = bytes.indexOf(this.boundary, from)) {
      this.hash.update(bytes.subarray(from, at));
      this.hash.update('\0boundary\0');
      from = at + this.boundary.length;
    }
    const safe = Math.max(from, bytes.length - (this.boundary.length - 1));
    this.hash.update(bytes.subarray(from, safe));
    this.carry = Buffer.from(bytes.subarray(safe));
  }

  digest(): string {
    this.hash.update(this.carry);
    return this.hash.digest('base64url');
  }
}

function asBuffer(chunk: unknown): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
}

/** The fingerprint of a body someone else reads (the body parser, busboy), taken as they read it. */
export interface WatchedBody {
  /** The digest once the body has ended; null when it broke off (the client went away mid-body). */
  readonly fingerprint: Promise<string | null>;
  /** Reads the rest itself when no handler did (a body-less POST, a route that ignores its body). */
  readRest(): void;
}

/**
 * Starts hashing the body alongside whoever reads it. The hash joins the first `data` listener at
 * the moment it is added, in the same tick, so it sees every chunk that reader sees and never sets
 * the body flowing before its reader is there (which would lose the chunks busboy waits for).
 */
export function watchBody(req: Request): WatchedBody {
  const fingerprint = new BodyFingerprint(req);
  let tapped = false;
  const onData = (chunk: unknown) => fingerprint.update(asBuffer(chunk));
  const tap = () => {
    if (tapped) return;
    tapped = true;
    req.off('newListener', onNewListener);
    req.on('data', onData);
  };
  const onNewListener = (event: string | symbol) => {
    if (event === 'data') tap();
  };
  const result = new Promise<string | null>((resolve) => {
    if (req.readableEnded) return resolve(fingerprint.digest());
    req.once('end', () => resolve(fingerprint.digest()));
    req.once('error', () => resolve(null));
    // A body that arrived whole is still read out after its connection closed: only a cut one has no fingerprint.
    req.once('close', () => {
      if (!req.readableEnded && !req.complete) resolve(null);
    });
  });
  req.on('newListener', onNewListener);
  return {
    fingerprint: result,
    readRest: () => {
      if (req.readableEnded) return;
      tap();
      req.resume();
    },
  };
}

/** Reads a whole body only to fingerprint it (a repeat of a finished request), keeping none of it. */
export function readFingerprint(req: Request): Promise<string | null> {
  const watched = watchBody(req);
  watched.readRest();
  return watched.fingerprint;
}
