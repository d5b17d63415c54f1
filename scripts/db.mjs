#!/usr/bin/env node
// Database migrations of the services (@mboa/platform/migrate). `deploy` is the one runner that
// development, tests, CI and production apply migrations with (the containers run
// `node scripts/db.mjs deploy <service>` from infra/docker/entrypoint.sh); `create` and `drift`
// are authoring tools that use Prisma's schema engine compiled to WebAssembly on throwaway
// databases. See docs/migrations.md.
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
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mboa';
const USAGE = `usage: node scripts/db.mjs deploy [service...]
       node scripts/db.mjs create <service> --name <name> [--draft]
       node scripts/db.mjs status [service...]
       node scripts/db.mjs drift [service...]`;

const say = (line) => console.log(`[db] ${line}`);
const fail = (message) => {
  console.error(`[db] ${message}`);
  process.exit(1);
};
const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

const platformDir = path.join(root, 'libs/platform');
const tscBin = path.join(root, 'node_modules/typescript/bin/tsc');

/** Newest modification time of the non-test .ts files under `dir`. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || /\.(test|spec)\.ts$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes(`${path.sep}__tests__${path.sep}`)) continue;
    newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const isFresh = (file, sourceDir) => existsSync(file) && statSync(file).mtimeMs >= newestSource(sourceDir);

function tsc(args) {
  return spawnSync(process.execPath, [tscBin, ...args], { cwd: root, encoding: 'utf8' });
}

/**
 * The migrate library, built. Uses libs/platform/dist when it is at least as new as the sources
 * (or when there are no sources: the production image ships dist only), else builds the platform
 * lib; if that does not compile (it is shared), builds the migrate folder alone into
 * node_modules/.cache (it only depends on npm packages).
 */
async function loadMigrateLib() {
  const distEntry = path.join(platformDir, 'dist/migrate/index.js');
  const shipsSources = existsSync(path.join(platformDir, 'src'));
  if (shipsSources && !isFresh(distEntry, path.join(platformDir, 'src'))) {
    say('building libs/platform (dist is missing or older than its sources)…');
    const build = tsc(['-p', path.join(platformDir, 'tsconfig.build.json')]);
    if (build.status !== 0) {
      const migrateSrc = path.join(platformDir, 'src/migrate');
      const cacheDir = path.join(root, 'node_modules/.cache/mboa-migrate');
      const cacheEntry = path.join(cacheDir, 'index.js');
      console.error(`[db] libs/platform does not compile; using src/migrate built alone:\n${build.stdout}${build.stderr}`.trimEnd());
      if (!isFresh(cacheEntry, migrateSrc)) {
        const alone = tsc([
          '--outDir', cacheDir, '--rootDir', migrateSrc,
          '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2023', '--lib', 'es2023',
          '--types', 'node', '--strict', '--skipLibCheck', '--esModuleInterop',
          path.join(migrateSrc, 'index.ts'),
        ]);
        if (alone.status !== 0) fail(`cannot build libs/platform/src/migrate:\n${alone.stdout}${alone.stderr}`);
        // Under node_modules, Node would not look up to the root package.json for "type".
        writeFileSync(path.join(cacheDir, 'package.json'), '{ "type": "module" }\n');
      }
      return import(pathToFileURL(cacheEntry).href);
    }
  }
  return import(pathToFileURL(distEntry).href);
}

function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--name') flags.name = argv[++i];
    else if (arg.startsWith('--name=')) flags.name = arg.slice('--name='.length);
    else if (arg === '--draft') flags.draft = true;
    else if (arg === '-h' || arg === '--help') flags.help = true;
    else if (arg.startsWith('-')) fail(`unknown option ${arg}\n${USAGE}`);
    else positional.push(arg);
  }
  return { positional, flags };
}

