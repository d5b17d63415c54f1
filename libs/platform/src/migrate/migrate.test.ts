// Exercises authoring through the wasm schema engine end to end (an internal Prisma API: this is
// the test that tells when a Prisma upgrade breaks it), with what it writes applied by the runner,
// on a throwaway repository layout and a fresh database. runner.test.ts covers the runner itself.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { checkDrift, createMigration, deployMigrations, migrationStatus, servicesWithSchema } from './index.js';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function schemaFor(service: string, extraField = ''): string {
  return `generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}

datasource db {
  provider = "postgresql"
  schemas  = ["${service}"]
}

enum ItemState {
  draft
  live

  @@schema("${service}")
}

model Item {
  id        String    @id @default(uuid()) @db.Uuid
  title     String
  state     ItemState @default(draft)
  createdAt DateTime  @default(now()) @map("created_at")${extraField}

  @@index([createdAt])
  @@map("items")
  @@schema("${service}")
}
`;
}

let root: string;
let db: TestDatabase;
let client: pg.Client;

function writeSchema(service: string, text: string): void {
  mkdirSync(path.join(root, 'services', service, 'prisma'), { recursive: true });
  writeFileSync(path.join(root, 'services', service, 'prisma', 'schema.prisma'), text);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'mboa-migrate-'));
  writeFileSync(path.join(root, 'nx.json'), '{}');
  writeSchema('shelf', schemaFor('shelf'));
  writeSchema('crate', schemaFor('crate'));
  db = await createTestDatabase([], { baseUrl: serverUrl, root });
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function tablesOf(schema: string): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [schema],
  );
  return rows.map((row) => row.table_name);
}

