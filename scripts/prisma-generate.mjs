#!/usr/bin/env node
// Root `postinstall`: generates the Prisma client of every service that has
// services/<name>/prisma/schema.prisma, offline. `prisma generate` insists on a schema-engine binary
// it would download; it only needs the file to exist, so we name a stand-in that always fails
// (infra/prisma/no-schema-engine.sh). Migrations go through the wasm engine (scripts/db.mjs).
//
// Usage: node scripts/prisma-generate.mjs [service...]   (default: every service with a schema)
// MBOA_SKIP_PRISMA_GENERATE=1 skips it (e.g. an install that only needs the tooling).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`[prisma-generate] ${line}`);

if (process.env.MBOA_SKIP_PRISMA_GENERATE === '1') {
  say('skipped (MBOA_SKIP_PRISMA_GENERATE=1)');
  process.exit(0);
}

let prismaCli;
try {
  prismaCli = createRequire(path.join(root, 'package.json')).resolve('prisma/build/index.js');
} catch {
  // An install without the workspaces' dependencies has nothing to generate for.
  say('the prisma package is not installed: nothing generated');
  process.exit(0);
}

const stub = path.join(root, 'infra/prisma/no-schema-engine.sh');
// A checkout or archive may lose the executable bit; Prisma only checks that the file exists,
// but anything that does run it must get its "exit 1", not "permission denied".
try {
  if ((statSync(stub).mode & 0o111) === 0) chmodSync(stub, 0o755);
} catch {
  // Read-only tree: the stand-in still exists, which is all `generate` needs.
}

const servicesDir = path.join(root, 'services');
const requested = process.argv.slice(2);
const services = (requested.length ? requested : existsSync(servicesDir) ? readdirSync(servicesDir) : [])
  .filter((name) => existsSync(path.join(servicesDir, name, 'prisma/schema.prisma')))
  .sort();
const missing = requested.filter((name) => !services.includes(name));
if (missing.length) {
  console.error(`[prisma-generate] no prisma/schema.prisma for: ${missing.join(', ')}`);
  process.exit(1);
}
if (!services.length) {
  say('no services/*/prisma/schema.prisma: nothing to generate');
  process.exit(0);
}

const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || stub,
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  NO_COLOR: '1',
};

/** Runs `prisma generate` for one service; resolves with its exit code and collected output. */
function generate(name) {
  const dir = path.join(servicesDir, name);
  const args = existsSync(path.join(dir, 'prisma.config.ts'))
    ? ['generate', '--config', 'prisma.config.ts']
    : ['generate', '--schema', 'prisma/schema.prisma'];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [prismaCli, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, ms: Date.now() - started }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, ms: Date.now() - started }));
  });
}

// One process per service, all at once: each is mostly CLI start-up time.
const results = await Promise.all(services.map(generate));
let failed = 0;
for (const { name, code, output, ms } of results) {
  if (code === 0) {
    say(`${name}: client generated to services/${name}/src/generated/prisma (${ms} ms)`);
  } else {
    failed += 1;
    console.error(`[prisma-generate] ${name}: prisma generate failed (exit ${code})\n${output.trim()}`);
  }
}
process.exit(failed ? 1 : 0);
