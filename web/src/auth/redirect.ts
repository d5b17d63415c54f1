/** The admin app (a separate app under /admin/) sends signed-out staff to `/login?redirect=/admin/...`. */
const ADMIN_PATH = /^\/admin(?:[/?#]|$)/;

/**
 * The `redirect` query parameter when it is a same-origin path into the admin app, else null. Only
 * such paths are honoured, so the login page cannot be used to send people to another site.
 */
export function adminRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !ADMIN_PATH.test(value) || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return null;
  try {
    const url = new URL(value, 'http://same-origin.invalid');
    if (url.origin !== 'http://same-origin.invalid' || !ADMIN_PATH.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Full page loads into another app; an object so tests can replace `leave`. */
export const browser = {
  leave(url: string) {
    window.location.replace(url);
  },
};
