import {
  AMENITY_LABELS,
  AMENITY_LABELS_FR,
  CATEGORY_LABELS,
  CATEGORY_LABELS_FR,
  MESSAGES,
  MESSAGES_FR,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERM_LABELS_FR,
  PROPERTY_STATUS_LABELS,
  PROPERTY_STATUS_LABELS_FR,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_FR,
  REPORT_REASON_LABELS,
  REPORT_REASON_LABELS_FR,
  ROLE_LABELS,
  ROLE_LABELS_FR,
} from '@mboa/contracts';
import { translate } from '@mboa/web-core';
import { describe, expect, it } from 'vitest';
import { en as firstEn } from './en.js';
import { fr as firstFr } from './fr.js';
// Every check below reads the whole app's texts: the first catalog and the parts lazily loaded code brings.
import { enAll as en, frAll as fr, PARTS } from './parts/index.js';

/*
 * A reader who switches language must find every text of the screen in the other language: the same
 * keys (a key missing in one catalog shows the raw key or the other language), the same placeholders
 * (a name or a number dropped from a sentence), the same number of points in each list, and each text
 * really translated. The English quoted from the product's messages (MESSAGES) stays byte for byte.
 */

/** Brand names, written the same in every language. */
const BRANDS = ['Mboa Rentals', 'WhatsApp', 'Telegram', 'Facebook'];

/**
 * Whole texts French writes exactly as English. "Verify me" is the message sent to support on
 * WhatsApp, the words MESSAGES_FR.ui.verificationRequiredText tells French readers to send.
 */
const SAME_IN_BOTH = [
  'FAQ',
  'Description',
  'Message',
  'Photos',
  'Actions',
  'Verify me',
  // Cameroonian English also calls the deposit the caution.
  'Caution',
  // Labels of stored values (from @mboa/contracts) that French writes as English.
  'Commercial',
  'Studio',
  'Duplex',
  'Bungalow',
  'Internet',
  'Parking',
];

/**
 * Every text of a catalog by where it sits ('details.noticePoints[1]'). A list's items are numbered,
 * so two lists of different lengths give different places; anything that is not a text is reported
 * as such, so it fails the comparison instead of vanishing.
 */
function texts(node: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') {
    out.set(path, node);
  } else if (Array.isArray(node)) {
    node.forEach((item: unknown, i) => texts(item, `${path}[${i}]`, out));
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) texts(value, path ? `${path}.${key}` : key, out);
  } else {
    out.set(path, `<not a text: ${typeof node}>`);
  }
  return out;
}

const english = texts(en);
/** French's extra plural form (`_many`, for counts such as 1 000 000) is checked on its own below. */
const allFrench = texts(fr);
const french = new Map([...allFrench].filter(([path]) => !path.endsWith('_many')));
const frenchMany = new Map([...allFrench].filter(([path]) => path.endsWith('_many')));

function missingFrom(have: Map<string, string>, want: Map<string, string>): string[] {
  return [...want.keys()].filter((path) => !have.has(path));
}

/** The `{{…}}` placeholders of a text, each once, sorted. */
function placeholders(text: string): string[] {
  return [...new Set(text.match(/\{\{[^}]*\}\}/g) ?? [])].sort();
}

/** The numbers a text states, each once, sorted: facts (limits, +237, 24/7) a translation keeps. */
function numbers(text: string): string[] {
  return [...new Set(text.match(/\d+/g) ?? [])].sort();
}

/** True when a text has no word of its own: only placeholders, brand names, digits and signs ('{{count}}+'). */
function hasNoWords(text: string): boolean {
  const rest = BRANDS.reduce((t, brand) => t.split(brand).join(' '), text.replace(/\{\{[^}]*\}\}/g, ' '));
  return !/\p{L}/u.test(rest);
}

/** [place, English, French] for every place both catalogs have. */
const pairs = [...english].flatMap(([path, text]): Array<[string, string, string]> => {
  const translated = french.get(path);
  return translated === undefined ? [] : [[path, text, translated]];
});

