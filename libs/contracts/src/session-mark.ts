/**
 * The session mark (docs/api.md#sessions-and-cookies): a cookie the gateway sets and clears beside
 * the HttpOnly session cookie, with the same lifetime, that scripts may read. It holds a random
 * value chosen at each sign-in and proves nothing (the gateway never reads it as a credential); it
 * only tells the web app and its service worker whether this browser still holds a session, and
 * which one, so that what the worker kept for one account is never shown once that session is gone
 * (docs/architecture.md#offline-and-installable).
 */
export const SESSION_MARK_COOKIE = 'mboa_signed_in';

/** Its name as set: with the `__Host-` prefix when the cookies are Secure (HTTPS), like the session's. */
export function sessionMarkName(secure: boolean): string {
  return secure ? `__Host-${SESSION_MARK_COOKIE}` : SESSION_MARK_COOKIE;
}

/** Both names a reader looks for: it cannot tell from the page which one the gateway uses. */
export const SESSION_MARK_NAMES = [sessionMarkName(true), sessionMarkName(false)] as const;

/** The mark's value in a `Cookie` header or `document.cookie`, or null when there is none. */
export function sessionMarkIn(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if ((SESSION_MARK_NAMES as readonly string[]).includes(name) && value !== '') return value;
  }
  return null;
}
