import type { SearchResponse } from '@mboa/contracts';
import { LRUCache } from 'lru-cache';

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
  /** The time of the call in progress: callers (tests) may pass their own. */
  private clock = 0;
  private readonly entries = new LRUCache<string, SearchResponse>({
    max: MAX_ENTRIES,
    ttl: TTL_MS,
    // Read the time of each call, never a cached one: expiry must follow the `now` passed in.
    ttlResolution: 0,
    perf: { now: () => this.clock },
  });

  get(key: string, now = Date.now()): SearchResponse | undefined {
    this.clock = now;
    return this.entries.get(key);
  }

  set(key: string, value: SearchResponse, generation: number, now = Date.now()): void {
    // An answer computed while the index changed is already stale: don't keep it.
    if (generation !== this.generation) return;
    this.clock = now;
    this.entries.set(key, value);
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
