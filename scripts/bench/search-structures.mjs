#!/usr/bin/env node
// In-memory search structures on the bench's listings (issue 27: search answered from a read model
// in the listings process). Builds each structure over the same 100,000 documents (generated the way
// scripts/bench.mjs loadListings writes them) and runs the same ~2,000 searches (bench/mix.mjs
// searchMix, each given an order), measuring: build time, heap held after build, CPU per query (mean,
// p95) and how many listings matched. A structure stops after --budget-s seconds of query CPU (the
// table says how many queries it answered): Orama needs seconds for some queries at 100k. Each structure runs in a child process of its own, so one's
// garbage and JIT state do not bill another.
//
//   npx nx run listings:build   # the search text helpers (and the memory adapter) come from its dist
//   node scripts/bench/search-structures.mjs [--docs=100000] [--queries=2000] [--budget-s=120] [--only=baseline,minisearch,flexsearch,orama,memory]
//   node scripts/bench/search-structures.mjs --adapter=memory   # only the listings memory adapter
//
// The memory adapter (services/listings/dist/search/memory-search-index.js, MemorySearchIndex) is
// measured whenever its built file exists; measureSearchIndex() measures any SearchIndex the same way.
//
// Semantics the structures are asked for, as the product's search (docs/api.md#properties): every
// query word must match (title, town, neighbourhood, type words, description); the last word is also
// a prefix; a word of 5+ letters forgives one typo, 9+ two; filters on category, type, town (folded),
// rooms (at least), listed price (range); newest first (relevance first with text), or by the monthly
// price. Where a library cannot do one of these, the nearest it offers is used (see each one's notes).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DESCRIPTION_PHRASES, NEIGHBOURHOODS, random, searchMix, TITLE_PHRASES } from './mix.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const listingsDist = path.join(root, 'services/listings/dist/search');
const contractsDist = path.join(root, 'libs/contracts/dist/index.js');
export const MEMORY_ADAPTER_FILE = path.join(listingsDist, 'memory-search-index.js');

const PAGE_SIZE = 12;
const SORT_SHARE = { 'price-asc': 0.15, 'price-desc': 0.15 };
const BASE_TIME = Date.UTC(2026, 10, 1);

async function importBuilt(file) {
  if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: run \`npx nx run listings:build\` first`);
  return import(pathToFileURL(file).href);
}

/** The listings service's own text rules (folding, query words, typo budget, label words). */
async function textRules() {
  const [text, labels, document] = await Promise.all([
    importBuilt(path.join(listingsDist, 'search-text.js')),
    importBuilt(path.join(listingsDist, 'search-labels.js')),
    importBuilt(path.join(listingsDist, 'search-document.js')),
  ]);
  return { ...text, ...labels, ...document };
}

function initcap(value) {
  return value.toLowerCase().replace(/(^|[^\p{L}\p{N}])(\p{L})/gu, (_, sep, letter) => sep + letter.toUpperCase());
}

/**
 * `count` SearchDocuments as scripts/bench.mjs loadListings makes them (same formulas, g = 1..count),
 * with fixed ids and dates so every run and every structure holds the very same documents.
 */
