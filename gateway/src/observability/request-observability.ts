import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration, REQUEST_ID_HEADER, requestIdFrom, runWithRequestId, type PinoLogger } from '@mboa/platform';

// Probes run every few seconds; their lines would drown the ones people read.
const QUIET_PATHS = new Set(['/api/health']);

/**
 * First middleware of the gateway: gives the request its id (the caller's `x-request-id` when
 * sane, else a new one), returns it in the response, runs the rest of the request under it (so
 * logs and NATS calls carry it), and on finish records the latency and writes the access line.
 */
export function requestObservability(logger?: PinoLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const stop = httpRequestDuration.startTimer();
    res.once('finish', () => {
      const route = routeTemplate(req, res);
      const seconds = stop({ method: req.method, route, status: res.statusCode });
      if (!logger) return;
      runWithRequestId(requestId, () => {
        const line = { method: req.method, url: req.originalUrl, route, status: res.statusCode, durationMs: Math.round(seconds * 1000) };
        if (QUIET_PATHS.has(req.path)) logger.debug(line, 'request');
        else logger.info(line, 'request');
      });
    });
    runWithRequestId(requestId, next);
  };
}

/** The matched route's template (`/api/properties/:id`), never the raw path (unbounded labels). */
export function routeTemplate(req: Request, res: Response): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl ?? ''}${route.path}` || '/';
  if (res.statusCode === 404) return 'unmatched';
  // The web apps' files and pages (express.static and the SPA fallback).
  return req.originalUrl.startsWith('/admin') ? '/admin/*' : '/*';
}
