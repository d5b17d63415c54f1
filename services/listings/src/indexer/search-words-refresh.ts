// After a deploy that changed the search words (labels, rules/search-words.ts) or the document
// format, the stored documents still carry the old words until rewritten. At start-up one replica
// compares the index's recorded words fingerprint with the current one and, if they differ,
// rewrites every stored document in place from the database, then records the new fingerprint.
// In place (no clear()): search keeps answering throughout, and the index's version rule keeps a
// newer upsert and a removal that land meanwhile.
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import type { SearchDocument } from '../search/search-document.js';
import { searchWordsFingerprint } from '../search/search-fingerprint.js';
import type { SearchIndex } from '../search/search-index.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { SearchIndexer } from './search-indexer.js';

export type WordsRefreshOutcome =
  | { state: 'current' | 'unsupported' | 'busy' | 'stopped' }
  | { state: 'refreshed'; documents: number; rewritten: number; ms: number };

export interface WordsRefreshInput {
  index: SearchIndex;
  /** The documents to rewrite, in batches (SearchIndexer.visibleDocuments). */
  documents: () => AsyncIterable<{ docs: SearchDocument[] }>;
  fingerprint?: string;
  /** Checked between batches: a stopping service leaves the old fingerprint, so the next start resumes. */
  stopping?: () => boolean;
  log?: (line: string) => void;
}

export async function refreshSearchWords(input: WordsRefreshInput): Promise<WordsRefreshOutcome> {
  const port = input.index.wordsRefresh;
  if (!port) return { state: 'unsupported' };
  const fingerprint = input.fingerprint ?? searchWordsFingerprint();
  if ((await port.storedFingerprint()) === fingerprint) return { state: 'current' };
  const outcome = await port.exclusively(async (): Promise<WordsRefreshOutcome> => {
    // Another replica may have finished while this one waited to look.
    if ((await port.storedFingerprint()) === fingerprint) return { state: 'current' };
    const started = Date.now();
    let documents = 0;
    let rewritten = 0;
    for await (const batch of input.documents()) {
      if (input.stopping?.()) return { state: 'stopped' };
      documents += batch.docs.length;
      rewritten += await port.rewriteMany(batch.docs);
    }
    await port.storeFingerprint(fingerprint);
    return { state: 'refreshed', documents, rewritten, ms: Date.now() - started };
  });
  const result = outcome === 'busy' ? { state: 'busy' as const } : outcome;
  if (result.state === 'refreshed') {
    input.log?.(`search words refresh: ${result.rewritten} of ${result.documents} visible properties rewritten with the current words in ${(result.ms / 1000).toFixed(1)} s`);
  }
  return result;
}

/** Runs the refresh in the background at start-up, in the process that runs the search indexer. */
@Injectable()
export class SearchWordsRefresher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('listings-search');
  private running?: Promise<unknown>;
  private stopping = false;

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly search: SearchIndexProvider,
    private readonly indexer: SearchIndexer,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.consumers) return;
    // Not awaited: start-up and health never wait for it.
    this.running = refreshSearchWords({
      index: this.search.index,
      documents: () => this.indexer.visibleDocuments(),
      stopping: () => this.stopping,
      log: (line) => this.logger.log(line),
    }).catch((error: unknown) => {
      this.logger.error(`search words refresh failed (the next start retries): ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}
