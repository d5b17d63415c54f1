#!/usr/bin/env node
// `npm start`: the whole system on one machine. Builds what is stale, makes sure PostgreSQL,
// Redis and NATS run, applies migrations, optionally seeds demo data, then runs every service and
// the gateway as child processes until Ctrl-C or SIGTERM.
//
// Settings (besides the applications' own, see README): PORT (3000), SEED_DEMO=1,
// SKIP_BUILD=1 (use the dist/ folders as they are), START_TIMEOUT_MS (90000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServers, ServerSetupError } from '../infra/scripts/ensure-servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (existsSync('.env')) process.loadEnvFile('.env');

const port = Number(process.env.PORT || 3000);
const startTimeoutMs = Number(process.env.START_TIMEOUT_MS || 90_000);
const STOP_GRACE_MS = 10_000;
const KEEP_LINES = 30;
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
// Child processes

/** @type {{ name: string, child: import('node:child_process').ChildProcess, lines: string[], exited: boolean }[]} */
const children = [];
let stopping = false;
let started = false;

const ANSI = /\u001b\[[0-9;?]*[ -\/]*[@-~]/g;
const width = () => Math.max(...children.map((c) => c.name.length), 7);

function pipeLines(entry, stream, out) {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const parts = (partial + chunk).split(/\r?\n/);
    partial = parts.pop();
    for (const raw of parts) emit(entry, raw, out);
  });
  stream.on('end', () => {
    if (partial) emit(entry, partial, out);
    partial = '';
  });
}

function emit(entry, raw, out) {
  const line = raw.replace(ANSI, '');
  entry.lines.push(line);
  if (entry.lines.length > KEEP_LINES) entry.lines.shift();
  out.write(`${entry.name.padEnd(width())} | ${line}\n`);
}

function launch(name, mainFile) {
  // Own process group, so a terminal's Ctrl-C reaches only us and we stop the children in order.
  const child = spawn(process.execPath, [mainFile], { cwd: root, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = { name, child, lines: [], exited: false };
  children.push(entry);
  pipeLines(entry, child.stdout, process.stdout);
  pipeLines(entry, child.stderr, process.stderr);
  child.on('error', (error) => emit(entry, `could not start: ${error.message}`, process.stderr));
  child.on('exit', (code, signal) => {
    entry.exited = true;
    if (stopping) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    console.error(`[start] ${name} ${how} ${started ? 'while running' : 'during start'}; its last lines:`);
    for (const line of entry.lines.slice(-15)) console.error(`  ${name} | ${line}`);
    void stopAll(1);
  });
  return entry;
}

function signalChild(entry, signal) {
  if (entry.exited) return;
  try {
    process.kill(-entry.child.pid, signal); // the child's process group, i.e. it and anything it spawned
  } catch {
    try {
      entry.child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => !c.exited);
  if (running.length > 0) say(`stopping ${running.map((c) => c.name).join(', ')}…`);
  // The gateway first, so no request reaches a service that is already going away.
  for (const entry of [...running].reverse()) signalChild(entry, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (children.some((c) => !c.exited) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const entry of children.filter((c) => !c.exited)) {
    say(`${entry.name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
    signalChild(entry, 'SIGKILL');
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// Last resort if we die some other way: never leave orphans holding the ports.
process.on('exit', () => {
  for (const entry of children) signalChild(entry, 'SIGKILL');
});

// ------------------------------------------------------------------------------------------------

if (process.env.SKIP_BUILD === '1') {
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

const services = readdirSync('services', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join('services', d.name, 'dist/main.js')))
  .map((d) => d.name)
  .sort();
if (!existsSync('gateway/dist/main.js')) fail('gateway/dist/main.js is missing: the build did not produce the gateway.');

// The gateway's /api/health reports exactly the services started here.
childEnv.SERVICES ??= services.join(',');
say(`starting ${[...services, 'gateway'].join(', ')}…`);
for (const name of services) launch(name, path.join('services', name, 'dist/main.js'));
launch('gateway', 'gateway/dist/main.js');

const deadline = Date.now() + startTimeoutMs;
for (;;) {
  if (stopping) await new Promise(() => {}); // a child died: stopAll is exiting
  if ((await answers(`http://127.0.0.1:${port}/api/health`)) === 200) break;
  if (Date.now() > deadline) {
    console.error(`[start] GET /api/health on port ${port} did not answer 200 within ${startTimeoutMs / 1000} s; the gateway's last lines:`);
    for (const line of children.at(-1).lines.slice(-15)) console.error(`  gateway | ${line}`);
    await stopAll(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
started = true;
console.log(`\nMboa Rentals is running at http://localhost:${port}\n(Ctrl-C stops it)\n`);
