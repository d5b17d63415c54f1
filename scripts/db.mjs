#!/usr/bin/env node
// Database migrations of the services, through Prisma's schema engine compiled to WebAssembly
// (@mboa/platform/migrate; the native engine binary cannot be downloaded here). See
// docs/migrations.md.
//
//   node scripts/db.mjs deploy [service...]          apply pending migrations (default: all services)
//   node scripts/db.mjs create <service> --name <n>  write a migration from schema.prisma changes
//                                  [--draft]        (--draft: even without changes, for hand-written SQL)
//   node scripts/db.mjs status [service...]          applied / pending per service (exit 1 if behind)
//   node scripts/db.mjs drift [service...]           do migrations and schema.prisma agree? (exit 1 if not)
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/mboa) names the one database; each
// service gets the schema named after it, so a `?schema=` in the URL is ignored.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mboa';
const USAGE = `usage: node scripts/db.mjs deploy [service...]
       node scripts/db.mjs create <service> --name <name> [--draft]
       node scripts/db.mjs status [service...]
       node scripts/db.mjs drift [service...]`;

const say = (line) => console log(line);
