import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listingsConfigFromEnv } from '../../config.js';
import { MeiliSearchIndex } from '../meili-search-index.js';
import { normalizeSearchQuery } from '../search-index.js';
import {
  buildMeiliFilter,
  buildMeiliSearchParams,
  fromMeiliHit,
  MEILI_SETTINGS,
  meiliString,
  toMeiliDocument,
} from '../meili-settings.js';
import { doc } from './fixtures.js';

describe('Meilisearch filter builder', () => {
  it('always hides removal tombstones', () => {
    expect(buildMeiliFilter(normalizeSearchQuery({}))).toEqual(['removed = false']);
  });

  it('maps every filter, with towns folded and types canonical', () => {
    const q = normalizeSearchQuery({
      category: 'Commercial',
      propertyType: 'guest house',
      town: 'Yaoundé',
      rooms: 3,
      minPrice: 1000,
      maxPrice: 250000,
      controlChecked: true,
    });
    expect(buildMeiliFilter(q)).toEqual([
      'removed = false',
      'category = "commercial"',
      'propertyType = "Guest House"',
      'townKey = "yaounde"',
      'rooms >= 3',
      'price >= 1000',
      'price <= 250000',
      'controlChecked = true',
    ]);
  });

  it('escapes quotes and backslashes in user strings', () => {
    expect(meiliString('a"b\\c')).toBe('"a\\"b\\\\c"');
    const filter = buildMeiliFilter(normalizeSearchQuery({ town: 'x" OR category = "residential' }));
    expect(filter[1]).toBe('townKey = "x\\" or category = \\"residential"');
    const evil = buildMeiliFilter(normalizeSearchQuery({ town: 'x\\" OR 1 = 1' }))[1];
    // The literal ends only at the last quote: every inner quote is preceded by an escaped-backslash pair or an escape.
    expect(evil).toBe('townKey = "x\\\\\\" or 1 = 1"');
  });

  it('drops empty and nonsense filter values', () => {
    const q = normalizeSearchQuery({ town: '  ', category: '', rooms: 0, minPrice: -5, maxPrice: Number.NaN });
    expect(buildMeiliFilter(q)).toEqual(['removed = false']);
  });
});

