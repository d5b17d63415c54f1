import type { Pool, QueryResult } from 'pg';

/**
 * The slice of a Prisma client the event bus needs. Every generated client (and the `tx` of an
 * interactive transaction) has it, so one library serves every service's schema. Placeholders
 * are PostgreSQL's `$1, $2, ...`.
 */
export interface SqlExecutor {
  $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(sql: string, ...values: unknown[]): Promise<T>;
}

export interface SqlTransactionOptions {
  maxWait?: number;
  timeout?: number;
}

export interface SqlClient extends SqlExecutor {
  $transaction<R>(fn: (tx: SqlExecutor) => Promise<R>, options?: SqlTransactionOptions): Promise<R>;
}

/** Quotes a PostgreSQL identifier (schema names come from configuration, never from users). */
export function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid SQL identifier "${name}"`);
  return `"${name}"`;
}

function executorOver(run: (sql: string, values: unknown[]) => Promise<QueryResult>): SqlExecutor {
  return {
    async $executeRawUnsafe(sql, ...values) {
      return (await run(sql, values)).rowCount ?? 0;
    },
    async $queryRawUnsafe<T>(sql: string, ...values: unknown[]) {
      return (await run(sql, values)).rows as T;
    },
  };
}

/** The same interface over a plain `pg` Pool, for scripts and tests without a generated client. */
export function pgSqlClient(pool: Pool): SqlClient {
  const base = executorOver((sql, values) => pool.query(sql, values));
  return {
    ...base,
    async $transaction(fn) {
      const conn = await pool.connect();
      let broken: unknown;
      try {
        await conn.query('BEGIN');
        const result = await fn(executorOver((sql, values) => conn.query(sql, values)));
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch((e: unknown) => (broken = e));
        throw err;
      } finally {
        // A connection that could not roll back is in an unknown state: don't reuse it.
        conn.release(broken instanceof Error ? broken : undefined);
      }
    },
  };
}
