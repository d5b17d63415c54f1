#!/usr/bin/env node
// `npm start`: the whole system on one machine. Builds what is stale, makes sure PostgreSQL,
// Redis and NATS run, applies migrations, optionally seeds demo data, then runs every service and
// the gateway as child processes until Ctrl-C or SIGTERM.
//
// An app that exits unexpectedly is restarted with a growing delay (scripts/lib/supervisor.mjs);
// the others keep running. Ctrl-C or SIGTERM stops the gateway first, then the services.
//
// Settings (besides the applications' own, see README): PORT (3000), SEED_DEMO=1,
// SKIP_BUILD=1 (use the dist/ folders as they are), FROM_SOURCE=1 (run the TypeScript sources
// through swc instead of building: quicker to try a change, types unchecked), START_TIMEOUT_MS
// (90000), METRICS_PORT (the gateway's; each service gets the next port, in alphabetical order).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServers, ServerSetupError } from '../infra/scripts/ensure-servers.mjs';
import { logFormatter } from './lib/log-format.mjs';
import { ensureDependencies } from './lib/setup.mjs';
import { Supervisor } from './lib/supervisor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const port = Number(process.env.PORT || 3000);
const startTimeoutMs = Number(process.env.START_TIMEOUT_MS || 90_000);
const STOP_GRACE_MS = 10_000;
const KEEP_LINES = 30;
const fromSource = process.env.FROM_SOURCE === '1';
// A fresh clone (or a pulled lock file) gets its dependencies first: `npm start` is the whole set-up.
if (!ensureDependencies(root, (line) => console.log(`[start] ${line}`))) process.exit(1);
// Children log without colour: their lines are prefixed here and often end up in files.
const childEnv = { ...process.env, PORT: String(port), NO_COLOR: '1' };
delete childEnv.FORCE_COLOR;

const say = (line) => console.log(`[start] ${line}`);
const fail = (message) => {
  console.error(`[start] ${message}`);
  process.exit(1);
};

/** Runs a step to completion with its output shown as is; exits on failure. */
function step(title, command, args, env = process.env) {
  say(title);
  const result = spawnSync(command, args, { stdio: 'inherit', env, cwd: root });
  if (result.status !== 0) {
    fail(`${title.replace(/…$/, '')} failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`}).`);
  }
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status;
  } catch {
    return 0;
  }
}

// ------------------------------------------------------------------------------------------------
// The apps: kept running by the supervisor (an app that crashes is restarted, the others never stop)

// In a terminal the apps' JSON lines are shown as short readable ones (LOG_FORMAT=json: as they are).
const supervisor = new Supervisor({ say, warn: (line) => console.error(`[start] ${line}`), keepLines: KEEP_LINES, format: logFormatter(process.stdout) });
let stopping = false;

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  // The gateway first, so no request reaches a service that is already going away.
  await supervisor.stopAll({ graceMs: STOP_GRACE_MS, stopOrder: ['gateway'] });
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// Last resort if we die some other way: never leave orphans holding the ports.
process.on('exit', () => supervisor.killAll());

// ------------------------------------------------------------------------------------------------

if (fromSource) {
  say('FROM_SOURCE=1: running the TypeScript sources, nothing built');
} else if (process.env.SKIP_BUILD === '1') {
  say('SKIP_BUILD=1: using the existing builds');
} else {
  step('building what changed…', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
    ...process.env,
    NX_NO_CLOUD: 'true',
    NX_DAEMON: 'false',
  });
}

say('checking PostgreSQL, Redis and NATS…');
try {
  await ensureServers({ log: (line) => say(line) });
} catch (error) {
  fail(error instanceof ServerSetupError ? error.message : `could not prepare the servers: ${error.stack ?? error}`);
}

if (existsSync('scripts/db.mjs')) step('applying database migrations…', process.execPath, ['scripts/db.mjs', 'deploy']);
else say('scripts/db.mjs not found: no migrations applied');

if (process.env.SEED_DEMO === '1') {
  if (existsSync('scripts/seed.mjs')) step('seeding demo data (SEED_DEMO=1)…', process.execPath, ['scripts/seed.mjs']);
  else say('SEED_DEMO=1 but scripts/seed.mjs does not exist: nothing seeded');
}

if (await answers(`http://127.0.0.1:${port}/api/health`)) {
  fail(`Port ${port} already answers HTTP (another \`npm start\`?); stop it or set PORT to a free port.`);
}

const mainOf = (dir) => (fromSource ? path.join(dir, 'src/main.ts') : path.join(dir, 'dist/main.js'));
const services = readdirSync('services', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(mainOf(path.join('services', d.name))))
  .map((d) => d.name)
  .sort();
if (!existsSync(mainOf('gateway'))) fail(`${mainOf('gateway')} is missing: the build did not produce the gateway.`);

// The gateway's /api/health reports exactly the services started here.
childEnv.SERVICES ??= services.join(',');
// One METRICS_PORT for six processes would collide: the gateway takes it, each service the next.
const metricsBase = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
const envOf = (index) => (metricsBase ? { ...childEnv, METRICS_PORT: String(metricsBase + index) } : childEnv);
const runner = fromSource ? ['--import', path.join(root, 'scripts/lib/register-ts.mjs')] : [];
const spec = (dir, index) => ({ command: process.execPath, args: [...runner, path.join(root, mainOf(dir))], env: envOf(index), cwd: root });
say(`starting ${[...services, 'gateway'].join(', ')}…`);
services.forEach((name, i) => supervisor.run(name, spec(path.join('services', name), i + 1)));
supervisor.run('gateway', spec('gateway', 0));
if (metricsBase) say(`metrics: gateway on port ${metricsBase}, ${services.map((name, i) => `${name} ${metricsBase + i + 1}`).join(', ')}`);

// An app that crashes meanwhile is restarted; the start fails only if the whole never gets healthy.
const deadline = Date.now() + startTimeoutMs;
for (;;) {
  if ((await answers(`http://127.0.0.1:${port}/api/health`)) === 200) break;
  if (stopping) await new Promise(() => {}); // Ctrl-C: stopAll is exiting
  if (Date.now() > deadline) {
    console.error(`[start] GET /api/health on port ${port} did not answer 200 within ${startTimeoutMs / 1000} s.`);
    for (const app of supervisor.crashLooping()) console.error(`[start] ${app.name} keeps crashing at start (${app.crashesInARow} times): see its lines above.`);
    const gateway = supervisor.apps.find((a) => a.name === 'gateway');
    console.error("[start] the gateway's last lines:");
    for (const line of gateway.lines.slice(-15)) console.error(`  gateway | ${line}`);
    await stopAll(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`\nMboa Rentals is running at http://localhost:${port}\n(Ctrl-C stops it)\n`);
