// The runner that development, tests, CI and production all apply migrations with: what an
// operator relies on when a migration fails, when replicas start together, and when a database
// migrated by Prisma's own engine (the path used before the runner) meets it.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { NO_FILTERS, withEngine } from './session.js';
import { readMigrations, serviceFiles } from './service-files.js';
import {
  databaseName,
  deployMigrations,
  dropDatabase,
  ensureDatabase,
  migrationStatus,
  MigrationRefused,
  servicesWithSchema,
  uniqueDatabaseName,
  withDatabase,
} from './index.js';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withSchemaFile = (service: string) => `datasource db {\n  provider = "postgresql"\n  schemas  = ["${service}"]\n}\n`;

let root: string;
const databases: TestDatabase[] = [];

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mboa-runner-'));
  writeFileSync(path.join(root, 'nx.json'), '{}');
});

afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A service folder in the throwaway repository with these migrations (name → SQL). */
function writeService(service: string, migrations: Record<string, string>): void {
  const prismaDir = path.join(root, 'services', service, 'prisma');
  mkdirSync(prismaDir, { recursive: true });
  writeFileSync(path.join(prismaDir, 'schema.prisma'), withSchemaFile(service));
  for (const [name, sql] of Object.entries(migrations)) addMigration(service, name, sql);
}

function addMigration(service: string, name: string, sql: string): void {
  const dir = path.join(root, 'services', service, 'prisma', 'migrations', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'migration.sql'), sql);
}

async function freshDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase([], { baseUrl: serverUrl, root, prefix: 'runner' });
  databases.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Everything an operator could see of a schema: its tables, columns, indexes and types. */
async function snapshot(url: string, schema: string): Promise<unknown> {
  return {
    columns: await query(
      url,
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = $1
        ORDER BY table_name, column_name`,
      [schema],
    ),
    indexes: await query(url, 'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname', [schema]),
    types: await query(
      url,
      `SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = $1 AND t.typtype = 'e' ORDER BY t.typname`,
      [schema],
    ),
  };
}

async function history(url: string, schema: string) {
  return query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
    url,
    `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "${schema}"._prisma_migrations ORDER BY migration_name`,
  );
}

/** What `prisma migrate deploy` does, run by Prisma's own schema engine: the old apply path. */
async function applyWithPrismaEngine(service: string, url: string): Promise<string[]> {
  const files = serviceFiles(service, root);
  const migrationsList = await readMigrations(files.migrationsDir);
  return withEngine(
    { files, url, schema: service, createSchema: true, serverUrl: withDatabase(url, 'postgres') },
    async ({ engine }) => (await engine.applyMigrations({ migrationsList, filters: NO_FILTERS })).appliedMigrationNames,
  );
}

/** What `prisma migrate status` makes of the database, asked of Prisma's own schema engine. */
async function prismaDiagnosis(service: string, url: string) {
  const files = serviceFiles(service, root);
  const migrationsList = await readMigrations(files.migrationsDir);
  return withEngine({ files, url, schema: service, serverUrl: withDatabase(url, 'postgres') }, ({ engine }) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTERS }),
  );
}

const INIT = `CREATE TYPE "Colour" AS ENUM ('red', 'green');\nCREATE TABLE "boxes" ("id" SERIAL PRIMARY KEY, "colour" "Colour" NOT NULL);\n`;

describe('a failing migration', () => {
  const broken =
    `CREATE TABLE "lids" ("id" SERIAL PRIMARY KEY);\n` +
    `ALTER TABLE "boxes" ADD COLUMN "lid_id" INTEGER;\n` +
    `CREATE INDEX "boxes_lid_id_idx" ON "boxes"("lid_id");\n` +
    `INSERT INTO "no_such_table" VALUES (1);\n`;

  beforeAll(() => writeService('cellar', { '20260101000000_init': INIT, '20260102000000_lids': broken }));

  it('on a fresh database: the migration before it stays applied, nothing of the failing one remains', async () => {
    const db = await freshDatabase();
    const error = await deployMigrations('cellar', db.url, { root }).then(
      () => null,
      (reason: Error) => reason,
    );
    expect(error?.message).toMatch(/20260102000000_lids failed and was rolled back.*no_such_table/s);
    expect(await history(db.url, 'cellar')).toEqual([expect.objectContaining({ migration_name: '20260101000000_init' })]);
    const tables = await query(db.url, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'cellar' ORDER BY 1`);
    expect(tables).toEqual([{ table_name: '_prisma_migrations' }, { table_name: 'boxes' }]);
  });

  it('on a database already up to the migration before it: schema and history exactly as they were', async () => {
    const db = await freshDatabase();
    rmSync(path.join(root, 'services/cellar/prisma/migrations/20260102000000_lids'), { recursive: true });
    await deployMigrations('cellar', db.url, { root });
    addMigration('cellar', '20260102000000_lids', broken);
    const before = { schema: await snapshot(db.url, 'cellar'), history: await history(db.url, 'cellar') };

    await expect(deployMigrations('cellar', db.url, { root })).rejects.toThrow(/no_such_table/);
    expect({ schema: await snapshot(db.url, 'cellar'), history: await history(db.url, 'cellar') }).toEqual(before);
    expect(await migrationStatus('cellar', db.url, { root })).toMatchObject({ pending: ['20260102000000_lids'], failed: [] });
  });
});

