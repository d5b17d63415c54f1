import { PrismaPg } from '@prisma/adapter-pg';

export const DEFAULT_DATABASE_POOL_SIZE = 10;

/**
 * Options of every service's Prisma client: the pg driver adapter on the service's own schema with
 * `poolSize` connections (DATABASE_POOL_SIZE), and transaction waits sized for a busy 2-core machine (Prisma's 2 s default to obtain a
 * connection fails spuriously under load; a refused write is worse than a slow one).
 */
export function prismaClientOptions(databaseUrl: string, schema: string, poolSize = DEFAULT_DATABASE_POOL_SIZE) {
  return {
    adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }, { schema }),
    transactionOptions: { maxWait: 10_000, timeout: 20_000 },
  };
}
