// The history of applied migrations, kept in Prisma's own `_prisma_migrations` table in the
// service's schema, with Prisma's columns and checksums: databases migrated before the runner
// existed are adopted as they are, and Prisma's tooling (`migrate status`, `migrate dev`) reads
// what the runner writes. See docs/migrations.md#history-and-compatibility-with-prisma.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { quoteIdent } from './database.js';

export const HISTORY_TABLE = '_prisma_migrations';

/**
 * The advisory lock key `prisma migrate deploy` and `migrate dev` take (database-wide): holding the
 * same one keeps the runner and any Prisma CLI from migrating one database at the same time.
 */
export const MIGRATION_LOCK_KEY = 72707369;

/** One row of `_prisma_migrations`. */
export interface HistoryRow {
  migrationName: string;
  checksum: string;
  finishedAt: Date | null;
  rolledBackAt: Date | null;
}

/** The table exactly as Prisma's schema engine creates it. */
export function createHistoryTableSql(schema: string): string {
  return `CREATE TABLE IF NOT EXISTS ${quoteIdent(schema)}.${quoteIdent(HISTORY_TABLE)} (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`;
}

export async function hasHistoryTable(client: pg.Client, schema: string): Promise<boolean> {
  const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [
    `${quoteIdent(schema)}.${quoteIdent(HISTORY_TABLE)}`,
  ]);
  return rows[0]?.found != null;
}

/** Every row, oldest first; none when the table does not exist yet. */
export async function readHistory(client: pg.Client, schema: string): Promise<HistoryRow[]> {
  if (!(await hasHistoryTable(client, schema))) return [];
  const { rows } = await client.query<{
    migration_name: string;
    checksum: string;
    finished_at: Date | null;
    rolled_back_at: Date | null;
  }>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at
       FROM ${quoteIdent(schema)}.${quoteIdent(HISTORY_TABLE)} ORDER BY started_at, migration_name`,
  );
  return rows.map((row) => ({
    migrationName: row.migration_name,
    checksum: row.checksum,
    finishedAt: row.finished_at,
    rolledBackAt: row.rolled_back_at,
  }));
}

/** Prisma ignores rows marked rolled back (`migrate resolve --rolled-back`): the migration is pending again. */
export const isApplied = (row: HistoryRow): boolean => row.finishedAt !== null && row.rolledBackAt === null;

/** Started and never finished nor marked rolled back: Prisma's "failed" state, which needs a human. */
export const isFailed = (row: HistoryRow): boolean => row.finishedAt === null && row.rolledBackAt === null;

/** Records a migration as applied, as Prisma does once a script succeeded (one step: the whole script). */
export async function recordApplied(
  client: pg.Client,
  schema: string,
  migration: { name: string; checksum: string },
  startedAt: Date,
): Promise<void> {
  await client.query(
    `INSERT INTO ${quoteIdent(schema)}.${quoteIdent(HISTORY_TABLE)}
       (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
     VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`,
    [randomUUID(), migration.checksum, migration.name, startedAt],
  );
}
