#!/usr/bin/env node
// `npm test`: every test. First installs what a fresh clone lacks (dependencies with `npm ci` when
// node_modules is missing or older than the lock file; Debian's Chromium for the browser tests when
// root may), runs the lint (`npm run lint`: type-aware ESLint with the module boundaries, and the web
// apps' type check; cached by Nx, so only changed projects are linted again), makes sure PostgreSQL,
// Redis and NATS run (the tests talk to the real servers), runs jest over all projects (extra
// arguments go to jest), then the web apps' vitest suites when they have any. Ends with a short summary, naming the browser tests skipped for want of Chromium and
// why; the exit code is non-zero if anything failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServers, ServerSetupError } from '../infra/scripts/ensure-servers.mjs';
import { browserTestFiles, ensureCaddy, ensureChromium, ensureDependencies } from './lib/setup.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const ANSI = /\u001b\[[0-9;?]*[ -\/]*[@-~]/g;

/** Runs a command with its output shown live, keeping the last lines to pick the summary from. */
function run(command, args, cwd = root) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['inherit', 'pipe', 'pipe'] });
    const tail = [];
    const keep = (chunk) => {
      for (const line of chunk.toString('utf8').replace(ANSI, '').split(/\r?\n/)) {
        tail.push(line);
        if (tail.length > 200) tail.shift();
      }
    };
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk)));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk)));
    child.on('error', (error) => resolve({ code: 1, tail: [`could not run ${command}: ${error.message}`] }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), tail }));
  });
}

const say = (line) => console.log(`[test] ${line}`);
if (!ensureDependencies(root, say)) process.exit(1);
const noBrowser = ensureChromium(say);
const noCaddy = ensureCaddy(say);

say('lint');
const lintStarted = Date.now();
const lint = await run('npm', ['run', 'lint']);
const lintSeconds = Math.round((Date.now() - lintStarted) / 1000);
// Nx ends with "Cache: 12/14 hit (86%)" (older versions: "… from the cache … for 12 out of 14 tasks").
const cached = lint.tail.map((line) => /Cache:\s+(\d+)\/(\d+) hit|from the cache instead of running the command for (\d+) out of (\d+) tasks/.exec(line)).find(Boolean);
const lintSummary = `${lintSeconds} s${cached ? `, ${cached[1] ?? cached[3]} of ${cached[2] ?? cached[4]} tasks from the cache` : ''}`;

try {
  await ensureServers({ log: say });
} catch (error) {
  console.error(`[test] ${error instanceof ServerSetupError ? error.message : (error.stack ?? error)}`);
  process.exit(1);
}

const extraArgs = process.argv.slice(2);
// Colours survive the pipe only when a person is watching.
const colourArgs = process.stderr.isTTY && !extraArgs.some((a) => /^--(no-)?colors$/.test(a)) ? ['--colors'] : [];
const jest = await run(process.execPath, ['scripts/jest.mjs', ...colourArgs, ...extraArgs]);
const jestSummary = jest.tail.filter((line) => /^(Test Suites|Tests|Snapshots|Time):/.test(line.trim())).slice(-4);

const results = [{ name: 'jest', ok: jest.code === 0 }, { name: 'lint', ok: lint.code === 0, summary: [lintSummary] }];
for (const app of ['web', 'admin-web']) {
  const manifest = path.join(app, 'package.json');
  if (!existsSync(manifest) || !existsSync(path.join(app, 'src'))) continue;
  if (!JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test) continue;
  console.log(`\n[test] ${app}: vitest`);
  const vitest = await run('npx', ['vitest', 'run'], path.join(root, app));
  const summary = vitest.tail.filter((line) => /^\s*(Test Files|Tests)\s/.test(line)).map((l) => l.trim());
  results.push({ name: `${app} (vitest)`, ok: vitest.code === 0, summary });
}

const failed = results.filter((r) => !r.ok);
console.log('\n──────── summary ────────');
for (const r of results.slice(1)) console.log(`${r.ok ? 'passed' : 'FAILED'}  ${r.name}${r.summary?.length ? `: ${r.summary.join(', ')}` : ''}`);
console.log(`${results[0].ok ? 'passed' : 'FAILED'}  jest`);
for (const line of jestSummary) console.log(`  ${line.trim()}`);
if (jestSummary.length === 0) console.log('  (jest printed no summary: see its output above)');
if (noBrowser) {
  console.log(`skipped browser tests: ${noBrowser}`);
  for (const file of browserTestFiles(root)) console.log(`  ${file}`);
}
if (noCaddy) console.log(`skipped the TLS proxy test (gateway/src/__tests__/tls-proxy.e2e.test.ts): ${noCaddy}`);
console.log(failed.length ? `\n${failed.length} of ${results.length} test runs failed: ${failed.map((r) => r.name).join(', ')}` : '\nAll tests passed.');
process.exit(failed.length ? 1 : 0);