describe('Meilisearch search parameters', () => {
  it('sorts newest first without text', () => {
    expect(buildMeiliSearchParams(normalizeSearchQuery({ page: 2, limit: 20 }))).toMatchObject({
      q: null,
      sort: ['createdAt:desc'],
      page: 2,
      hitsPerPage: 20,
      matchingStrategy: 'all',
    });
  });

  it('ranks by relevance with text, folding accents and case', () => {
    const params = buildMeiliSearchParams(normalizeSearchQuery({ search: '  Résidence YAOUNDÉ ' }));
    expect(params.q).toBe('residence yaounde');
    expect(params.sort).toBeUndefined();
    expect(params.showRankingScore).toBe(true);
  });

  it('searches the same words as PostgreSQL: no filler words, no text without a word', () => {
    expect(buildMeiliSearchParams(normalizeSearchQuery({ search: 'Salle de sport' })).q).toBe('salle sport');
    const none = buildMeiliSearchParams(normalizeSearchQuery({ search: ' !!! ' }));
    expect(none).toMatchObject({ q: null, sort: ['createdAt:desc'], showRankingScore: false });
  });

  it('sorts by the monthly equivalent for the price orders, ties newest first, with or without text', () => {
    for (const search of [undefined, 'studio']) {
      expect(buildMeiliSearchParams(normalizeSearchQuery({ search, sort: 'price-asc' })).sort).toEqual(['monthlyPrice:asc', 'createdAt:desc']);
      expect(buildMeiliSearchParams(normalizeSearchQuery({ search, sort: 'price-desc' })).sort).toEqual(['monthlyPrice:desc', 'createdAt:desc']);
    }
    expect(buildMeiliSearchParams(normalizeSearchQuery({ sort: 'newest' })).sort).toEqual(['createdAt:desc']);
    expect(buildMeiliSearchParams(normalizeSearchQuery({ search: 'studio', sort: 'newest' })).sort).toBeUndefined();
  });

  it('stores the monthly equivalent computed when the document was built', () => {
    expect(toMeiliDocument(doc({ price: 540_000, paymentTerm: 'yearly' })).monthlyPrice).toBe(45_000);
    expect(toMeiliDocument(doc({ price: 1_500, paymentTerm: 'daily' })).monthlyPrice).toBe(45_000);
  });

  it('filters a box by the area centre and orders by distance from near, ties newest first', () => {
    const q = normalizeSearchQuery({ bbox: { west: 9.6, south: 4, east: 9.8, north: 4.2 }, near: { lat: 4.05, lng: 9.7 }, sort: 'distance' });
    expect(buildMeiliFilter(q)).toEqual(['removed = false', '_geoBoundingBox([4.2, 9.8], [4, 9.6])']);
    expect(buildMeiliSearchParams(q).sort).toEqual(['_geoPoint(4.05, 9.7):asc', 'createdAt:desc']);
    // Without near there is no distance: the default order.
    expect(buildMeiliSearchParams(normalizeSearchQuery({ sort: 'distance' })).sort).toEqual(['createdAt:desc']);
  });

  it('stores the area centre as _geo, never anything else, and reads it back', () => {
    const pinned = doc({ area: { lat: 4.05, lng: 9.7 } });
    expect(toMeiliDocument(pinned)._geo).toEqual({ lat: 4.05, lng: 9.7 });
    expect(toMeiliDocument(doc({}))._geo).toBeNull();
    expect(fromMeiliHit(toMeiliDocument(pinned))).toEqual({ ...pinned, score: null });
  });

  it('caps hitsPerPage at 50 and defaults to 12', () => {
    expect(buildMeiliSearchParams(normalizeSearchQuery({ limit: 500 })).hitsPerPage).toBe(50);
    expect(buildMeiliSearchParams(normalizeSearchQuery({})).hitsPerPage).toBe(12);
  });
});

describe('Meilisearch settings', () => {
  it('searches the text fields in ranking order and filters/sorts the query fields', () => {
    expect(MEILI_SETTINGS.searchableAttributes).toEqual([
      'title', 'town', 'neighbourhood', 'propertyType', 'typeWords', 'description', 'featureWords',
    ]);
    expect(MEILI_SETTINGS.filterableAttributes).toEqual(
      expect.arrayContaining(['category', 'propertyType', 'townKey', 'rooms', 'price', 'controlChecked', 'removed']),
    );
    expect(MEILI_SETTINGS.sortableAttributes).toEqual(['createdAt', 'price', 'monthlyPrice', '_geo']);
    expect(MEILI_SETTINGS.filterableAttributes).toContain('_geo');
    // An explicit order (a price one) comes before relevance; without one, relevance decides.
    expect(MEILI_SETTINGS.rankingRules?.[0]).toBe('sort');
    expect(MEILI_SETTINGS.typoTolerance).toMatchObject({ enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } });
    expect(MEILI_SETTINGS.rankingRules?.at(-1)).toBe('createdAt:desc');
  });

  it('indexes the French and English words of the type, amenities and payment term (the synonyms)', () => {
    const stored = toMeiliDocument(doc({ propertyType: 'Single Room', amenities: ['electricity', 'ac'], paymentTerm: 'monthly' }));
    expect(stored.typeWords.split(' ')).toEqual(expect.arrayContaining(['single', 'room', 'chambre']));
    expect(stored.featureWords.split(' ')).toEqual(
      expect.arrayContaining(['electricity', 'electricite', 'courant', 'ac', 'air', 'conditioning', 'climatisation', 'clim', 'monthly', 'mensuel']),
    );
    expect(stored.featureWords.split(' ')).not.toContain('eau');
  });

  it('round-trips a document through its Meilisearch form', () => {
    const d = doc({ town: 'Yaoundé' });
    const stored = toMeiliDocument(d);
    expect(stored).toMatchObject({ id: d.id, townKey: 'yaounde', removed: false, createdAt: Date.parse(d.createdAt) });
    expect(fromMeiliHit({ ...stored, _rankingScore: 0.5 })).toEqual({ ...d, score: 0.5 });
  });

  it('marks a document whose control was checked for the controlChecked filter', () => {
    expect(toMeiliDocument(doc({})).controlChecked).toBe(false);
    const checked = doc({ controlKind: 'caretaker' });
    const stored = toMeiliDocument(checked);
    expect(stored.controlChecked).toBe(true);
    expect(fromMeiliHit(stored)).toEqual({ ...checked, score: null });
  });
});

