import { PrismaPg } from '@prisma/adapter-pg';

/**
 * Options of every service's Prisma client: the pg driver adapter on the service's own schema,
 * and transaction waits sized for a busy 2-core machine (Prisma's 2 s default to obtain a
 * connection fails spuriously under load; a refused write is worse than a slow one).
 */
export function prismaClientOptions(databaseUrl: string, schema: string) {
  return {
    adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }, { schema }),
    transactionOptions: { maxWait: 10_000, timeout: 20_000 },
  };
}
