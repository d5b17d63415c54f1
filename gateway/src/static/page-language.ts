import { LANGUAGE_COOKIE, LANGUAGE_WHEN_IN_DOUBT, LANGUAGES, isLanguage, type Language } from '@mboa/contracts';
import type { Request } from 'express';

/**
 * The language a web page will show, decided as the apps decide it (libs/web-core i18n): the
 * device's choice (cookie), then a shared link's `?lang=`, then the browser's `Accept-Language`,
 * French when in doubt. The page's `<html lang>` says it before any script runs, for screen
 * readers, translation prompts and search engines.
 */
export function pageLanguage(req: Request): Language {
  const chosen = (req.cookies as Record<string, unknown> | undefined)?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const linked = req.query.lang;
  if (isLanguage(linked)) return linked;
  // Only a header that names one of ours decides (`*`, what fetch sends by default, does not).
  if (/(^|[\s,])(en|fr)\b/i.test(req.headers['accept-language'] ?? '')) {
    const best = req.acceptsLanguages(...LANGUAGES);
    const found = LANGUAGES.find((l) => l === best);
    if (found) return found;
  }
  return LANGUAGE_WHEN_IN_DOUBT;
}

/** The built index.html's `<html lang="…">` set to `language`. */
export function withPageLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`);
}
