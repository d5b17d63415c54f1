#!/usr/bin/env node
// npm run events -- parked list|show <id>|replay <id>|replay --all|drop <id>|actions
// The operator's command over parked events (docs/services.md#poison-events-and-the-parked-stream).
// Runs the built platform library when there is one (a production image), else its TypeScript sources.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'libs/platform/dist/events/parked-cli.js');
const source = path.join(root, 'libs/platform/src/events/parked-cli.ts');
try { process.loadEnvFile(path.join(root, '.env')); } catch { /* no .env: defaults apply */ }
const args = existsSync(built) && process.env.FROM_SOURCE !== '1'
  ? [built]
  : ['--import', path.join(root, 'scripts/lib/register-ts.mjs'), source];
const run = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
