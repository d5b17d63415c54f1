#!/usr/bin/env node
// Runs jest in ESM mode (Nest 12 is ESM only), passing every argument through.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const jestBin = require.resolve('jest').replace(/build[\/]index.js$/, 'bin/jest.js');
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
const r = spawnSync(process.execPath, [jestBin, ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
