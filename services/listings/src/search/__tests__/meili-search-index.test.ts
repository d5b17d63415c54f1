import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MeiliSearchIndex } from '../meili-search-index.js';
import { describeSearchIndexContract } from './search-index.contract.js';
import { describeSearchRelevance } from './search-relevance.js';

// No Meilisearch server runs here; the contract runs wherever MEILI_URL points to one.
const meiliUrl = process.env.MEILI_URL;

if (meiliUrl) {
  const meiliIndex = async () => {
    const index = new MeiliSearchIndex({
      url: meiliUrl,
      apiKey: process.env.MEILI_API_KEY ?? process.env.MEILI_MASTER_KEY,
      indexUid: `listings_test_${randomUUID().replace(/-/g, '')}`,
    });
    return { index, dispose: () => index.drop() };
  };
  describeSearchIndexContract('Meilisearch', meiliIndex);
  describeSearchRelevance('Meilisearch', meiliIndex);

  // With the master key too: the same contract through the two least-privilege keys the compose
  // stack gives listings (infra/scripts/meili-keys.mjs), proving the indexer's actions suffice and
  // queries need nothing beyond `search`. Keys of their own (random uids), deleted afterwards.
  const masterKey = process.env.MEILI_MASTER_KEY;
  if (masterKey) {
    describeSearchIndexContract('Meilisearch with the search-only and indexer keys', async () => {
      const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
      const keys = (await import(path.join(root, 'infra/scripts/meili-keys.mjs'))) as {
        ensureMeiliKeys(o: { url: string; masterKey: string; index: string; uids: { search: string; indexer: string } }): Promise<{ search: string; indexer: string }>;
      };
      const indexUid = `listings_test_${randomUUID().replace(/-/g, '')}`;
      const uids = { search: randomUUID(), indexer: randomUUID() };
      const { search, indexer } = await keys.ensureMeiliKeys({ url: meiliUrl, masterKey, index: indexUid, uids });
      const index = new MeiliSearchIndex({ url: meiliUrl, indexUid, searchKey: search, indexerKey: indexer });
      const dispose = async () => {
        await index.drop();
        for (const uid of Object.values(uids)) await fetch(new URL(`/keys/${uid}`, meiliUrl), { method: 'DELETE', headers: { Authorization: `Bearer ${masterKey}` } });
      };
      return { index, dispose };
    });
  }
} else {
  // Straight to stderr: jest drops the console output of a file whose tests are all skipped.
  process.stderr.write('Meilisearch contract tests skipped: MEILI_URL not set\n');
  describe.skip('SearchIndex contract: Meilisearch — Meilisearch contract tests skipped: MEILI_URL not set', () => {
    it('needs MEILI_URL', () => undefined);
  });
}