describe('author with the wasm schema engine, apply with the runner', () => {
  let initName: string;

  it('lists the services that have a schema', () => {
    expect(servicesWithSchema(root)).toEqual(['crate', 'shelf']);
  });

  it('creates the first migration and the lock file from schema.prisma', async () => {
    const created = await createMigration('shelf', 'Init', { root, serverUrl });
    expect(created).not.toBeNull();
    initName = created!.name;
    expect(initName).toMatch(/^\d{14}_init$/);
    expect(created!.file).toBe(path.join(root, 'services/shelf/prisma/migrations', initName, 'migration.sql'));
    expect(readFileSync(created!.file, 'utf8')).toBe(created!.sql);
    expect(created!.sql).toContain('CREATE TABLE "items"');
    expect(created!.sql).toContain(`CREATE TYPE "ItemState" AS ENUM ('draft', 'live')`);
    expect(readFileSync(path.join(root, 'services/shelf/prisma/migrations/migration_lock.toml'), 'utf8')).toContain(
      'provider = "postgresql"',
    );
  });

  it('writes nothing when schema.prisma has not changed', async () => {
    expect(await createMigration('shelf', 'nothing', { root, serverUrl })).toBeNull();
  });

  it('reports the migration as pending before it is applied', async () => {
    const status = await migrationStatus('shelf', db.url, { root });
    expect(status).toMatchObject({ migrations: [initName], applied: [], pending: [initName], upToDate: false });
    expect(status.hasMigrationsTable).toBe(false);
  });

  it('applies it into the service schema, with the checksum `prisma migrate deploy` expects', async () => {
    const first = await deployMigrations('shelf', db.url, { root });
    expect(first.applied).toEqual([initName]);
    expect(await tablesOf('shelf')).toEqual(['_prisma_migrations', 'items']);
    expect(await tablesOf('public')).toEqual([]);

    const sql = readFileSync(path.join(root, 'services/shelf/prisma/migrations', initName, 'migration.sql'));
    const { rows } = await client.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM shelf._prisma_migrations');
    expect(rows).toEqual([
      expect.objectContaining({
        migration_name: initName,
        checksum: createHash('sha256').update(sql).digest('hex'),
        finished_at: expect.any(Date),
        applied_steps_count: 1,
      }),
    ]);
  });

  it('is idempotent', async () => {
    const second = await deployMigrations('shelf', db.url, { root });
    expect(second.applied).toEqual([]);
    const { rows } = await client.query('SELECT count(*)::int AS n FROM shelf._prisma_migrations');
    expect(rows[0].n).toBe(1);
  });

  it('reports the database as up to date', async () => {
    const status = await migrationStatus('shelf', db.url, { root });
    expect(status).toMatchObject({ applied: [initName], pending: [], failed: [], edited: [], upToDate: true });
  });

  it('keeps each service in its own schema with its own history in one database', async () => {
    await createMigration('crate', 'init', { root, serverUrl });
    const result = await deployMigrations('crate', db.url, { root });
    expect(result.applied).toHaveLength(1);
    expect(await tablesOf('crate')).toEqual(['_prisma_migrations', 'items']);
    const { rows } = await client.query('SELECT migration_name FROM crate._prisma_migrations');
    expect(rows.map((row) => row.migration_name)).toEqual(result.applied);
    expect((await migrationStatus('shelf', db.url, { root })).upToDate).toBe(true);
  });

  it('detects drift, then creates and applies the migration that resolves it', async () => {
    expect(await checkDrift('shelf', { root, serverUrl })).toMatchObject({ inSync: true });

    writeSchema('shelf', schemaFor('shelf', '\n  priceXaf  Int?      @map("price_xaf")'));
    const drift = await checkDrift('shelf', { root, serverUrl });
    expect(drift.inSync).toBe(false);
    expect(drift.summary).toContain('items');
    expect(drift.missingSql).toContain('ADD COLUMN     "price_xaf" INTEGER');

    const created = await createMigration('shelf', 'add price', { root, serverUrl });
    expect(created!.name).toMatch(/^\d{14}_add_price$/);
    expect(await checkDrift('shelf', { root, serverUrl })).toMatchObject({ inSync: true });

    const status = await migrationStatus('shelf', db.url, { root });
    expect(status.pending).toEqual([created!.name]);
    expect((await deployMigrations('shelf', db.url, { root })).applied).toEqual([created!.name]);
    const { rows } = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'shelf' AND table_name = 'items' ORDER BY ordinal_position`,
    );
    expect(rows.map((row) => row.column_name)).toContain('price_xaf');
  });

  it('runs a hand-written migration as one script (semicolons inside strings and blocks)', async () => {
    const created = await createMigration('shelf', 'seed items', { root, serverUrl, draft: true });
    expect(created).not.toBeNull();
    appendFileSync(
      created!.file,
      `\nINSERT INTO "items" ("id", "title") VALUES ('00000000-0000-4000-8000-000000000001', 'semi;colon');\n` +
        `DO $$ BEGIN UPDATE "items" SET "state" = 'live'; END $$;\n`,
    );
    expect((await deployMigrations('shelf', db.url, { root })).applied).toEqual([created!.name]);
    const { rows } = await client.query('SELECT title, state FROM shelf.items');
    expect(rows).toEqual([{ title: 'semi;colon', state: 'live' }]);
  });

  it('reports an edited migration, and refuses to migrate over it', async () => {
    const created = await createMigration('crate', 'later', { root, serverUrl, draft: true });
    appendFileSync(created!.file, '\nSELECT 1;\n');
    const status = await migrationStatus('crate', db.url, { root });
    expect(status).toMatchObject({ pending: [created!.name], failed: [], upToDate: false });

    const [init] = status.applied;
    appendFileSync(path.join(root, 'services/crate/prisma/migrations', init, 'migration.sql'), '\n-- edited\n');
    expect((await migrationStatus('crate', db.url, { root })).edited).toEqual([init]);
    await expect(deployMigrations('crate', db.url, { root })).rejects.toThrow(/edited after being applied/);
    expect((await migrationStatus('crate', db.url, { root })).pending).toEqual([created!.name]);
  });

  it('drops the throwaway shadow and scratch databases it made', async () => {
    const { rows } = await client.query(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2`,
      [`shadow\\_shelf\\_${process.pid}\\_%`, `scratch\\_shelf\\_${process.pid}\\_%`],
    );
    expect(rows).toEqual([]);
  });
});

describe('createTestDatabase', () => {
  it('makes a fresh database with the services migrated, and drops it', async () => {
    const started = performance.now();
    const test = await createTestDatabase(['shelf'], { baseUrl: serverUrl, root });
    const ms = performance.now() - started;
    const other = new pg.Client({ connectionString: test.url });
    other.on('error', () => undefined); // the drop below disconnects it
    await other.connect();
    try {
      const { rows } = await other.query('SELECT count(*)::int AS n FROM shelf.items');
      expect(rows[0].n).toBe(1); // the hand-written migration's row
      expect(test.urlFor('shelf')).toBe(`${test.url}?schema=shelf`);
    } finally {
      // A client left connected must not stop the drop.
      await test.drop();
      await other.end().catch(() => undefined);
    }
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [test.name]);
    expect(rows).toEqual([]);
    expect(existsSync(root)).toBe(true);
    console.log(`createTestDatabase(['shelf']) with 4 migrations: ${Math.round(ms)} ms`);
  });
});
