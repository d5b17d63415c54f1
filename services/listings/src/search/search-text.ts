// Text normalisation shared by both search adapters and by the documents they index, so a word is
// folded the same way when it is stored and when it is searched for.
import { SEARCH_STOP_WORDS } from '../rules/search-words.js';
import { SEARCH_TEXT } from './search-constants.js';

/** Lower-cased, accents removed ('Yaoundé' → 'yaounde'). */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * foldText in SQL, for a filter over stored columns (the admin title filter): PostgreSQL's built-in
 * `translate(lower(column), from, to)` with these letters (the accented ones French and the names
 * here use, both cases, as lower() may leave non-ASCII capitals alone). `to` is derived from foldText
 * so the two folds cannot drift apart.
 */
const ACCENTED_LOWER = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ';
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase();
export const SQL_FOLD: { from: string; to: string } = {
  from: ACCENTED,
  to: [...ACCENTED].map(foldText).join(''),
};

/** The words of a text, folded: runs of letters and digits; everything else separates. */
export function searchWords(value: string): string[] {
  return foldText(value).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words of a search box entry, at most SEARCH_TEXT.maxQueryWords, each at most maxWordLength;
 * filler words (SEARCH_STOP_WORDS) are left out unless there is nothing else.
 */
export function queryWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = searchWords(search.slice(0, SEARCH_TEXT.maxQueryLength)).map((w) => w.slice(0, SEARCH_TEXT.maxWordLength));
  const meaningful = words.filter((w) => !SEARCH_STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : words).slice(0, SEARCH_TEXT.maxQueryWords);
}

/** Typos forgiven in a query word of this length (Meilisearch's default rule: 1 from 5 letters, 2 from 9). */
export function typoBudget(word: string): number {
  const n = [...word].length;
  if (n >= SEARCH_TEXT.twoTyposFrom) return 2;
  if (n >= SEARCH_TEXT.oneTypoFrom) return 1;
  return 0;
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), giving up early once it
 * exceeds `max` (returns max + 1 then).
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[t.length];
}

/** Whether `term` is `word` with at most its typo budget of edits. */
export function isTypoOf(word: string, term: string): boolean {
  const budget = typoBudget(word);
  return budget > 0 && term !== word && editDistance(word, term, budget) <= budget;
}
