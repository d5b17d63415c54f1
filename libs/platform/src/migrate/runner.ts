// The one migration runner: development (`npm run db:migrate`), the test databases, CI and the
// production containers (`entrypoint.sh migrate <service>`, and at start) all apply a service's
// prisma/migrations/*/migration.sql through deployMigrations. Umzug orders the migrations and
// decides which are pending; this module gives it Prisma's history table as storage, one
// transaction per migration and Prisma's advisory lock. See docs/migrations.md.
import pg from 'pg';
import { MigrationError, Umzug, type UmzugStorage } from 'umzug';
import { quoteIdent, redactUrl, withoutSchemaParam } from './database.js';
import {
  createHistoryTableSql,
  hasHistoryTable,
  isApplied,
  isFailed,
  MIGRATION_LOCK_KEY,
  readHistory,
  recordApplied,
  type HistoryRow,
} from './prisma-history.js';
import { planScript } from './script-rules.js';
import { readMigrationScripts, serviceFiles, type MigrationScript } from './service-files.js';

export interface MigrateOptions {
  /** The monorepo root (default: found from this module's location). */
  root?: string;
  /** The PostgreSQL schema (default: the service's name). */
  schema?: string;
  /** Progress worth telling an operator (e.g. waiting for another migrator). */
  log?: (line: string) => void;
}

export interface DeployResult {
  service: string;
  schema: string;
  /** Migrations applied by this call, oldest first (empty when already up to date). */
  applied: string[];
  durationMs: number;
}

/** Refused before anything ran: the history or a script needs a human. */
export class MigrationRefused extends Error {
  override name = 'MigrationRefused';
}

/**
 * Applies the service's pending migrations to the database at `databaseUrl` (which must exist),
 * in the schema named after the service, creating the schema and the history table if needed.
 * Idempotent; concurrent calls on one database apply each migration once. A migration that fails
 * leaves nothing of itself behind, and the history as it was.
 */
export async function deployMigrations(service: string, databaseUrl: string, options: MigrateOptions = {}): Promise<DeployResult> {
  const started = performance.now();
  const schema = options.schema ?? service;
  const scripts = await readMigrationScripts(serviceFiles(service, options.root).migrationsDir);
  const where = `${service} (schema "${schema}" in ${redactUrl(databaseUrl)})`;
  const applied = await withClient(databaseUrl, schema, async (client) => {
    await lockMigrations(client, where, options.log);
    try {
      // After the lock: a replica that waited sees what the first one applied.
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await client.query(createHistoryTableSql(schema));
      refuseUnsafeHistory(where, schema, scripts, await readHistory(client, schema));
      const umzug = new Umzug<object>({
        migrations: scripts.map((script) => ({ name: script.name, path: script.file, up: () => applyOne(client, schema, script) })),
        context: {},
        storage: historyStorage(client, schema),
        logger: undefined,
      });
      const pending = new Set((await umzug.pending()).map((migration) => migration.name));
      refuseUnrunnableScripts(where, scripts.filter((script) => pending.has(script.name)));
      return (await umzug.up()).map((migration) => migration.name);
    } catch (error) {
      throw explain(error, where);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  });
  return { service, schema, applied, durationMs: Math.round(performance.now() - started) };
}

export interface MigrationStatus {
  service: string;
  schema: string;
  /** Every migration in the folder, oldest first. */
  migrations: string[];
  applied: string[];
  pending: string[];
  /** Started and never finished by an earlier Prisma run: needs a human (see docs/migrations.md). */
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
  const schema = options.schema ?? service;
  const scripts = await readMigrationScripts(serviceFiles(service, options.root).migrationsDir);
  const { history, hasTable } = await withClient(databaseUrl, schema, async (client) => ({
    hasTable: await hasHistoryTable(client, schema),
    history: await readHistory(client, schema),
  }));
  const review = reviewHistory(scripts, history);
  const migrations = scripts.map((script) => script.name);
  const pending = migrations.filter((name) => !review.applied.has(name) && !review.failed.includes(name));
  return {
    service,
    schema,
    migrations,
    applied: migrations.filter((name) => review.applied.has(name)),
    pending,
    failed: review.failed,
    edited: review.edited.map((edit) => edit.name),
    notInFolder: review.notInFolder,
    hasMigrationsTable: hasTable,
    upToDate: !pending.length && !review.failed.length && !review.notInFolder.length && !review.edited.length,
  };
}

async function withClient<T>(databaseUrl: string, schema: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  // Prisma's migrations are unqualified SQL for the connection's schema (what `?schema=` does).
  const client = new pg.Client({
    connectionString: withoutSchemaParam(databaseUrl),
    options: `-c search_path=${quoteIdent(schema)}`,
  });
  // A connection lost mid-way surfaces as the failing query's error; this keeps it from also
  // being an unhandled 'error' event.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Prisma's database-wide migration lock; says so when it has to wait for another migrator. */
async function lockMigrations(client: pg.Client, where: string, log: MigrateOptions['log']): Promise<void> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY]);
  if (rows[0]?.locked) return;
  log?.(`${where}: another migrator is working on this database; waiting for it to finish`);
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
}

