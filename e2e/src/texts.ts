/**
 * The apps' own message catalogs: tests look for exactly what people see. `web.en('details.photo',
 * { n: 1, total: 3 })` fills a catalog text the way the apps do (libs/web-core/translate.ts, same
 * plural rules).
 */
import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { en as adminEn } from '../../admin-web/src/i18n/en.js';
import { fr as adminFr } from '../../admin-web/src/i18n/fr.js';
import { translate } from '../../libs/web-core/translate.js';
// Every text of the public app: its first catalog and the parts lazily loaded code brings.
import { enAll as en, frAll as fr } from '../../web/src/i18n/parts/index.js';

export { adminEn, adminFr, en, fr };

type Translate = (key: string, values?: Record<string, unknown>) => string;

function translators(catalogs: { en: object; fr: object }): { en: Translate; fr: Translate } {
  const fixed = (language: 'en' | 'fr'): Translate => (key, values) => String(translate(catalogs[language], language, key, values ?? {}));
  return { en: fixed('en'), fr: fixed('fr') };
}

/** The public app's texts, filled. */
export const webText = translators({ en, fr });
/** The staff app's texts, filled. */
export const adminText = translators({ en: adminEn, fr: adminFr });

type Leaf = string | ((...args: never[]) => unknown);
interface Tree {
  readonly [key: string]: Leaf | Tree | readonly (Leaf | Tree)[];
}

/** Every text of a catalog by its key path (functions of MESSAGES are left out: their words are checked through their use). */
function leaves(tree: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (Array.isArray(tree)) tree.forEach((v, i) => leaves(v, `${prefix}.${i}`, out));
  else if (tree && typeof tree === 'object') for (const [k, v] of Object.entries(tree as Tree)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What an English-speaking leftover looks like on a French screen: every English catalog text
 * whose French differs, and which is no French text anywhere (e.g. "Caution" is both). A text with
 * `{{placeholders}}` matches with anything in their place.
 */
export function englishOnlyTexts(): { exact: Set<string>; patterns: RegExp[] } {
  const pairs: [Map<string, string>, Map<string, string>][] = [
    [leaves(en), leaves(fr)],
    [leaves(adminEn), leaves(adminFr)],
    [leaves(MESSAGES), leaves(MESSAGES_FR)],
  ];
  const french = new Set(pairs.flatMap(([, f]) => [...f.values()].map((v) => v.trim())));
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [english, frenchOf] of pairs) {
    for (const [key, value] of english) {
      const text = value.trim();
      if (!text || text === frenchOf.get(key)?.trim() || french.has(text)) continue;
      // Too short or too generic to be a leftover (a count, an arrow, a brand).
      if (!/[a-z]{3,}/i.test(text.replace(/\{\{[^}]+\}\}/g, ''))) continue;
      if (text.includes('{{')) {
        patterns.push(new RegExp(`^${text.split(/\{\{[^}]+\}\}/).map(escape).join('.+?')}$`, 's'));
      } else exact.add(text);
    }
  }
  return { exact, patterns };
}
