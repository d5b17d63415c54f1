// What `prisma migrate deploy | dev --name | status | diff --exit-code` do, through the wasm
// engine: same migrations folders, same `_prisma_migrations` table and checksums (sha256 of
// migration.sql), so production may run the real `prisma migrate deploy` on the same folders.
// Each service lives in the PostgreSQL schema named after it, `_prisma_migrations` included.
import {
  DEFAULT_SERVER_URL,
  dropDatabase,
  uniqueDatabaseName,
  withConnection,
  withDatabase,
  withoutSchemaParam,
  quoteIdent,
} from './database.js';
import { NO_FILTERS, withEngine } from './session.js';
import {
  POSTGRES_MIGRATION_LOCK,
  readMigrations,
  serviceFiles,
  writeMigration,
} from './service-files.js';

export interface MigrateOptions {
  /** The monorepo root (default: found from this module's location). */
  root?: string;
  /** The PostgreSQL schema (default: the service's name). */
  schema?: string;
}

export interface ScratchOptions {
  root?: string;
  /** Any database on the server where throwaway databases may be created (default: local `postgres`). */
  serverUrl?: string;
}

export interface DeployResult {
  service: string;
  schema: string;
  /** Migrations applied by this call, oldest first (empty when already up to date). */
  applied: string[];
  durationMs: number;
}

/**
 * Applies the service's pending migrations to the database at `databaseUrl` (which must exist),
 * in the schema named after the service, creating the schema if needed. Idempotent.
 */
export async function deployMigrations(service: string, databaseUrl: string, options: MigrateOptions = {}): Promise<DeployResult> {
  const started = performance.now();
  const files = serviceFiles(service, options.root);
  const schema = options.schema ?? service;
  const url = withoutSchemaParam(databaseUrl);
  const migrationsList = await readMigrations(files.migrationsDir);
  const applied = await withEngine(
    { files, url, schema, createSchema: true, serverUrl: withDatabase(url, 'postgres') },
    async ({ engine }) => (await engine.applyMigrations({ migrationsList, filters: NO_FILTERS })).appliedMigrationNames,
  );
  return { service, schema, applied, durationMs: Math.round(performance.now() - started) };
}

export interface MigrationStatus {
  service: string;
  schema: string;
  /** Every migration in the folder, oldest first. */
  migrations: string[];
  applied: string[];
  pending: string[];
  /** Started and failed: needs a human (see docs/migrations.md). */
  failed: string[];
  /** Applied, but migration.sql changed since (checksum differs). */
  edited: string[];
  /** Recorded in the database but missing from the folder. */
  notInFolder: string[];
  hasMigrationsTable: boolean;
  upToDate: boolean;
}

/** Which of the service's migrations the database has applied, and what is wrong if anything. */
export async function migrationStatus(service: string, databaseUrl: string, options: MigrateOptions = {}): Promise<MigrationStatus> {
  const files = serviceFiles(service, options.root);
  const schema = options.schema ?? service;
  const url = withoutSchemaParam(databaseUrl);
  const migrationsList = await readMigrations(files.migrationsDir);
  const diagnosis = await withEngine(
    { files, url, schema, serverUrl: withDatabase(url, 'postgres') },
    ({ engine }) => engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTERS }),
  );
  const migrations = migrationsList.migrationDirectories.map((dir) => dir.path);
  const history = diagnosis.history;
  const pending = history && history.diagnostic !== 'migrationsDirectoryIsBehind' ? history.unappliedMigrationNames : [];
  const notInFolder = history && history.diagnostic !== 'databaseIsBehind' ? history.unpersistedMigrationNames : [];
  const failed = diagnosis.failedMigrationNames;
  const applied = migrations.filter((name) => !pending.includes(name) && !failed.includes(name));
  return {
    service,
    schema,
    migrations,
    applied,
    pending,
    failed,
    edited: diagnosis.editedMigrationNames,
    notInFolder,
    hasMigrationsTable: diagnosis.hasMigrationsTable,
    upToDate: !pending.length && !failed.length && !notInFolder.length && !diagnosis.editedMigrationNames.length,
  };
}

export interface DriftReport {
  service: string;
  /** The migrations folder, replayed, gives exactly what schema.prisma describes. */
  inSync: boolean;
  /** The engine's account of the differences ("No difference detected." when in sync). */
  summary: string;
  /** The SQL a new migration would contain to catch up with schema.prisma (when not in sync). */
  missingSql?: string;
}

