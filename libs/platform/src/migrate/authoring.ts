// Authoring, through Prisma's schema engine compiled to WebAssembly: what `prisma migrate dev
// --name` and `prisma migrate diff --exit-code` do, on throwaway databases only. Applying
// migrations to a real database is the runner's job (runner.ts), everywhere.
import { DEFAULT_SERVER_URL, dropDatabase, quoteIdent, uniqueDatabaseName, withConnection, withDatabase, withoutSchemaParam } from './database.js';
import { NO_FILTERS, withEngine } from './session.js';
import { POSTGRES_MIGRATION_LOCK, readMigrations, serviceFiles, writeMigration } from './service-files.js';

export interface ScratchOptions {
  root?: string;
  /** Any database on the server where throwaway databases may be created (default: local `postgres`). */
  serverUrl?: string;
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
 * Only throwaway databases are used: apply the result with the runner (deployMigrations).
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