describe('the French and English catalogs of the public app', () => {
  it('finds every English text in French', () => {
    expect(english.size).toBeGreaterThan(300);
    expect(missingFrom(french, english)).toEqual([]);
  });

  it('has no French text that English lacks', () => {
    expect(missingFrom(english, french)).toEqual([]);
  });

  it("gives every plural French's form for large counts, with the same placeholders (a form is not taken from another)", () => {
    const plurals = [...english.keys()].filter((path) => path.endsWith('_other'));
    expect(plurals.length).toBeGreaterThan(0);
    expect([...frenchMany.keys()].sort()).toEqual(plurals.map((path) => path.replace(/_other$/, '_many')).sort());
    for (const path of plurals) expect(placeholders(frenchMany.get(path.replace(/_other$/, '_many')) ?? '')).toEqual(placeholders(english.get(path)!));
  });

  it('gives each text the same placeholders in both languages', () => {
    const differing = pairs
      .filter(([, e, f]) => placeholders(e).join() !== placeholders(f).join())
      .map(([path, e, f]) => `${path}: ${e} | ${f}`);
    expect(differing).toEqual([]);
  });

  it('states the same numbers in both languages', () => {
    const differing = pairs
      .filter(([, e, f]) => numbers(e).join() !== numbers(f).join())
      .map(([path, e, f]) => `${path}: ${e} | ${f}`);
    expect(differing).toEqual([]);
  });

  it('has no empty text in either language', () => {
    const empty = [...english, ...french].filter(([, text]) => text.trim() === '').map(([path]) => path);
    expect(empty).toEqual([]);
  });

  it('has every text really translated, apart from brand names and words French shares', () => {
    const untranslated = pairs
      .filter(([, e, f]) => e === f && !SAME_IN_BOTH.includes(f) && !hasNoWords(f))
      .map(([path, e]) => `${path}: ${e}`);
    expect(untranslated).toEqual([]);
  });

  it('quotes the product’s messages (MESSAGES) byte for byte in English and MESSAGES_FR in French', () => {
    expect(en.authPanel.heading).toBe(MESSAGES.ui.sidePanelHeading);
    expect(en.request.title).toBe(MESSAGES.ui.requestProperty);
    expect(en.toasts.loggedIn).toBe(MESSAGES.auth.loginSuccess);
    expect(en.post.notAllowedText).toBe(MESSAGES.auth.postingNotAllowedForRole);

    expect(fr.authPanel.heading).toBe(MESSAGES_FR.ui.sidePanelHeading);
    expect(fr.request.title).toBe(MESSAGES_FR.ui.requestProperty);
    expect(fr.toasts.loggedIn).toBe(MESSAGES_FR.auth.loginSuccess);
    expect(fr.post.notAllowedText).toBe(MESSAGES_FR.auth.postingNotAllowedForRole);
  });

  it('names stored values with the product’s labels in each language', () => {
    expect(en.labels).toMatchObject({
      category: CATEGORY_LABELS,
      propertyType: PROPERTY_TYPE_LABELS,
      amenity: AMENITY_LABELS,
      paymentTerm: PAYMENT_TERM_LABELS,
      status: PROPERTY_STATUS_LABELS,
      role: ROLE_LABELS,
      reportReason: REPORT_REASON_LABELS,
    });
    expect(fr.labels).toMatchObject({
      category: CATEGORY_LABELS_FR,
      propertyType: PROPERTY_TYPE_LABELS_FR,
      amenity: AMENITY_LABELS_FR,
      paymentTerm: PAYMENT_TERM_LABELS_FR,
      status: PROPERTY_STATUS_LABELS_FR,
      role: ROLE_LABELS_FR,
      reportReason: REPORT_REASON_LABELS_FR,
    });
  });
});

describe('the catalog parts (texts that download with the lazily loaded code that shows them)', () => {
  const parts = Object.entries(PARTS);

  it.each(parts)('%s has the same texts in English and French', (_name, part) => {
    const partEn = texts(part.en);
    const partFr = new Map([...texts(part.fr)].filter(([path]) => !path.endsWith('_many')));
    expect(partEn.size).toBeGreaterThan(0);
    expect(missingFrom(partFr, partEn)).toEqual([]);
    expect(missingFrom(partEn, partFr)).toEqual([]);
  });

  it.each(parts)('%s repeats no text of the first catalog or of another part (one place for each text)', (name, part) => {
    const others = [firstEn, ...parts.filter(([other]) => other !== name).map(([, p]) => p.en)];
    const taken = new Set(others.flatMap((catalog) => [...texts(catalog).keys()]));
    expect([...texts(part.en).keys()].filter((path) => taken.has(path))).toEqual([]);
  });

  it('leaves the first catalogs with the same texts in English and French', () => {
    const first = new Map([...texts(firstFr)].filter(([path]) => !path.endsWith('_many')));
    expect(missingFrom(first, texts(firstEn))).toEqual([]);
    expect(missingFrom(texts(firstEn), first)).toEqual([]);
  });
});

describe('counting in each language', () => {
  const count = (language: 'en' | 'fr', key: string, n: number) => translate(language === 'fr' ? fr : en, language, key, { count: n });

  it('says 0 and 1 in the singular in French, 0 in the plural in English, and a million with French third form', () => {
    expect([0, 1, 2, 1_000_000].map((n) => count('fr', 'home.resultCount', n))).toEqual([
      '0 annonce trouvée',
      '1 annonce trouvée',
      '2 annonces trouvées',
      '1000000 d’annonces trouvées',
    ]);
    expect([0, 1, 2].map((n) => count('en', 'home.resultCount', n))).toEqual(['0 properties found', '1 property found', '2 properties found']);
  });

  it('writes a large count as each language groups digits', () => {
    expect(count('en', 'home.resultCountAtLeast', 1000)).toBe('1,000+ properties found');
    expect(count('fr', 'home.resultCountAtLeast', 1000)).toBe('1\u202f000+ annonces trouvées');
  });
});
