// PostgreSQL housekeeping around migrations: database URLs, creating and dropping databases.
import pg from 'pg';

/** The local server's maintenance database, used to create and drop the throwaway ones. */
export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The database named in a URL. */
export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error(`No database name in ${redactUrl(url)}`);
  return name;
}

/** The same server and credentials, another database; the Prisma-only `schema` parameter dropped. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  parsed.searchParams.delete('schema');
  return parsed.toString();
}

/** Prisma's `?schema=` parameter of a URL, if any. */
export function schemaParam(url: string): string | undefined {
  return new URL(url).searchParams.get('schema') ?? undefined;
}

/** node-postgres ignores `?schema=`; it is removed so it can't be mistaken for the schema in use. */
export function withoutSchemaParam(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('schema');
  return parsed.toString();
}

/** The URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid database URL>';
  }
}

/** Runs `fn` with a short-lived connection to the given database. */
export async function withConnection<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withoutSchemaParam(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database named in `url` unless it exists, connecting to `serverUrl` (any database on
 * the same server) to do so. Returns whether it was created. A database that exists is found by
 * connecting to it, so a production role that may not reach the maintenance database never has to.
 */
export async function ensureDatabase(url: string, serverUrl = withDatabase(url, 'postgres')): Promise<boolean> {
  const name = databaseName(url);
  try {
    await withConnection(url, () => Promise.resolve());
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: no such database
  }
  return withConnection(serverUrl, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
      return true;
    } catch (error) {
      // Someone else created it between our check and our CREATE: that is fine. A CREATE racing
      // another one fails on pg_database's unique index (23505) rather than with 42P04.
      const code = (error as { code?: string }).code;
      if (code === '42P04' || code === '23505') return false;
      throw error;
    }
  });
}

/** Whether the database named in `url` exists (asked of `serverUrl`). */
export async function databaseExists(url: string, serverUrl = withDatabase(url, 'postgres')): Promise<boolean> {
  const name = databaseName(url);
  return withConnection(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (found.rowCount ?? 0) > 0;
  });
}

/** Drops a database, disconnecting whoever is still connected to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withConnection(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
}

/** A database name nobody else will pick: prefix, process id and randomness, lower case. */
export function uniqueDatabaseName(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${random}`.toLowerCase().slice(0, 63);
}