describe('two replicas starting at once', () => {
  beforeAll(() =>
    writeService('depot', {
      // Slow enough that the second run surely arrives while the first holds the lock.
      '20260101000000_init': `${INIT}SELECT pg_sleep(2);\n`,
      '20260102000000_labels': `ALTER TABLE "boxes" ADD COLUMN "label" TEXT;\n`,
      '20260103000000_seed': `INSERT INTO "boxes" ("colour", "label") VALUES ('red', 'first');\n`,
    }),
  );

  it('create the missing database once and apply each migration once: one applies them all, the other waits', async () => {
    // What `node scripts/db.mjs deploy` (entrypoint.sh migrate <service>) does in each replica.
    const url = withDatabase(serverUrl, uniqueDatabaseName('runner_replicas'));
    const waited: string[] = [];
    const replica = async () => {
      await ensureDatabase(url);
      return deployMigrations('depot', url, { root, log: (line) => waited.push(line) });
    };
    try {
      const runs = await Promise.all([replica(), replica()]);
      const all = ['20260101000000_init', '20260102000000_labels', '20260103000000_seed'];
      expect(runs.map((run) => run.applied).sort((a, b) => a.length - b.length)).toEqual([[], all]);
      expect((await history(url, 'depot')).map((row) => row.migration_name)).toEqual(all);
      expect(await query(url, 'SELECT label FROM depot.boxes')).toEqual([{ label: 'first' }]);
      console.log(`concurrent runs: ${runs.map((run) => `${run.applied.length} applied in ${run.durationMs} ms`).join(', ')}; ${waited.join('; ')}`);
    } finally {
      await dropDatabase(serverUrl, databaseName(url));
    }
  });
});

