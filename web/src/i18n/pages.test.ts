import { describe, expect, it } from 'vitest';
import { pagesEn, type StaticPage } from './en.pages.js';
import { pagesFr } from './fr.pages.js';

/*
 * A reader who switches language on a static page must find the same page: the same sections and
 * paragraphs in the same places, each one really translated, with the same numbers and contact details.
 */

type PageKey = keyof typeof pagesEn;
const keys = Object.keys(pagesEn) as PageKey[];
/** The English pages seen through the shape both languages share (some English pages have no date line). */
const english: Record<PageKey, StaticPage> = pagesEn;

/**
 * French texts allowed to be byte-for-byte the English (for example a line that is only an address
 * or a phone number). None today: even the contact line says "Cameroun".
 */
const SAME_IN_BOTH: readonly string[] = [];

/** Every text a reader sees on a page, in reading order, with where it sits (for the failure message). */
function texts(page: StaticPage): Array<[where: string, text: string]> {
  const out: Array<[string, string]> = [
    ['title', page.title],
    ['intro', page.intro],
  ];
  if (page.updated !== undefined) out.push(['updated', page.updated]);
  page.sections.forEach((s, i) => {
    out.push([`section ${i + 1} heading`, s.heading]);
    s.paragraphs.forEach((p, j) => out.push([`section ${i + 1} paragraph ${j + 1}`, p]));
  });
  return out;
}

/** The digits, e-mail addresses and phone numbers a text states, sorted: facts a translation keeps. */
function facts(text: string): string[] {
  const emails = text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
  const withoutEmails = emails.reduce((rest, e) => rest.replace(e, ' '), text);
  const numbers = withoutEmails.match(/\d+/g) ?? [];
  return [...emails, ...numbers].sort();
}

describe('French static pages', () => {
  it('has exactly the English pages', () => {
    expect(Object.keys(pagesFr).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s has the English structure: sections, paragraphs per section, and a date line only where English has one', (key) => {
    const en = english[key];
    const fr = pagesFr[key];
    expect(fr.sections.map((s) => s.paragraphs.length)).toEqual(en.sections.map((s) => s.paragraphs.length));
    expect(fr.updated === undefined).toBe(en.updated === undefined);
  });

  it.each(keys)('%s has no empty text', (key) => {
    for (const [where, text] of texts(pagesFr[key])) {
      expect(text.trim(), `${key} ${where}`).not.toBe('');
    }
  });

  it.each(keys)('%s is translated: no text left as the English one', (key) => {
    const en = texts(english[key]);
    texts(pagesFr[key]).forEach(([where, text], i) => {
      if (SAME_IN_BOTH.includes(text)) return;
      expect(text, `${key} ${where} is still English`).not.toBe(en[i][1]);
    });
  });

  it.each(keys)('%s states the same numbers, e-mail and phone as the English, in the same places', (key) => {
    const en = texts(english[key]);
    texts(pagesFr[key]).forEach(([where, text], i) => {
      expect(facts(text), `${key} ${where}`).toEqual(facts(en[i][1]));
    });
  });
});
