import type { NextFunction, Request, Response } from 'express';

/** The slowest body accepted: at least `bytes` in any `windowMs` of its arrival (LIMITS.http). */
export interface BodyFloor {
  bytes: number;
  windowMs: number;
}

/** Samples per window: the window slides in quarter steps. */
const STEPS = 4;

/**
 * Cuts a request whose body arrives slower than the floor (docs/api.md#limits) by closing its
 * connection: a trickle just fast enough to escape the idle bound would otherwise hold a posting
 * place for the whole request bound. Only time the client could send counts: while the gateway
 * itself holds the body back (not reading yet, or back-pressure from storage), the window starts
 * over, so our own slowness never cuts a phone.
 */
export function bodyFloor(floor: BodyFloor) {
  const stepMs = Math.max(50, Math.floor(floor.windowMs / STEPS));
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return next();
    const socket = req.socket;
    // Bytes read from the socket so far, at each step of the window (oldest first).
    let samples: { at: number; bytes: number }[] = [];
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) return stop();
      const now = Date.now();
      if (heldByUs(req)) {
        samples = [];
        return;
      }
      samples.push({ at: now, bytes: socket.bytesRead });
      // The newest sample a whole window old is where this window starts.
      let start = -1;
      for (let i = 0; i < samples.length && now - samples[i].at >= floor.windowMs; i++) start = i;
      if (start < 0) return;
      if (socket.bytesRead - samples[start].bytes < floor.bytes) {
        stop();
        socket.destroy();
        return;
      }
      samples = samples.slice(start);
    }, stepMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    req.once('end', stop);
    req.once('close', stop);
    res.once('close', stop);
    next();
  };
}

/** The body is not being read (nobody consumes it yet, or its consumer pushed back): not the client's fault. */
function heldByUs(req: Request): boolean {
  return req.readableFlowing !== true || req.readableLength > 0;
}
