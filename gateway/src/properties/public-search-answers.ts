import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  LISTINGS_PATTERNS,
  LIMITS,
  PUBLIC_LISTINGS_CHANGED,
  searchQueryKey,
  type MapQuery,
  type MapResponse,
  type SearchQuery,
  type SearchResponse,
} from '@mboa/contracts';
import { LRUCache } from 'lru-cache';
import { Services } from '../rpc/rpc.provider.js';

/**
 * Search answers kept in the gateway: a search is the same for everyone (no session changes it), so
 * an answer already computed is sent again without a NATS round trip and two serialisations, until
 * listings announces that what the public sees changed (PUBLIC_LISTINGS_CHANGED: a listing indexed
 * or removed on any replica, an owner's card changed), which forgets them all at once. The TTL only
 * bounds an announcement lost while NATS reconnected. Identical searches arriving together (a link
 * shared on WhatsApp) share one call to listings. The map's answers (GET /api/properties/map) are
 * kept the same way, under their own keys.
 */
@Injectable()
export class PublicSearchAnswers implements OnModuleInit, OnApplicationShutdown {
  private readonly answers = new LRUCache<string, SearchResponse | MapResponse>({ max: LIMITS.search.keptAnswers, ttl: LIMITS.search.keptAnswerMs });
  private readonly pending = new Map<string, Promise<SearchResponse | MapResponse>>();
  /** Bumped by every announcement: an answer computed across one is not kept. */
  private generation = 0;
  private stopListening?: () => void;

  constructor(@Inject(Services) private readonly services: Services) {}

  async onModuleInit(): Promise<void> {
    this.stopListening = await this.services.proxy.listen(PUBLIC_LISTINGS_CHANGED, () => this.forget());
  }

  onApplicationShutdown(): void {
    this.stopListening?.();
  }

  /** The answer to a validated search, kept or asked of listings. */
  search(query: SearchQuery, opts: { timeoutMs?: number } = {}): Promise<SearchResponse> {
    return this.answer(`search:${searchQueryKey(query)}`, () => this.services.call(LISTINGS_PATTERNS.propertySearch, query, opts));
  }

  /** The map's points for a validated map query, kept or asked of listings. */
  map(query: MapQuery): Promise<MapResponse> {
    return this.answer(`map:${searchQueryKey(query)}`, () => this.services.call(LISTINGS_PATTERNS.propertiesMap, query));
  }

  private answer<T extends SearchResponse | MapResponse>(key: string, ask: () => Promise<T>): Promise<T> {
    // A key names its kind (search: or map:), so what is kept under it is of the kind asked.
    const kept = this.answers.get(key) as T | undefined;
    if (kept) return Promise.resolve(kept);
    const inFlight = this.pending.get(key) as Promise<T> | undefined;
    if (inFlight) return inFlight;
    const generation = this.generation;
    const asked: Promise<T> = ask().then(
      (answer) => {
        if (this.pending.get(key) === asked) this.pending.delete(key);
        if (generation === this.generation) this.answers.set(key, answer);
        return answer;
      },
      (error: unknown) => {
        if (this.pending.get(key) === asked) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, asked);
    return asked;
  }

  /** Forgets every kept answer (and lets no search in flight be kept). */
  forget(): void {
    this.generation++;
    this.answers.clear();
    this.pending.clear();
  }
}
