// What counting a search for staff's figures costs per request (docs/benchmarks.md#counting-a-search),
// in two parts, since about a microsecond is far below what an HTTP run can tell apart:
// - the count, on the gateway's hot path: contracts' SearchTallies.count over the bench's own search
//   URLs (parsed as the gateway parses them), against the same loop without the count;
// - the flush, every FIGURES.searchFlushMs: the rows that many seconds of searches at `rate` make,
//   sent as the gateway sends them (one listings.figures.searches-counted request) to the running
//   listings service, which adds them to search_days in PostgreSQL; the CPU of the sender, of
//   listings and of PostgreSQL, divided by the searches the batch stands for.
import { cpuMs } from './drive.mjs';

const COUNTS = 2_000_000;
const ROUNDS = 5;
const FLUSHES = 40;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The queries of `searchPaths`, as the gateway validates them (invalid ones are never counted). */
function queriesOf(contracts, searchPaths) {
  return searchPaths.flatMap((p) => {
    const parsed = contracts.searchQuerySchema.safeParse(Object.fromEntries(new URL(p, 'http://bench').searchParams));
    return parsed.success ? [parsed.data] : [];
  });
}

/** Nanoseconds per search for SearchTallies.count, less the loop's own cost. */
function countCostNs(contracts, queries) {
  const n = queries.length;
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    // The floor reads the same fields the count reads, so what is left is the count itself.
    let sink = 0;
    let t0 = process.hrtime.bigint();
    for (let i = 0; i < COUNTS; i++) {
      const q = queries[i % n];
      sink += (q.page ?? 1) + (q.town ? 1 : 0) + (q.maxPrice ?? 0) + (i % 5 === 0 ? 0 : 3);
    }
    const floor = Number(process.hrtime.bigint() - t0);
    const tallies = new contracts.SearchTallies();
    t0 = process.hrtime.bigint();
    // One search in five finds nothing: both branches are taken.
    for (let i = 0; i < COUNTS; i++) tallies.count(queries[i % n], i % 5 === 0 ? 0 : 3);
    const counted = Number(process.hrtime.bigint() - t0);
    rounds.push({ ns: (counted - floor) / COUNTS, rows: tallies.size, sink });
  }
  return { ns: median(rounds.map((r) => r.ns)), rows: rounds[0].rows };
}

/** The batches one flush sends after `seconds` of searches at `rate` a second over the mix. */
function flushBatches(contracts, queries, rate, seconds) {
  const tallies = new contracts.SearchTallies();
  const searches = Math.max(1, Math.round(rate * seconds));
  for (let i = 0; i < searches; i++) tallies.count(queries[i % queries.length], i % 5 === 0 ? 0 : 3);
  const firstPages = queries.length === 0 ? 0 : Array.from({ length: searches }, (_, i) => queries[i % queries.length]).filter((q) => (q.page ?? 1) === 1).length;
  return { batches: tallies.take(), searches, firstPages };
}

/**
 * Measures the count in this process and the flush against the running listings service.
 * `rates` are the searches per second to price the flush at (e.g. the open loop's and the closed
 * loop's); `processes()` the pids of the parts, as the bench's CPU columns use them.
 */
export async function measureCounting({ root, searchPaths, rates, natsUrl, subjectPrefix, processes, reapersOf, say }) {
  const contracts = await import(`${root}/libs/contracts/dist/index.js`);
  const { RpcClient } = await import(`${root}/libs/platform/dist/index.js`);
  const queries = queriesOf(contracts, searchPaths);
  const count = countCostNs(contracts, queries);
  say(`counting a search: ${count.ns.toFixed(0)} ns (SearchTallies.count, median of ${ROUNDS} rounds of ${COUNTS.toLocaleString('en')} over ${queries.length} URLs of the mix, ${count.rows} rows)`);

  const seconds = contracts.FIGURES.searchFlushMs / 1000;
  const rpc = new RpcClient({ servers: natsUrl, subjectPrefix, timeoutMs: 30_000, name: 'bench-counting' });
  await rpc.connect();
  const rows = [];
  try {
    for (const rate of rates) {
      const { batches, searches, firstPages } = flushBatches(contracts, queries, rate, seconds);
      const batchRows = batches.reduce((n, b) => n + b.length, 0);
      const pids = await processes();
      const reapers = reapersOf(pids);
      const before = { listings: cpuMs(pids.listings), postgres: cpuMs(pids.postgres, reapers.postgres), sender: process.cpuUsage() };
      const t0 = performance.now();
      for (let f = 0; f < FLUSHES; f++) for (const batch of batches) await rpc.call(contracts.LISTINGS_PATTERNS.searchesCounted, { tallies: batch });
      const wallMs = (performance.now() - t0) / FLUSHES;
      const sender = process.cpuUsage(before.sender);
      const perFlush = {
        sender: (sender.user + sender.system) / 1000 / FLUSHES,
        listings: (cpuMs(pids.listings) - before.listings) / FLUSHES,
        postgres: (cpuMs(pids.postgres, reapers.postgres) - before.postgres) / FLUSHES,
      };
      const flushCpu = perFlush.sender + perFlush.listings + perFlush.postgres;
      const row = {
        'searches/s': rate,
        'rows per flush': batchRows,
        'flush wall ms': +wallMs.toFixed(2),
        'flush cpu ms (sender + listings + pg)': `${perFlush.sender.toFixed(2)} + ${perFlush.listings.toFixed(2)} + ${perFlush.postgres.toFixed(2)}`,
        'flush µs/search': +((flushCpu * 1000) / searches).toFixed(2),
        'count µs/search': +(((count.ns / 1000) * firstPages) / searches).toFixed(3),
        'counting µs/search': +((flushCpu * 1000) / searches + ((count.ns / 1000) * firstPages) / searches).toFixed(2),
      };
      rows.push(row);
    }
  } finally {
    await rpc.close();
  }
  say(`what counting costs per search (the count on every first page; a flush every ${seconds} s, ${FLUSHES} flushes timed):`);
  console.table(rows);
  return rows;
}
