import type { NextFunction, Request, Response } from 'express';
import { SESSION_COOKIE } from '../auth/session-cookie.js';

const NO_STORE = 'no-store';
// Either name (`__Host-` under HTTPS, docs/api.md#sessions-and-cookies).
const SETS_SESSION = new RegExp(`^\\s*(?:__Host-)?${SESSION_COOKIE}=`);
const CARRIES_SESSION = new RegExp(`(?:^|;)\\s*(?:__Host-)?${SESSION_COOKIE}=[^;\\s]`);

/**
 * `Cache-Control: no-store` on everything that belongs to one signed-in person: every /api answer
 * to a request carrying the session cookie, and every answer that sets or clears that cookie (sign
 * in, sign up, sign out, an expired session). A shared phone's browser, a carrier's or an office's
 * proxy must never keep one person's data or session for the next.
 */
export function noStoreForSessions(req: Request, res: Response, next: NextFunction): void {
  // Read from the raw header: this runs before the cookie parser, so even the earliest refusals count.
  if (isApi(req) && CARRIES_SESSION.test(req.headers.cookie ?? '')) res.setHeader('Cache-Control', NO_STORE);
  // Whatever handler sets the cookie, the decision is taken when the headers go out.
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (setsSessionCookie(this)) this.setHeader('Cache-Control', NO_STORE);
    return writeHead(...args);
  } as Response['writeHead'];
  next();
}

function isApi(req: Request): boolean {
  const path = req.originalUrl.split('?')[0];
  return path === '/api' || path.startsWith('/api/');
}

function setsSessionCookie(res: Response): boolean {
  const header = res.getHeader('Set-Cookie');
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return lines.some((line) => SETS_SESSION.test(line));
}
