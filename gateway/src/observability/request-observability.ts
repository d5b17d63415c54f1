import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { pinoHttp } from 'pino-http';
import { httpRequestDuration, REQUEST_ID_HEADER, requestIdFrom, runWithRequestId, type PinoLogger } from '@mboa/platform';

// Probes run every few seconds; their lines would drown the ones people read.
const QUIET_PATHS = new Set(['/api/health']);
// A file of the web apps or an image (`/assets/index-3f2a.js`, `/media/…/w1024.webp`): one page
// view loads dozens; at info they would bury the API calls.
const FILE = /\.[A-Za-z0-9]{1,8}$/;

/**
 * First middleware of the gateway: gives the request its id (the caller's `x-request-id` when
 * sane, else a new one), returns it in the response, runs the rest of the request under it (so
 * logs and NATS calls carry it), records the latency on finish, and (pino-http) writes one access
 * line per request: `{ requestId, method, url, route, status, durationMs, msg: "request" }`.
 */
export function requestObservability(logger?: PinoLogger) {
  const accessLog = logger ? accessLogger(logger) : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    req.id = requestId;
    const stop = httpRequestDuration.startTimer();
    res.once('finish', () => stop({ method: req.method, route: routeTemplate(req, res), status: res.statusCode }));
    runWithRequestId(requestId, () => (accessLog ? accessLog(req, res, next) : next()));
  };
}

function accessLogger(logger: PinoLogger) {
  const line = (req: IncomingMessage, res: ServerResponse, durationMs: number) => {
    const request = req as Request;
    return {
      // Our genReqId makes it a string; pino-http's type also allows a number or an object.
      requestId: typeof request.id === 'object' ? JSON.stringify(request.id) : String(request.id),
      method: request.method,
      url: request.originalUrl,
      route: routeTemplate(request, res as Response),
      status: res.statusCode,
      durationMs,
    };
  };
  return pinoHttp({
    logger,
    // Only the fields above: no request or response objects bound to the line.
    quietResLogger: true,
    customLogLevel: (req) => {
      const path = (req as Request).path;
      return QUIET_PATHS.has(path) || (!(req as Request).route && FILE.test(path)) ? 'debug' : 'info';
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => line(req, res, value.responseTime),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
  });
}

/** The matched route's template (`/api/properties/:id`), never the raw path (unbounded labels). */
export function routeTemplate(req: Request, res: Response): string {
  // Express types `req.route` as any; it is the matched layer's route, with the path it was declared with.
  const route: unknown = req.route;
  const path = route && typeof route === 'object' && 'path' in route ? route.path : undefined;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}` || '/';
  if (res.statusCode === 404) return 'unmatched';
  // The web apps' files and pages (express.static and the SPA fallback).
  return req.originalUrl.startsWith('/admin') ? '/admin/*' : '/*';
}
