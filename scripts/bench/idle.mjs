#!/usr/bin/env node
// npm run bench:idle: what the system costs when nobody uses it. Starts the gateway and the four
// services with a database (auth, listings, moderation, support) from their built dist/ folders on
// a separate database, NATS subjects, stream and Redis prefix, waits until the gateway is healthy,
// lets them settle, then sends nothing for a while and reports the CPU each process used, and the
// CPU of the PostgreSQL backends serving it, as a percentage of one core. Builds nothing: run
// `npm run build` first. Not a test: it prints numbers, it asserts nothing.
//
//   IDLE_SECONDS=30 IDLE_SETTLE_SECONDS=10 IDLE_PORT=3997 npm run bench:idle
//   IDLE_VERBOSE=1 shows the apps' stderr; IDLE_CPU_PROF=<dir> has every app write a V8 CPU profile
//   there when it stops (sampled every 5 ms: what little runs while idle, by function).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServers } from '../../infra/scripts/ensure-servers.mjs';
import { cpuMs } from './drive.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const SETTLE_SECONDS = Number(process.env.IDLE_SETTLE_SECONDS ?? 10);
const PORT = Number(process.env.IDLE_PORT ?? 3997);
/** How often the PostgreSQL backends are looked up: a pool opens and closes connections as it likes. */
const SAMPLE_MS = 1000;
const SERVICES = ['auth', 'listings', 'moderation', 'support'];
const serverUrl = process.env.IDLE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const idleDb = 'mboa_idle';
const idleUrl = serverUrl.replace(/\/[^/?]*(\?|$)/, `/${idleDb}$1`);
const base = `http://127.0.0.1:${PORT}`;
const say = (line) => console.log(`[idle] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function run(title, command, args, env = process.env) {
  say(title);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status})`);
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${idleDb} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${idleDb}`);
  await admin.end();
  run('applying migrations to the idle database…', process.execPath, ['scripts/db.mjs', 'deploy', ...SERVICES], { ...process.env, DATABASE_URL: idleUrl });
}

const profile = process.env.IDLE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.IDLE_CPU_PROF)}`, '--cpu-prof-interval=5000'] : [];

function startApp(name, file, env) {
  const child = spawn(process.execPath, [...profile, file], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (d) => process.env.IDLE_VERBOSE && process.stderr.write(`${name} | ${d}`));
  return child;
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  throw new Error('the gateway did not become healthy');
}

/** Local TCP ports of the sockets a process holds open (Linux /proc), to tell its PostgreSQL connections. */
function localPorts(pid) {
  const inodes = new Set();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m) inodes.add(m[1]);
    }
  } catch {
    return new Set();
  }
  const ports = new Set();
  for (const table of ['tcp', 'tcp6']) {
    let text = '';
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || !inodes.has(cols[9])) continue;
      ports.add(parseInt(cols[1].split(':')[1], 16));
    }
  }
  return ports;
}

/**
 * Follows each app's PostgreSQL backends through the run: every SAMPLE_MS it asks which backends
 * serve the idle database and on which client port, gives each to the app holding that port, and
 * keeps each backend's latest CPU time. A backend seen first during the run counts from zero (its
 * start-up is part of what the app caused); one that ends between two looks keeps what it had.
 */
