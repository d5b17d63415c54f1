import type { SearchResponse } from '@mboa/contracts';

const TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

/**
 * Answers to identical searches for a moment, in memory. Most renters ask the same few
 * questions (the home page without filters, a town, a type): each answer costs a count and a
 * ranking over the whole index, so repeating it for everyone on a busy evening is waste.
 * Any write to the index forgets everything at once, in this replica and (by a NATS broadcast,
 * see search.provider.ts) in the others; TTL_MS only bounds a lost broadcast.
 */
export class SearchResultsCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; expires: number; value: SearchResponse }>();

  get(key: string, now = Date.now()): SearchResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation || entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: SearchResponse, generation: number, now = Date.now()): void {
    // An answer computed while the index changed is already stale: don't keep it.
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { generation, expires: now + TTL_MS, value });
  }

  /** The generation an answer is computed under; pass it back to `set`. */
  current(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