describe('a database migrated by Prisma’s own engine (before the runner)', () => {
  beforeAll(() => writeService('attic', { '20260101000000_init': INIT }));

  it('is adopted: nothing re-applied, new migrations recorded so that Prisma agrees', async () => {
    const db = await freshDatabase();
    expect(await applyWithPrismaEngine('attic', db.url)).toEqual(['20260101000000_init']);
    const byPrisma = await history(db.url, 'attic');

    expect((await deployMigrations('attic', db.url, { root })).applied).toEqual([]);
    expect(await history(db.url, 'attic')).toEqual(byPrisma);

    addMigration('attic', '20260102000000_sizes', `ALTER TYPE "Colour" ADD VALUE 'blue';\nALTER TABLE "boxes" ADD COLUMN "size" INTEGER;\n`);
    expect((await deployMigrations('attic', db.url, { root })).applied).toEqual(['20260102000000_sizes']);
    const rows = await history(db.url, 'attic');
    expect(rows[1]).toEqual({
      migration_name: '20260102000000_sizes',
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      finished_at: expect.any(Date),
      applied_steps_count: byPrisma[0].applied_steps_count,
    });

    // `prisma migrate status` would see an up-to-date history with nothing edited or failed.
    const diagnosis = await prismaDiagnosis('attic', db.url);
    expect(diagnosis).toMatchObject({ failedMigrationNames: [], editedMigrationNames: [], hasMigrationsTable: true });
    expect(diagnosis.history).toBeNull();
    expect(await applyWithPrismaEngine('attic', db.url)).toEqual([]);
  });

  it('refuses to migrate over an applied migration that was edited, and says which', async () => {
    const db = await freshDatabase();
    await applyWithPrismaEngine('attic', db.url);
    const before = await history(db.url, 'attic');
    addMigration('attic', '20260103000000_handles', `ALTER TABLE "boxes" ADD COLUMN "handles" INTEGER;\n`);
    appendFileSync(path.join(root, 'services/attic/prisma/migrations/20260101000000_init/migration.sql'), '-- tidied\n');
    try {
      const attempt = deployMigrations('attic', db.url, { root });
      await expect(attempt).rejects.toThrow(MigrationRefused);
      await expect(attempt).rejects.toThrow(/20260101000000_init: sha256 of .*migration\.sql is [0-9a-f]{64}, the database recorded/);
      // The pending migration was not applied either.
      expect(await history(db.url, 'attic')).toEqual(before);
    } finally {
      writeFileSync(path.join(root, 'services/attic/prisma/migrations/20260101000000_init/migration.sql'), INIT);
      rmSync(path.join(root, 'services/attic/prisma/migrations/20260103000000_handles'), { recursive: true });
    }
  });

  it('refuses to go past a migration Prisma left marked as failed', async () => {
    const db = await freshDatabase();
    await applyWithPrismaEngine('attic', db.url);
    await query(db.url, `UPDATE attic._prisma_migrations SET finished_at = NULL WHERE migration_name = '20260101000000_init'`);
    await expect(deployMigrations('attic', db.url, { root })).rejects.toThrow(/20260101000000_init failed earlier and is still marked failed/);
    expect((await migrationStatus('attic', db.url, { root })).failed).toEqual(['20260101000000_init']);
  });
});

describe('statements PostgreSQL runs only outside a transaction', () => {
  it('run when alone in their migration', async () => {
    writeService('loft', {
      '20260101000000_init': INIT,
      '20260102000000_colour_index': `-- Built without locking writes.\nCREATE INDEX CONCURRENTLY "boxes_colour_idx" ON "boxes"("colour");\n`,
    });
    const db = await freshDatabase();
    expect((await deployMigrations('loft', db.url, { root })).applied).toEqual(['20260101000000_init', '20260102000000_colour_index']);
    expect(await query(db.url, `SELECT indexname FROM pg_indexes WHERE schemaname = 'loft' AND indexname = 'boxes_colour_idx'`)).toHaveLength(1);
  });

  it('are refused, before anything runs, when they share a migration with other statements', async () => {
    writeService('shed', {
      '20260101000000_init': INIT,
      '20260102000000_mixed': `ALTER TABLE "boxes" ADD COLUMN "note" TEXT;\nCREATE INDEX CONCURRENTLY "boxes_note_idx" ON "boxes"("note");\n`,
    });
    const db = await freshDatabase();
    await expect(deployMigrations('shed', db.url, { root })).rejects.toThrow(/refusing to apply 20260102000000_mixed: .*CONCURRENTLY.*migration of its own/);
    expect(await history(db.url, 'shed')).toEqual([]);
  });
});

describe("every service's real migrations", () => {
  const services = servicesWithSchema();

  it('apply on a fresh database, and the database is up to date', async () => {
    expect(services).toContain('auth');
    const db = await createTestDatabase(services, { baseUrl: serverUrl });
    databases.push(db);
    for (const service of services) {
      expect(await migrationStatus(service, db.url)).toMatchObject({ pending: [], failed: [], edited: [], upToDate: true });
      expect((await deployMigrations(service, db.url)).applied).toEqual([]);
    }
  }, 120_000);
});
