import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { fr } from './fr.js';

/** Every text of a catalog by its dotted key ('users.title'), arrays by index. */
function texts(catalog: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of texts(value as object, path)) found.set(k, v);
    else found.set(path, `<${typeof value}>`);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Texts French writes exactly as English: names, codes, and words both languages share. Anything
 * else equal in both is an English text left untranslated.
 */
const SAME_IN_FRENCH = new Set([
  'Mboa Rentals',
  'WhatsApp',
  '674xxxxxx',
  'Menu',
  'Actions',
  'Date',
  'Message',
  'Description',
  'Photos',
  'Caution',
  'Caution (XAF)',
  // Labels of stored values (@mboa/contracts): the same words in French.
  'Commercial',
  'Studio',
  'Duplex',
  'Bungalow',
  'Internet',
  'Parking',
]);

describe('admin catalogs', () => {
  const english = texts(en);
  // French's extra plural form (`_many`, for counts such as 1 000 000) is checked on its own.
  const allFrench = texts(fr);
  const french = new Map([...allFrench].filter(([key]) => !key.endsWith('_many')));
  const frenchMany = new Map([...allFrench].filter(([key]) => key.endsWith('_many')));

  it('have the same keys', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("give every plural French's form for large counts, with the same placeholders (a form is not taken from another)", () => {
    const plurals = [...english.keys()].filter((key) => key.endsWith('_other'));
    expect([...frenchMany.keys()].sort()).toEqual(plurals.map((key) => key.replace(/_other$/, '_many')).sort());
    for (const key of plurals) expect(placeholders(frenchMany.get(key.replace(/_other$/, '_many')) ?? '')).toEqual(placeholders(english.get(key)!));
  });

  it('have the same placeholders in both languages', () => {
    const differing = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(french.get(key) ?? '').join());
    expect(differing).toEqual([]);
  });

  it('have no empty text', () => {
    expect([...english, ...french].filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('translate every English text, but for names, codes and shared words', () => {
    const untranslated = [...english].filter(([key, text]) => french.get(key) === text && !SAME_IN_FRENCH.has(text)).map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('allow only texts the catalogs hold to stay the same (the list stays short and true)', () => {
    const shared = new Set([...english].filter(([key, text]) => french.get(key) === text).map(([, text]) => text));
    expect([...SAME_IN_FRENCH].filter((text) => !shared.has(text))).toEqual([]);
  });

  it('write French with its own punctuation: a space before ":" and typographic apostrophes', () => {
    const frenchTexts = [...french.values()];
    expect(frenchTexts.filter((text) => /\S[:;!?](\s|$)/.test(text))).toEqual([]);
    expect(frenchTexts.filter((text) => text.includes("'"))).toEqual([]);
  });
});
