import { randomUUID } from 'node:crypto';
import { MeiliSearchIndex } from '../meili-search-index.js';
import { describeSearchIndexContract } from './search-index.contract.js';

// No Meilisearch server runs here; the contract runs wherever MEILI_URL points to one.
const meiliUrl = process.env.MEILI_URL;

if (meiliUrl) {
  describeSearchIndexContract('Meilisearch', async () => {
    const index = new MeiliSearchIndex({
      url: meiliUrl,
      apiKey: process.env.MEILI_API_KEY ?? process.env.MEILI_MASTER_KEY,
      indexUid: `listings_test_${randomUUID().replace(/-/g, '')}`,
    });
    return { index, dispose: () => index.drop() };
  });
} else {
  // Straight to stderr: jest drops the console output of a file whose tests are all skipped.
  process.stderr.write('Meilisearch contract tests skipped: MEILI_URL not set\n');
  describe.skip('SearchIndex contract: Meilisearch — Meilisearch contract tests skipped: MEILI_URL not set', () => {
    it('needs MEILI_URL', () => undefined);
  });
}