describe('Meilisearch keys (least privilege)', () => {
  // Meilisearch cannot run here: a node:http STAND-IN answers the few routes init() and search()
  // use, and records which key each request carried.
  let server: Server;
  let url: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const key = req.headers.authorization?.replace('Bearer ', '') ?? 'none';
      const route = (req.url ?? '').split('?')[0];
      seen.push(`${req.method} ${route} ${key}`);
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      req.resume();
      req.on('end', () => {
        if (req.method === 'GET' && route === '/indexes/props') return send(200, { uid: 'props', primaryKey: 'id', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' });
        if (req.method === 'PATCH' && route === '/indexes/props/settings') return send(202, { taskUid: 7, indexUid: 'props', status: 'enqueued', type: 'settingsUpdate', enqueuedAt: '2026-01-01T00:00:00Z' });
        if (req.method === 'GET' && route === '/tasks/7') return send(200, { uid: 7, indexUid: 'props', status: 'succeeded', type: 'settingsUpdate', enqueuedAt: '2026-01-01T00:00:00Z' });
        if (req.method === 'POST' && route === '/indexes/props/search') return send(200, { hits: [], query: '', processingTimeMs: 0, hitsPerPage: 20, page: 1, totalPages: 0, totalHits: 0 });
        return send(404, { message: 'not in the stand-in', code: 'not_found' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('queries carry the search-only key and index writes the indexer key; one key serves both in development', async () => {
    seen.length = 0;
    const index = new MeiliSearchIndex({ url, indexUid: 'props', searchKey: 'search-key', indexerKey: 'indexer-key', apiKey: 'ignored' });
    await index.init();
    await index.search({ search: 'kribi' });
    expect(seen).toEqual(['GET /indexes/props indexer-key', 'PATCH /indexes/props/settings indexer-key', 'GET /tasks/7 indexer-key', 'POST /indexes/props/search search-key']);
    seen.length = 0;
    await new MeiliSearchIndex({ url, indexUid: 'props', apiKey: 'dev-key' }).search({});
    expect(seen).toEqual(['POST /indexes/props/search dev-key']);
  });

  it("listings reads both keys from the files the search-keys one-shot writes, and will not start without them", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mboa-meili-keyfiles-'));
    try {
      await writeFile(path.join(dir, 'search.key'), 'search-key-value\n');
      await writeFile(path.join(dir, 'indexer.key'), 'indexer-key-value\n');
      const env = { MEILI_URL: url, MEILI_SEARCH_KEY_FILE: path.join(dir, 'search.key'), MEILI_INDEXER_KEY_FILE: path.join(dir, 'indexer.key') };
      expect(listingsConfigFromEnv(env).search).toMatchObject({ meiliSearchKey: 'search-key-value', meiliIndexerKey: 'indexer-key-value', meiliApiKey: undefined });
      expect(() => listingsConfigFromEnv({ ...env, MEILI_INDEXER_KEY_FILE: path.join(dir, 'missing.key') })).toThrow(
        /^Invalid configuration: MEILI_INDEXER_KEY_FILE names a file that cannot be read \(ENOENT.*\); did the search-keys one-shot run\?$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