/** The script and its history row in one transaction: both are there, or neither. */
async function applyOne(client: pg.Client, schema: string, script: MigrationScript): Promise<void> {
  const startedAt = new Date();
  const plan = planScript(script.sql);
  if (plan.mode === 'alone') {
    // PostgreSQL refuses it inside a transaction; a single statement either happens or does not.
    try {
      await client.query(script.sql);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message} (it ran outside a transaction; a failed CONCURRENTLY build leaves an INVALID index to drop before retrying)`, {
        cause: error,
      });
    }
    await recordApplied(client, schema, script, startedAt);
    return;
  }
  await client.query('BEGIN');
  try {
    // One simple-protocol query: the script is never split on ";", as `prisma migrate deploy` runs it.
    await client.query(script.sql);
    await recordApplied(client, schema, script, startedAt);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

function historyStorage(client: pg.Client, schema: string): UmzugStorage<object> {
  return {
    executed: async () => (await readHistory(client, schema)).filter(isApplied).map((row) => row.migrationName),
    // applyOne writes the row inside the migration's own transaction, so they commit together.
    logMigration: () => Promise.resolve(),
    unlogMigration: () => Promise.reject(new Error('Prisma migrations have no down step: write a new migration that undoes the change')),
  };
}

interface HistoryReview {
  applied: Set<string>;
  failed: string[];
  edited: { name: string; file: string; recorded: string; actual: string }[];
  notInFolder: string[];
}

function reviewHistory(scripts: MigrationScript[], history: HistoryRow[]): HistoryReview {
  const byName = new Map(scripts.map((script) => [script.name, script]));
  const appliedRows = history.filter(isApplied);
  const applied = new Set(appliedRows.map((row) => row.migrationName));
  const failed = [...new Set(history.filter(isFailed).map((row) => row.migrationName))].filter((name) => !applied.has(name));
  const edited = appliedRows.flatMap((row) => {
    const script = byName.get(row.migrationName);
    return script && script.checksum !== row.checksum
      ? [{ name: row.migrationName, file: script.file, recorded: row.checksum, actual: script.checksum }]
      : [];
  });
  const notInFolder = [...applied].filter((name) => !byName.has(name));
  return { applied, failed, edited, notInFolder };
}

function refuseUnsafeHistory(where: string, schema: string, scripts: MigrationScript[], history: HistoryRow[]): void {
  const review = reviewHistory(scripts, history);
  if (review.edited.length) {
    const lines = review.edited.map(
      (edit) => `  ${edit.name}: sha256 of ${edit.file} is ${edit.actual}, the database recorded ${edit.recorded}`,
    );
    throw new MigrationRefused(
      `${where}: refusing to migrate: ${review.edited.length === 1 ? 'a migration was' : 'migrations were'} edited after being applied:\n` +
        `${lines.join('\n')}\nRestore the applied file(s) and put the change in a new migration (docs/migrations.md#never-edit-an-applied-migration).`,
    );
  }
  if (review.failed.length) {
    throw new MigrationRefused(
      `${where}: refusing to migrate: ${review.failed.join(', ')} failed earlier and is still marked failed in ` +
        `${schema}._prisma_migrations (docs/migrations.md#a-migration-that-failed).`,
    );
  }
}

function refuseUnrunnableScripts(where: string, pending: MigrationScript[]): void {
  for (const script of pending) {
    const plan = planScript(script.sql);
    if (plan.mode === 'refused') {
      throw new MigrationRefused(`${where}: refusing to apply ${script.name}: ${plan.reason} (docs/migrations.md#transactions).`);
    }
  }
}

/** The error with the service, the database and the migration in front, Umzug's wrapper removed. */
function explain(error: unknown, where: string): Error {
  if (error instanceof MigrationRefused) return error;
  if (error instanceof MigrationError) {
    const cause = error.cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    return new Error(`${where}: migration ${error.migration.name} failed and was rolled back, nothing of it was applied: ${message}`, {
      cause,
    });
  }
  return new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