const [command, ...rest] = process.argv.slice(2);
const { positional, flags } = parseArgs(rest);
if (flags.help || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (!['deploy', 'create', 'status', 'drift'].includes(command)) fail(USAGE);

const migrate = await loadMigrateLib();
const databaseUrl = migrate.withoutSchemaParam(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
const serverUrl = migrate.withDatabase(databaseUrl, 'postgres');
const database = migrate.databaseName(databaseUrl);
const where = migrate.redactUrl(databaseUrl);

/** The services named on the command line (checked), or every service with a schema. */
function chosenServices(names) {
  const all = migrate.servicesWithSchema();
  const unknown = names.filter((name) => !all.includes(name));
  if (unknown.length) fail(`no services/<name>/prisma/schema.prisma for: ${unknown.join(', ')} (have: ${all.join(', ') || 'none'})`);
  return names.length ? names : all;
}

async function deploy(names) {
  const services = chosenServices(names);
  if (!services.length) return say('no service has a prisma/schema.prisma: nothing to migrate');
  if (await migrate.ensureDatabase(databaseUrl, serverUrl)) say(`created database ${database}`);
  say(`applying migrations to ${where}`);
  for (const service of services) {
    const result = await migrate.deployMigrations(service, databaseUrl, { log: say });
    say(
      result.applied.length
        ? `${service}: ${plural(result.applied.length, 'migration')} applied (${result.applied.join(', ')}) in ${result.durationMs} ms`
        : `${service}: up to date (${result.durationMs} ms)`,
    );
  }
}

async function create([service, ...extra]) {
  if (!service || extra.length || !flags.name) fail(USAGE);
  chosenServices([service]);
  say(`${service}: comparing prisma/migrations with prisma/schema.prisma…`);
  const started = performance.now();
  const created = await migrate.createMigration(service, flags.name, { serverUrl, draft: flags.draft });
  const ms = Math.round(performance.now() - started);
  if (!created) return say(`${service}: schema.prisma has no change since the last migration: nothing written (${ms} ms)`);
  say(`${service}: wrote ${path.relative(root, created.file)} (${ms} ms)`);
  for (const warning of created.warnings) say(`${service}: warning: ${warning}`);
  say(`apply it with: node scripts/db.mjs deploy ${service}`);
}

async function status(names) {
  const services = chosenServices(names);
  if (!(await migrate.databaseExists(databaseUrl, serverUrl))) {
    say(`database ${database} does not exist yet: run node scripts/db.mjs deploy`);
    process.exitCode = 1;
    return;
  }
  say(`migrations in ${where}`);
  for (const service of services) {
    const s = await migrate.migrationStatus(service, databaseUrl);
    const parts = [`${s.applied.length}/${s.migrations.length} applied`];
    if (s.pending.length) parts.push(`pending: ${s.pending.join(', ')}`);
    if (s.failed.length) parts.push(`FAILED: ${s.failed.join(', ')}`);
    if (s.edited.length) parts.push(`edited after being applied: ${s.edited.join(', ')}`);
    if (s.notInFolder.length) parts.push(`in the database but not in the folder: ${s.notInFolder.join(', ')}`);
    say(`${service}: ${s.upToDate ? 'up to date, ' : ''}${parts.join('; ')}`);
    if (!s.upToDate) process.exitCode = 1;
  }
}

async function drift(names) {
  for (const service of chosenServices(names)) {
    const started = performance.now();
    const report = await migrate.checkDrift(service, { serverUrl });
    const ms = Math.round(performance.now() - started);
    if (report.inSync) {
      say(`${service}: migrations and schema.prisma agree (${ms} ms)`);
    } else {
      process.exitCode = 1;
      say(`${service}: schema.prisma differs from its migrations (${ms} ms):\n${report.summary}`);
      say(`create the missing migration with: node scripts/db.mjs create ${service} --name <what_changed>`);
    }
  }
}

try {
  if (command === 'deploy') await deploy(positional);
  else if (command === 'create') await create(positional);
  else if (command === 'status') await status(positional);
  else await drift(positional);
} catch (error) {
  fail(`${command} failed: ${error instanceof Error ? error.message : error}`);
}
