import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { listingsConfigFromEnv } from '../config.js';
import { SearchIndexer } from '../indexer/search-indexer.js';
import { ListingsModule } from '../listings.module.js';
import { SearchIndexProvider } from '../search/search.provider.js';

/**
 * `npm run search:reindex`: empties the search index and fills it again from the database (every
 * publicly visible property). Safe while the system runs: the indexer's version rule keeps newer
 * writes that land meanwhile.
 */
export async function searchReindex(): Promise<number> {
  // No copy in memory here: the rebuild writes the table, and the running replicas re-read what it announces.
  const base = listingsConfigFromEnv();
  const config = { ...base, relay: false, consumers: false, search: { ...base.search, memory: false } };
  const app = await NestFactory.createApplicationContext(ListingsModule.forRoot(config, { quiet: true }), { logger: ['error'] });
  try {
    const backend = app.get(SearchIndexProvider).index.backend;
    console.log(`search:reindex: rebuilding the ${backend} index from the database…`);
    const started = Date.now();
    let lastShown = 0;
    const { total, indexed } = await app.get(SearchIndexer).rebuild((done, all, stored) => {
      if (done === all || Date.now() - lastShown > 1000) {
        lastShown = Date.now();
        const pct = all ? Math.round((done / all) * 100) : 100;
        console.log(`search:reindex: ${done}/${all} properties read (${pct}%), ${stored} in search`);
      }
    });
    console.log(`search:reindex: done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${indexed} of ${total} properties are publicly visible and indexed.`);
    return 0;
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  searchReindex().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`search:reindex failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