/**
 * Replays the service's migrations into a throwaway shadow database and compares the result with
 * schema.prisma (`prisma migrate diff --from-migrations --to-schema --exit-code`).
 */
export async function checkDrift(service: string, options: ScratchOptions = {}): Promise<DriftReport> {
  const files = serviceFiles(service, options.root);
  const serverUrl = withoutSchemaParam(options.serverUrl ?? DEFAULT_SERVER_URL);
  const list = await readMigrations(files.migrationsDir);
  // A folder without its lock file is still a history to compare; the engine needs the provider.
  const migrationsList = { ...list, lockfile: { ...list.lockfile, content: list.lockfile.content ?? POSTGRES_MIGRATION_LOCK } };
  return withEngine({ files, url: serverUrl, schema: service, serverUrl }, async ({ engine, datamodel }) => {
    const from = { tag: 'migrations' as const, ...migrationsList };
    const to = { tag: 'schemaDatamodel' as const, files: [{ path: files.schemaPath, content: datamodel }] };
    const summary = await engine.diff({ from, to, script: false, exitCode: true, filters: NO_FILTERS });
    if (summary.exitCode === 0) return { service, inSync: true, summary: (summary.stdout ?? '').trim() };
    const script = await engine.diff({ from, to, script: true, exitCode: false, filters: NO_FILTERS });
    return { service, inSync: false, summary: (summary.stdout ?? '').trim(), missingSql: script.stdout ?? '' };
  });
}

export interface CreateMigrationOptions extends ScratchOptions {
  /** Write the migration even when schema.prisma has no change (for hand-written SQL). */
  draft?: boolean;
}

export interface CreatedMigration {
  service: string;
  /** The migration folder's name: <UTC timestamp>_<name>. */
  name: string;
  /** services/<service>/prisma/migrations/<name>/migration.sql */
  file: string;
  sql: string;
  /** The engine's data-loss warnings (e.g. dropping a column that may hold data). */
  warnings: string[];
}

/**
 * Writes a new migration with what schema.prisma changed since the last one (`prisma migrate dev
 * --name <name> --create-only`), plus migration_lock.toml. Returns null when there is no change.
 * Only throwaway databases are used: apply the result with deployMigrations.
 */
export async function createMigration(service: string, name: string, options: CreateMigrationOptions = {}): Promise<CreatedMigration | null> {
  const migrationName = name.trim().toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!migrationName) throw new Error(`Not a usable migration name: "${name}"`);
  const files = serviceFiles(service, options.root);
  const serverUrl = withoutSchemaParam(options.serverUrl ?? DEFAULT_SERVER_URL);
  const migrationsList = await readMigrations(files.migrationsDir);
  // `migrate dev` works against a development database; a scratch one keeps this free of "reset
  // your database?" situations and of side effects.
  const scratch = uniqueDatabaseName(`scratch_${service}`);
  await withConnection(serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(scratch)}`));
  try {
    return await withEngine(
      { files, url: withDatabase(serverUrl, scratch), schema: service, createSchema: true, serverUrl },
      async ({ engine, datamodel }) => {
        // The wasm engine's evaluateDataLoss and createMigration have no shadow database of their
        // own: they reuse the migrations' schema that devDiagnostic replays into the shadow
        // database and caches, which it only does once the development database is up to date.
        await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
        const { action } = await engine.devDiagnostic({ migrationsList, filters: NO_FILTERS });
        if (action.tag === 'reset') throw new Error(`the migrations history needs a reset: ${action.reason}`);
        const schema = { files: [{ path: files.schemaPath, content: datamodel }] };
        const loss = await engine.evaluateDataLoss({ migrationsList, schema, filters: NO_FILTERS });
        const created = await engine.createMigration({
          draft: options.draft ?? false,
          migrationName,
          migrationsList,
          schema,
          filters: NO_FILTERS,
        });
        if (created.migrationScript === null) return null;
        const file = await writeMigration(files.migrationsDir, created.generatedMigrationName, created.migrationScript);
        return {
          service,
          name: created.generatedMigrationName,
          file,
          sql: created.migrationScript,
          warnings: [...loss.warnings, ...loss.unexecutableSteps].map((step) => step.message),
        };
      },
    );
  } finally {
    await dropDatabase(serverUrl, scratch);
  }
}
