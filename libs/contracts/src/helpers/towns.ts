import { LIMITS } from '../limits.js';
import { foldTown, OTHER_TOWN_OPTION, TOWNS, type Town } from '../towns.js';

/**
 * Towns matching `query` ignoring case and accents: those starting with it first, then those
 * containing it; at most LIMITS.townSuggestions. An empty query gives the first towns.
 */
export function searchTowns(query: string | null | undefined, limit: number = LIMITS.townSuggestions): Town[] {
  const q = foldTown(query ?? '');
  if (!q) return TOWNS.slice(0, limit);
  const starts: Town[] = [];
  const contains: Town[] = [];
  for (const town of TOWNS) {
    const key = foldTown(town);
    if (key.startsWith(q)) starts.push(town);
    else if (key.includes(q)) contains.push(town);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** The dropdown's options: the matches, then 'Other (please specify)'. */
export function townOptions(query: string | null | undefined, limit: number = LIMITS.townSuggestions): string[] {
  return [...searchTowns(query, limit), OTHER_TOWN_OPTION];
}

/** The list's spelling of a known town ('yaoundé' → 'Yaounde'), else the trimmed input. */
export function canonicalTown(value: string): string {
  const key = foldTown(value);
  return TOWNS.find((t) => foldTown(t) === key) ?? value.trim();
}
