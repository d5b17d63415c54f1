import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { LIMITS } from '@mboa/contracts';

/** How long a slow client may take (defaults: LIMITS.http, sized for phones on 2G/3G). */
export interface HttpTimeouts {
  /** The request line and headers must all arrive within this. */
  headersMs: number;
  /** A body that sends nothing for this long is cut. */
  bodyIdleMs: number;
  /** The whole request (headers and body) must arrive within this. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** A body must bring at least this many bytes in any `bodyFloorWindowMs` (http/body-floor.ts). */
  bodyFloorBytes: number;
  bodyFloorWindowMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: LIMITS.http.headersTimeoutMs,
  bodyIdleMs: LIMITS.http.bodyIdleTimeoutMs,
  requestMs: LIMITS.http.requestTimeoutMs,
  keepAliveMs: LIMITS.http.keepAliveTimeoutMs,
  bodyFloorBytes: LIMITS.http.bodyFloorBytes,
  bodyFloorWindowMs: LIMITS.http.bodyFloorWindowMs,
};

/** Node's own bounds on the listener (408 and close past them); call before it listens. */
export function applyServerTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // Node enforces the first two on a timer, every 30 s by default: too coarse for a 20 s bound.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.max(100, Math.min(1000, timeouts.headersMs / 4));
}

/**
 * Cuts a request whose body stops arriving for `idleMs` (a stalled or Slowloris upload) by closing
 * its connection. The bound is lifted once the body is in, so the time the gateway itself takes to
 * answer never counts; once the answer is sent the socket's timer is Node's again (keep-alive).
 */
export function bodyIdleTimeout(idleMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return next();
    const socket = req.socket;
    const cut = () => socket.destroy();
    const forget = () => socket.off('timeout', cut);
    socket.setTimeout(idleMs);
    socket.on('timeout', cut);
    req.once('end', () => {
      if (res.writableFinished) return;
      socket.setTimeout(0);
      forget();
    });
    // Not setTimeout(0) here: Node has just armed the keep-alive timer on this socket.
    res.once('finish', forget);
    res.once('close', forget);
    next();
  };
}