export async function benchDocuments(count) {
  const { TOWNS, PROPERTY_TYPES_BY_CATEGORY } = await importBuilt(contractsDist);
  const { monthlyPriceOf } = await textRules();
  const titlePhrases = TITLE_PHRASES.map((p) => (/^(near|with|close|in|newly|fully)/.test(p) ? `${p} in` : `${p} à`));
  const terms = ['daily', 'monthly', 'quarterly', 'yearly'];
  const docs = new Array(count);
  for (let g = 1; g <= count; g++) {
    const town = TOWNS[(g * 31) % TOWNS.length];
    const commercial = g % 3 === 0;
    const types = commercial ? PROPERTY_TYPES_BY_CATEGORY.commercial : PROPERTY_TYPES_BY_CATEGORY.residential;
    const propertyType = types[Math.floor(g / 3) % types.length];
    const rooms = 1 + (g % 5);
    const description =
      (g % 2 === 0
        ? `A ${propertyType.toLowerCase()} in ${town} with ${rooms} rooms, steady water and electricity, `
        : `Un ${propertyType.toLowerCase()} à ${town}, ${rooms} pièces, eau et électricité, `) +
      `${DESCRIPTION_PHRASES[g % DESCRIPTION_PHRASES.length]}.`;
    const price = (10 + ((g * 7919) % 490)) * 1000;
    const paymentTerm = terms[g % 4];
    const bedrooms = commercial ? null : 1 + (g % 6);
    const sections = commercial ? 1 + (g % 6) : null;
    const createdAt = new Date(BASE_TIME - g * 60_000).toISOString();
    docs[g - 1] = {
      id: `00000000-0000-4000-8000-${String(g).padStart(12, '0')}`,
      ownerId: `00000000-0000-4000-9000-${String(1 + (g % 50)).padStart(12, '0')}`,
      title: `${initcap(propertyType)} ${titlePhrases[g % titlePhrases.length]} ${town}`,
      description,
      category: commercial ? 'commercial' : 'residential',
      propertyType,
      paymentTerm,
      price,
      monthlyPrice: monthlyPriceOf(price, paymentTerm),
      caution: (g % 4) * 50_000,
      country: 'Cameroon',
      town,
      neighbourhood: NEIGHBOURHOODS[g % NEIGHBOURHOODS.length],
      rooms: commercial ? sections : bedrooms,
      bedrooms,
      toilets: 1 + (g % 3),
      kitchens: 1,
      livingRooms: 1,
      size: 20 + (g % 200),
      distanceFromRoad: 1 + (g % 30),
      sections,
      amenities: ['water', 'electricity'],
      thumbnailUrl: '/media/properties/bench/thumb.webp',
      imageCount: 1,
      controlKind: null,
      createdAt,
      version: 1,
      sourceUpdatedAt: createdAt,
    };
  }
  return docs;
}

/**
 * `count` SearchQuery objects: bench/mix.mjs searchMix's URLs (the bench's own mix), parsed, each
 * given an order (most newest, some by price: the mix itself has none), with the bench's page size.
 */
export async function benchQueries(count) {
  const { TOWNS, PROPERTY_TYPES_BY_CATEGORY } = await importBuilt(contractsDist);
  const rnd = random(27);
  return searchMix({ count, towns: TOWNS, typesByCategory: PROPERTY_TYPES_BY_CATEGORY }).map((url) => {
    const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    const query = { limit: PAGE_SIZE };
    for (const key of ['search', 'category', 'propertyType', 'town']) if (params.has(key)) query[key] = params.get(key);
    for (const key of ['rooms', 'minPrice', 'maxPrice', 'page']) if (params.has(key)) query[key] = Number(params.get(key));
    const r = rnd();
    if (r < SORT_SHARE['price-asc']) query.sort = 'price-asc';
    else if (r < SORT_SHARE['price-asc'] + SORT_SHARE['price-desc']) query.sort = 'price-desc';
    return query;
  });
}