function followBackends(monitor, apps) {
  const first = new Map(); // backend pid → CPU ms at its first look
  const last = new Map(); // backend pid → { app, ms }
  let started = false;
  const look = async () => {
    const { rows } = await monitor.query('SELECT pid, client_port FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [idleDb]);
    const owner = new Map();
    for (const [name, child] of Object.entries(apps)) for (const port of localPorts(child.pid)) owner.set(port, name);
    for (const { pid, client_port: port } of rows) {
      const app = owner.get(port);
      if (!app) continue;
      const ms = cpuMs([pid]);
      if (!first.has(pid)) first.set(pid, started ? 0 : ms);
      last.set(pid, { app, ms });
    }
  };
  let timer;
  let stopped = false;
  const loop = async () => {
    await look();
    if (!stopped) timer = setTimeout(() => void loop(), SAMPLE_MS);
  };
  return {
    async begin() {
      await look();
      started = true;
      timer = setTimeout(() => void loop(), SAMPLE_MS);
    },
    async end() {
      stopped = true;
      clearTimeout(timer);
      await look();
      const byApp = {};
      for (const [pid, { app, ms }] of last) byApp[app] = (byApp[app] ?? 0) + ms - first.get(pid);
      const backends = {};
      for (const { app } of last.values()) backends[app] = (backends[app] ?? 0) + 1;
      return { byApp, backends };
    },
  };
}

async function main() {
  const mains = Object.fromEntries([...SERVICES.map((s) => [s, `services/${s}/dist/main.js`]), ['gateway', 'gateway/dist/main.js']]);
  const missing = Object.values(mains).filter((file) => !existsSync(path.join(root, file)));
  if (missing.length) throw new Error(`not built: ${missing.join(', ')} (run: NX_DAEMON=false npx nx run-many -t build --outputStyle=static)`);
  // Another run's gateway answering here would be measured instead (and its database dropped under it).
  if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`port ${PORT} already answers: another run? (IDLE_PORT)`);
  await ensureServers({ log: say });
  await prepareDatabase();
  const env = {
    ...process.env,
    DATABASE_URL: idleUrl,
    NATS_SUBJECT_PREFIX: 'idle.',
    EVENTS_STREAM: 'IDLE_EVENTS',
    REDIS_PREFIX: 'idle:',
    PORT: String(PORT),
    SERVICES: SERVICES.join(','),
    LOG_LEVEL: 'warn',
  };
  for (const key of ['METRICS_PORT', 'MEILI_URL']) delete env[key];
  const apps = Object.fromEntries(Object.entries(mains).map(([name, file]) => [name, startApp(name, file, env)]));
  const stop = () => Object.values(apps).forEach((a) => a.exitCode === null && a.kill('SIGTERM'));
  // Whatever ends this script (a crash included) ends the apps too: none is left holding the port.
  process.on('exit', stop);
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  const monitor = new pg.Client({ connectionString: idleUrl });
  monitor.on('error', (error) => say(`lost the monitoring connection: ${error.message}`));
  try {
    await waitForHealth();
    say(`healthy; settling ${SETTLE_SECONDS} s, then ${SECONDS} s with no traffic`);
    await sleep(SETTLE_SECONDS * 1000);
    await monitor.connect();
    const backends = followBackends(monitor, apps);
    const before = Object.fromEntries(Object.entries(apps).map(([name, child]) => [name, cpuMs([child.pid])]));
    const t0 = performance.now();
    await backends.begin();
    await sleep(SECONDS * 1000);
    const { byApp, backends: count } = await backends.end();
    const elapsed = performance.now() - t0;
    const percent = (ms) => +((ms / elapsed) * 100).toFixed(2);
    const rows = Object.entries(apps).map(([name, child]) => {
      const own = cpuMs([child.pid]) - before[name];
      const db = byApp[name] ?? 0;
      return { app: name, '% of a core': percent(own), 'PostgreSQL %': percent(db), 'total %': percent(own + db), backends: count[name] ?? 0 };
    });
    for (const [name, child] of Object.entries(apps)) if (child.exitCode !== null) throw new Error(`${name} exited during the run (${child.exitCode})`);
    console.table(rows);
    say(`over ${(elapsed / 1000).toFixed(1)} s, no requests; backends: PostgreSQL connections seen for the app during the run`);
  } finally {
    await monitor.end().catch(() => undefined);
    stop();
    await Promise.all(Object.values(apps).map((a) => new Promise((r) => (a.exitCode !== null ? r() : a.once('exit', r)))));
  }
}

main().catch((error) => {
  console.error(`[idle] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
