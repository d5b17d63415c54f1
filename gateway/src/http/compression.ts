import compression from 'compression';
import type { RequestHandler } from 'express';
import { LIMITS } from '@mboa/contracts';

/**
 * Compresses every text answer (API JSON, the apps' pages and any file without a precompressed
 * form) for a client that accepts it: brotli first, gzip otherwise, with `Vary: Accept-Encoding`.
 * Renters pay for every byte on a phone plan; a search page of JSON shrinks about five times.
 * Images, already compressed, are left alone (compressible types only), and so is anything the
 * static layer already encoded from a `.br` or `.gz` file.
 */
export function compressResponses(): RequestHandler {
  return compression({ threshold: LIMITS.http.compressMinBytes });
}
