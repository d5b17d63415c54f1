import { LANGUAGE_COOKIE, LANGUAGE_WHEN_IN_DOUBT, LANGUAGES, isLanguage, type Language } from '@mboa/contracts';
import type { Request } from 'express';
import { escapeHtml } from './link-preview.js';

/**
 * The language a web page will show, decided as the apps decide it (libs/web-core i18n): the
 * address's `?lang=` (each language has its own address, which the FR | EN switch moves to, so a
 * link or a search engine's result opens in the language it names), then the device's choice
 * (cookie), then the browser's `Accept-Language`, French when in doubt. The page's `<html lang>`
 * says it before any script runs, for screen readers, translation prompts and search engines.
 */
export function pageLanguage(req: Request): Language {
  const linked = req.query.lang;
  if (isLanguage(linked)) return linked;
  const chosen = (req.cookies as Record<string, unknown> | undefined)?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
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

/** What an app's page says before any script runs (tab title, search snippet, no-script line). */
export interface PageTexts {
  title: string;
  description?: string;
  noscript: string;
}

/**
 * The built index.html with its title, description and no-script line in the page's language, so a
 * French phone's tab, a search engine's snippet and a browser without scripts read French too.
 * `keepTitle`: a details page's title (the listing's) was set already. `drawn`: the server drew the
 * page, which reads without scripts, so the no-script line saying otherwise goes.
 */
export function withPageTexts(html: string, texts: PageTexts, options: { keepTitle?: boolean; drawn?: boolean } = {}): string {
  let page = html;
  // Replacer functions: the texts are ours, but a `$` in one must stay a `$`.
  if (!options.keepTitle) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(texts.title)}</title>`);
  const { description } = texts;
  if (description !== undefined) {
    page = page.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  return page.replace(/<noscript>[^<]*<\/noscript>/, () => (options.drawn ? '' : `<noscript>${escapeHtml(texts.noscript)}</noscript>`));
}