/** A query as every structure compares it (the listings normalisation, text split into query words). */
function normalise(rules, query) {
  const words = rules.queryWords(query.search);
  const page = Math.max(1, Math.floor(query.page ?? 1));
  return {
    words,
    category: query.category,
    propertyType: query.propertyType,
    townKey: query.town ? rules.townKey(query.town) : undefined,
    rooms: query.rooms || undefined,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    sort: query.sort ?? 'newest',
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
}

/** What the filters compare, one compact record per document (index = the structures' numeric id). */
function filterRecords(rules, docs) {
  return docs.map((d, n) => ({
    n,
    category: d.category,
    propertyType: d.propertyType,
    townKey: rules.townKey(d.town),
    rooms: d.rooms,
    price: d.price,
    monthlyPrice: d.monthlyPrice,
    created: Date.parse(d.createdAt),
  }));
}

function passes(r, q) {
  return (
    (q.category === undefined || r.category === q.category) &&
    (q.propertyType === undefined || r.propertyType === q.propertyType) &&
    (q.townKey === undefined || r.townKey === q.townKey) &&
    (q.rooms === undefined || (r.rooms !== null && r.rooms >= q.rooms)) &&
    (q.minPrice === undefined || r.price >= q.minPrice) &&
    (q.maxPrice === undefined || r.price <= q.maxPrice)
  );
}

/** The product's orders over compact records: by price (monthly) then newest, or newest; `score` first with text. */
function comparator(sort, scoreOf) {
  const newest = (a, b) => b.created - a.created || b.n - a.n;
  if (sort === 'price-asc') return (a, b) => a.monthlyPrice - b.monthlyPrice || newest(a, b);
  if (sort === 'price-desc') return (a, b) => b.monthlyPrice - a.monthlyPrice || newest(a, b);
  return scoreOf ? (a, b) => scoreOf(b) - scoreOf(a) || newest(a, b) : newest;
}

/** The text each library indexes: the fields PostgreSQL weighs (title A; town, neighbourhood, type words B; description with amenity and term words C). */
function searchableText(rules, d) {
  const labels = rules.labelWordsOf(d);
  return {
    title: d.title,
    town: d.town,
    neighbourhood: d.neighbourhood,
    type: labels.type.join(' '),
    description: `${d.description} ${labels.features.join(' ')}`,
  };
}

const BOOST = { title: 3, town: 2, neighbourhood: 2, type: 2, description: 1 };
const FIELDS = Object.keys(BOOST);

/**
 * A structure: build(docs) returns its state; search(state, query) returns { total, ids } (the page's
 * document ids). `notes` says where it departs from the product's semantics.
 */
export const STRUCTURES = {
  baseline: {
    notes: 'filters an array and sorts it; ignores the text (a floor, not a search)',
    async build(docs, rules) {
      return { records: filterRecords(rules, docs), docs };
    },
    search({ records, docs }, q) {
      const matches = records.filter((r) => passes(r, q)).sort(comparator(q.sort));
      return { total: matches.length, ids: matches.slice(q.offset, q.offset + q.limit).map((r) => docs[r.n].id) };
    },
  },

  minisearch: {
    notes: 'fuzzy by the typo budget, prefix on the last word, AND; filters as a callback per match, orders by a JS sort; browse = wildcard query',
    async build(docs, rules) {
      const { default: MiniSearch } = await import('minisearch');
      const records = filterRecords(rules, docs);
      const index = new MiniSearch({
        idField: 'n',
        fields: FIELDS,
        tokenize: (text) => rules.searchWords(text),
        processTerm: (term) => term,
        searchOptions: {
          boost: BOOST,
          combineWith: 'AND',
          prefix: (_term, i, terms) => i === terms.length - 1,
          fuzzy: (term) => rules.typoBudget(term) || false,
        },
      });
      // One document at a time, so the transient text objects do not all live at once.
      for (let n = 0; n < docs.length; n++) index.add({ n, ...searchableText(rules, docs[n]) });
      return { MiniSearch, index, records, docs };
    },
    search({ MiniSearch, index, records, docs }, q) {
      const filter = (result) => passes(records[result.id], q);
      const text = q.words.length > 0;
      const results = index.search(text ? q.words.join(' ') : MiniSearch.wildcard, { filter });
      const scores = new Map(results.map((r) => [r.id, r.score]));
      const matches = results.map((r) => records[r.id]).sort(comparator(q.sort, text ? (r) => scores.get(r.n) : undefined));
      return { total: matches.length, ids: matches.slice(q.offset, q.offset + q.limit).map((r) => docs[r.n].id) };
    },
  },

  flexsearch: {
    notes:
      'Document index, forward tokenizer (prefixes of every word), LatinExtra phonetic encoder instead of edit-distance typos; ' +
      'AND across words / OR across fields with its Resolver; filters and orders in JS (its tags break inside a Resolver, it has no ranges)',
    async build(docs, rules) {
      const { Document, Resolver, Charset } = await import('flexsearch');
      const records = filterRecords(rules, docs);
      const index = new Document({
        document: { id: 'n', index: FIELDS.map((field) => ({ field, tokenize: 'forward', encoder: Charset.LatinExtra })) },
      });
      for (let n = 0; n < docs.length; n++) index.add({ n, ...searchableText(rules, docs[n]) });
      return { Resolver, index, records, docs };
    },
    search({ Resolver, index, records, docs }, q) {
      let candidates;
      const rank = new Map();
      if (q.words.length > 0) {
        // and() hands back a plain empty array instead of a Resolver once nothing is left.
        let all;
        for (const word of q.words) {
          let any;
          for (const field of FIELDS) {
            const options = { index, field, query: word, boost: BOOST[field] };
            any = any ? any.or(options) : new Resolver(options);
          }
          all = all ? all.and(any) : any;
          if (Array.isArray(all)) break;
        }
        const ids = Array.isArray(all) ? all.flat() : all.resolve({ limit: records.length });
        ids.forEach((n, i) => rank.set(n, -i));
        candidates = ids.map((n) => records[n]);
      } else {
        candidates = records;
      }
      const matches = candidates.filter((r) => passes(r, q)).sort(comparator(q.sort, rank.size ? (r) => rank.get(r.n) : undefined));
      return { total: matches.length, ids: matches.slice(q.offset, q.offset + q.limit).map((r) => docs[r.n].id) };
    },
  },

  orama: {
    notes:
      'threshold 0 (AND), tolerance = the largest typo budget among the words (Orama has one for all words), every word a prefix; ' +
      'filters as where (enum eq, number gte/between); price and browse orders by its sort index, text + newest by score only (no date tie-break)',
    async build(docs, rules) {
      const { create, insertMultiple, search } = await import('@orama/orama');
      const db = create({
        schema: {
          title: 'string', town: 'string', neighbourhood: 'string', type: 'string', description: 'string',
          category: 'enum', propertyType: 'enum', townKey: 'enum', rooms: 'number', price: 'number',
          monthlyPrice: 'number', created: 'number',
        },
        // Only the orders the product offers get a sort index.
        sort: { unsortableProperties: ['title', 'town', 'neighbourhood', 'type', 'description', 'category', 'propertyType', 'townKey', 'rooms', 'price'] },
      });
      const batch = 1000;
      for (let start = 0; start < docs.length; start += batch) {
        const rows = [];
        for (let n = start; n < Math.min(docs.length, start + batch); n++) {
          const d = docs[n];
          rows.push({
            id: String(n), ...searchableText(rules, d), category: d.category, propertyType: d.propertyType,
            townKey: rules.townKey(d.town), rooms: d.rooms ?? -1, price: d.price, monthlyPrice: d.monthlyPrice,
            created: Date.parse(d.createdAt),
          });
        }
        await insertMultiple(db, rows, batch);
      }
      return { db, search, docs, rules };
    },
    async search({ db, search, docs, rules }, q) {
      const where = {};
      if (q.category !== undefined) where.category = { eq: q.category };
      if (q.propertyType !== undefined) where.propertyType = { eq: q.propertyType };
      if (q.townKey !== undefined) where.townKey = { eq: q.townKey };
      if (q.rooms !== undefined) where.rooms = { gte: q.rooms };
      if (q.minPrice !== undefined && q.maxPrice !== undefined) where.price = { between: [q.minPrice, q.maxPrice] };
      else if (q.minPrice !== undefined) where.price = { gte: q.minPrice };
      else if (q.maxPrice !== undefined) where.price = { lte: q.maxPrice };
      const text = q.words.length > 0;
      const params = { where, limit: q.limit, offset: q.offset };
      if (text) {
        Object.assign(params, {
          term: q.words.join(' '),
          properties: FIELDS,
          boost: BOOST,
          threshold: 0,
          tolerance: Math.max(...q.words.map((w) => rules.typoBudget(w))),
        });
      }
      if (q.sort !== 'newest') params.sortBy = { property: 'monthlyPrice', order: q.sort === 'price-asc' ? 'ASC' : 'DESC' };
      else if (!text) params.sortBy = { property: 'created', order: 'DESC' };
      const result = await search(db, params);
      return { total: result.count, ids: result.hits.map((h) => docs[Number(h.id)].id) };
    },
  },

  memory: {
    notes: 'the listings MemorySearchIndex (services/listings/dist/search/memory-search-index.js), through the SearchIndex port',
    async build(docs) {
      const { MemorySearchIndex } = await importBuilt(MEMORY_ADAPTER_FILE);
      const index = new MemorySearchIndex();
      await index.init();
      await index.upsertMany(docs);
      return index;
    },
    /** The raw SearchQuery, as listings would receive it. */
    raw: true,
    async search(index, query) {
      const result = await index.search(query);
      return { total: result.total, ids: result.hits.map((h) => h.id) };
    },
  },
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

function heapAfterGc() {
  if (typeof global.gc !== 'function') throw new Error('run with node --expose-gc (the parent does so for its children)');
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Measures one structure over the documents and queries: build (wall and CPU), heap held after the
 * build (after a full GC, the documents themselves excluded), CPU per query after a warm-up pass,
 * and matches. Reusable for any SearchIndex: see measureSearchIndex.
 */
export async function measureStructure(structure, { docs, queries, rules, warmup = 50, budgetMs = 120_000 }) {
  const heapBefore = heapAfterGc();
  const wall0 = performance.now();
  const cpu0 = cpuMicros();
  const state = await structure.build(docs, rules);
  const buildCpuMs = (cpuMicros() - cpu0) / 1000;
  const buildWallMs = performance.now() - wall0;
  const heapMb = (heapAfterGc() - heapBefore) / 2 ** 20;

  const prepared = queries.map((query) => (structure.raw ? query : normalise(rules, query)));
  // Warm-up (JIT) on the end of the mix, so the measured queries are not answered from a warm cache.
  const warmCpu0 = cpuMicros();
  for (const q of prepared.slice(-warmup)) {
    await structure.search(state, q);
    if ((cpuMicros() - warmCpu0) / 1000 > budgetMs / 4) break;
  }

  const cpu = [];
  const wall = [];
  let matches = 0;
  let browseMatches = 0;
  let browseQueries = 0;
  let spentMs = 0;
  // The mix is shuffled, so when a slow structure runs out of its CPU budget the queries it answered
  // are still a fair sample of it.
  for (let i = 0; i < prepared.length && spentMs < budgetMs; i++) {
    const t0 = performance.now();
    const c0 = cpuMicros();
    const { total } = await structure.search(state, prepared[i]);
    cpu.push((cpuMicros() - c0) / 1000);
    spentMs += cpu.at(-1);
    wall.push(performance.now() - t0);
    matches += total;
    if (!queries[i].search) {
      browseMatches += total;
      browseQueries += 1;
    }
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const mean = (list) => list.reduce((s, v) => s + v, 0) / list.length;
  return {
    buildWallMs,
    buildCpuMs,
    heapMb,
    cpuMeanMs: mean(cpu),
    cpuP95Ms: percentile(cpu, 95),
    wallMeanMs: mean(wall),
    wallP95Ms: percentile(wall, 95),
    measured: cpu.length,
    meanMatches: matches / cpu.length,
    meanBrowseMatches: browseQueries ? browseMatches / browseQueries : 0,
  };
}

/**
 * The hook for an adapter under construction: measures any SearchIndex (built with `makeIndex`) on the
 * bench documents and queries, as the memory structure above does.
 */
export async function measureSearchIndex(makeIndex, { docs: docCount = 100_000, queries: queryCount = 2_000 } = {}) {
  const [docs, queries, rules] = await Promise.all([benchDocuments(docCount), benchQueries(queryCount), textRules()]);
  return measureStructure(
    {
      raw: true,
      async build(all) {
        const index = await makeIndex();
        await index.init();
        await index.upsertMany(all);
        return index;
      },
      search: STRUCTURES.memory.search,
    },
    { docs, queries, rules },
  );
}

function argument(name, fallback) {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

/** In a child: one structure, one JSON line on stdout. */
async function runOne(name, docCount, queryCount, budgetMs) {
  const [docs, queries, rules] = await Promise.all([benchDocuments(docCount), benchQueries(queryCount), textRules()]);
  const result = await measureStructure(STRUCTURES[name], { docs, queries, rules, budgetMs });
  process.stdout.write(`${JSON.stringify({ name, ...result, queries: queries.length, textQueries: queries.filter((q) => q.search).length })}\n`);
}

function child(name, docCount, queryCount, budgetMs) {
  return new Promise((resolve, reject) => {
    const args = ['--expose-gc', '--max-old-space-size=4096', fileURLToPath(import.meta.url), `--run=${name}`, `--docs=${docCount}`, `--queries=${queryCount}`, `--budget-s=${budgetMs / 1000}`];
    const proc = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`${name} exited ${code}`))));
  });
}

async function main() {
  const docCount = Number(argument('docs', 100_000));
  const queryCount = Number(argument('queries', 2_000));
  const budgetMs = Number(argument('budget-s', 120)) * 1000;
  const single = argument('run');
  if (single) return runOne(single, docCount, queryCount, budgetMs);

  const adapter = argument('adapter');
  let names = argument('only', 'baseline,minisearch,flexsearch,orama,memory').split(',');
  if (adapter) {
    if (adapter !== 'memory') throw new Error(`--adapter: only "memory" is known, not ${adapter}`);
    if (!existsSync(MEMORY_ADAPTER_FILE)) throw new Error(`${path.relative(root, MEMORY_ADAPTER_FILE)} is missing: run \`npx nx run listings:build\``);
    names = ['memory'];
  } else if (!existsSync(MEMORY_ADAPTER_FILE)) {
    names = names.filter((n) => n !== 'memory');
    console.log(`[search-structures] ${path.relative(root, MEMORY_ADAPTER_FILE)} not built: the memory adapter is left out`);
  }
  console.log(`[search-structures] ${docCount} documents, ${queryCount} queries; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const rows = [];
  for (const name of names) {
    try {
      const r = await child(name, docCount, queryCount, budgetMs);
      console.log(`[search-structures] ${JSON.stringify(r)}`);
      rows.push({
        structure: name,
        'build s': (r.buildWallMs / 1000).toFixed(1),
        'build CPU s': (r.buildCpuMs / 1000).toFixed(1),
        'heap MB': r.heapMb.toFixed(0),
        'query CPU mean ms': r.cpuMeanMs.toFixed(2),
        'query CPU p95 ms': r.cpuP95Ms.toFixed(2),
        'query wall mean ms': r.wallMeanMs.toFixed(2),
        'query wall p95 ms': r.wallP95Ms.toFixed(2),
        'queries measured': `${r.measured}/${r.queries}`,
        'matches/query': r.meanMatches.toFixed(0),
        'matches/browse query': r.meanBrowseMatches.toFixed(0),
      });
    } catch (error) {
      rows.push({ structure: name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  console.table(rows);
  for (const name of names) console.log(`  ${name}: ${STRUCTURES[name].notes}`);
  console.log(`[search-structures] load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
