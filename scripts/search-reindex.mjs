#!/usr/bin/env node
// npm run search:reindex: rebuilds the property search index (PostgreSQL or Meilisearch) from the database.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'services/listings/dist/cli/search-reindex.js');
if (process.env.SKIP_BUILD !== '1' || !existsSync(cli)) {
  console.log('search:reindex: building the listings service…');
  const build = spawnSync('npx', ['nx', 'run', '@mboa/listings:build', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  });
  if (build.status !== 0) {
    console.error('search:reindex: could not build the listings service (run `npm run build` to see why).');
    process.exit(1);
  }
}
try { process.loadEnvFile(path.join(root, '.env')); } catch { /* no .env: defaults apply */ }
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
