// Load drivers: a closed loop (autocannon, N connections, each sends its next request when the last
// one answered) and an open loop (requests leave on a fixed schedule whatever the answers do, and
// each latency counts from the moment its request was due, so a slow server cannot hide queueing).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(call, latencies, seconds, errors, wrong) {
  latencies.sort((a, b) => a - b);
  return {
    call,
    'p50 ms': +percentile(latencies, 50).toFixed(1),
    'p95 ms': +percentile(latencies, 95).toFixed(1),
    'p99 ms': +percentile(latencies, 99).toFixed(1),
    'req/s': Math.round(latencies.length / seconds),
    errors,
    ...(wrong === undefined ? {} : { wrong }),
    answered: latencies.length,
  };
}

/**
 * Closed loop: `connections` connections, each request's path from `nextPath()`, with `headers`.
 * `minBytes`: an answer shorter than this is counted as `wrong` (autocannon gives no body, only its
 * size: a page the server drew is many times the size of the empty page the browser draws).
 */
export function closedLoop(call, { base, connections, seconds, nextPath, headers, minBytes }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let wrong = 0;
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        ...(headers ? { headers } : {}),
        requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
        resolve(summary(call, latencies, elapsed, result.non2xx + result.errors + result.timeouts, minBytes === undefined ? undefined : wrong));
      },
    );
    instance.on('response', (_client, _status, bytes, ms) => {
      latencies.push(ms);
      if (minBytes !== undefined && bytes < minBytes) wrong++;
    });
  });
}

/**
 * Open loop: `rate` requests per second for `seconds`, at most `maxSockets` in flight at once, with
 * `headers`. `check(body)`: an answer it refuses is counted as `wrong`.
 */
export async function openLoop(call, { base, rate, seconds, nextPath, headers, check, maxSockets = 256 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const url = new URL(base);
  const latencies = [];
  let errors = 0;
  let wrong = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const path = nextPath();
    pending.push(
      new Promise((resolve) => {
        const req = http.get({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
          const chunks = [];
          if (check) res.on('data', (chunk) => chunks.push(chunk));
          else res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            else if (check && !check(Buffer.concat(chunks).toString('utf8'))) wrong++;
            latencies.push(performance.now() - due);
            resolve();
          });
        });
        req.on('error', () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  // Throughput of an open loop is the offered rate when it keeps up; report what was answered.
  return summary(call, latencies, (performance.now() - start) / 1000, errors, check ? wrong : undefined);
}

/**
 * The floor: a bare Node HTTP server answering prefetched bodies (the same JSON or HTML the gateway
 * gave), so the load generator's own cost on this machine is measured in the same run.
 */
export function floorServer(bodies, contentType = 'application/json; charset=utf-8') {
  const keys = [...bodies.keys()];
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url) ?? bodies.get(keys[hash(req.url) % keys.length]);
    res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function hash(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
}

/**
 * CPU time (user + system, ms) the given processes have used so far (Linux /proc; 0 elsewhere).
 * Throughput on a shared machine swings with whatever else runs; CPU per request does not.
 * `reapers` also count what their exited children used (PostgreSQL's postmaster reaps a backend
 * that closes during a run; without it that backend's time would vanish and the difference could
 * go below zero).
 */
export function cpuMs(pids, reapers = []) {
  let ticks = 0;
  const add = (pid, fieldsToCount) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      for (const i of fieldsToCount) ticks += Number(fields[i]);
    } catch {
      /* gone, or not Linux */
    }
  };
  for (const pid of pids) add(pid, [11, 12]); // utime, stime
  for (const pid of reapers) add(pid, [13, 14]); // cutime, cstime: children waited for
  return (ticks * 1000) / CLOCK_TICKS;
}

/** The parent of a process (Linux /proc), or undefined. */
export function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

const CLOCK_TICKS = 100;
