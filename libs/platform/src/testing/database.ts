// A fresh PostgreSQL database per test file, with the real migrations of the services under test
// applied into their schemas: tests run against exactly what production gets, and parallel test
// files never share data.
import {
  DEFAULT_SERVER_URL,
  deployMigrations,
  dropDatabase,
  quoteIdent,
  uniqueDatabaseName,
  withConnection,
  withDatabase,
  withoutSchemaParam,
} from '../migrate/index.js';

export interface TestDatabase {
  /** The database's name (unique to this test file and process). */
  name: string;
  /** URL of the database, without a schema. */
  url: string;
  /** URL of the database with Prisma's `?schema=<service>`, for a service's configuration. */
  urlFor(service: string): string;
  /** Drops the database, disconnecting any client still connected. Safe to call twice. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Any database on the test server (default: env TEST_DATABASE_URL, else local `postgres`). */
  baseUrl?: string;
  /** Start of the database's name, to recognise leftovers (default "test"). */
  prefix?: string;
  /** The monorepo root holding services/<name>/prisma (default: this repository). */
  root?: string;
}

/**
 * Creates a uniquely named database and applies the migrations of `services` (each into the schema
 * named after it). Call `drop()` in afterAll.
 */
export async function createTestDatabase(services: string[], options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const baseUrl = options.baseUrl ?? process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
  const serverUrl = new URL(baseUrl).pathname.length > 1 ? withoutSchemaParam(baseUrl) : withDatabase(baseUrl, 'postgres');
  const name = uniqueDatabaseName(options.prefix ?? 'test');
  const url = withDatabase(baseUrl, name);

  await withConnection(serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));

  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await dropDatabase(serverUrl, name);
  };

  try {
    // The runner production uses (entrypoint.sh migrate <service>, npm run db:migrate), one service
    // after the other: its advisory lock is database-wide, as Prisma's is.
    for (const service of services) await deployMigrations(service, url, { root: options.root });
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }

  return {
    name,
    url,
    urlFor: (service: string) => {
      const withSchema = new URL(url);
      withSchema.searchParams.set('schema', service);
      return withSchema.toString();
    },
    drop,
  };
}
