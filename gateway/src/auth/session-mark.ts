import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { sessionMarkIn, sessionMarkName } from '@mboa/contracts';

/**
 * The session mark (docs/api.md#sessions-and-cookies), set and cleared with the session cookie:
 * readable by scripts, so the web app and its service worker know at start-up, offline included,
 * whether this browser still holds a session (the session cookie itself is HttpOnly). A new random
 * value at each sign-in names the session the worker's kept answers belong to; it grants nothing.
 */
function options(secure: boolean): CookieOptions {
  return { httpOnly: false, sameSite: 'lax', secure, path: '/' };
}

export function setSessionMark(res: Response, maxAgeMs: number | null, secure: boolean): void {
  res.cookie(sessionMarkName(secure), randomBytes(12).toString('base64url'), maxAgeMs ? { ...options(secure), maxAge: maxAgeMs } : options(secure));
}

export function clearSessionMark(res: Response, secure: boolean): void {
  res.clearCookie(sessionMarkName(secure), options(secure));
}

export function hasSessionMark(req: Request): boolean {
  return sessionMarkIn(req.headers.cookie ?? '') !== null;
}
