#!/usr/bin/env node
// npm run bench:search-start: how long a listings replica takes to read its copy of the search
// documents from PostgreSQL and index them in memory, and what the copy weighs, on the bench
// database `npm run bench` loaded (BENCH_LISTINGS listings; run it first). Uses the built service
// (services/listings/dist). With --synthetic=N it indexes N generated bench-like documents instead
// (no database), to see a million listings without loading them into PostgreSQL.
//
//   node --expose-gc scripts/bench/search-start.mjs [--synthetic=1000000]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (file) => path.join(root, 'services/listings/dist', file);
const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = serverUrl.replace(/\/[^/?]*(\?|$)/, '/mboa_bench$1');
const say = (line) => console.log(`[search-start] ${line}`);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

function settledMemory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

async function main() {
  const synthetic = Number(process.argv.find((a) => a.startsWith('--synthetic='))?.split('=')[1] ?? 0);
  const { MemorySearchIndex } = await import(dist('search/memory-search-index.js'));
  const before = settledMemory();
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let size;
  let keep;
  if (synthetic > 0) {
    const { benchDocuments } = await import('./search-structures.mjs');
    const docs = await benchDocuments(synthetic);
    const generated = settledMemory();
    say(`${synthetic} documents generated (${mb(generated.heap - before.heap)} MB of heap as plain objects)`);
    const t0 = process.hrtime.bigint();
    const index = new MemorySearchIndex();
    index.storeMany(docs);
    index.searchNow({});
    say(`indexed in ${(Number(process.hrtime.bigint() - t0) / 1e6 / 1000).toFixed(1)} s`);
    size = index.size;
    keep = [index, docs];
    const after = settledMemory();
    say(`heap with the documents and the index: ${mb(after.heap - before.heap)} MB; process resident ${mb(after.rss)} MB`);
  } else {
    const { PrismaClient } = await import(dist('generated/prisma/client.js'));
    const { PostgresSearchIndex } = await import(dist('search/postgres-search-index.js'));
    const { ReplicatedSearchIndex } = await import(dist('search/replicated-search-index.js'));
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: benchUrl }, { schema: 'listings' }) });
    const replica = new ReplicatedSearchIndex(new PostgresSearchIndex(prisma));
    await replica.init();
    size = replica.size;
    keep = replica;
    const after = settledMemory();
    say(`copy read from PostgreSQL and indexed: ${size} documents in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s wall, ${((process.cpuUsage(cpuStarted).user + process.cpuUsage(cpuStarted).system) / 1e6).toFixed(1)} s CPU`);
    say(`heap held by the copy: ${mb(after.heap - before.heap)} MB; process resident ${mb(after.rss)} MB`);
    await prisma.$disconnect();
  }
  if (!keep || !size) throw new Error('nothing was indexed: run npm run bench first (it loads the bench database)');
}

main().catch((error) => {
  console.error(`[search-start] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
