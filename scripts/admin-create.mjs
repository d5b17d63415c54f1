#!/usr/bin/env node
// npm run admin:create -- --email … --password … [--name …] [--whatsapp …]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'services/auth/dist/cli/admin-create.js');
if (process.env.SKIP_BUILD !== '1' || !existsSync(cli)) {
  const build = spawnSync('npx', ['nx', 'run', '@mboa/auth:build', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (build.status !== 0) {
    console.error('admin:create: could not build the auth service (run `npm run build` to see why).');
    process.exit(1);
  }
}
try { process.loadEnvFile(path.join(root, '.env')); } catch { /* no .env: defaults apply */ }
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
