// Prisma CLI configuration of the support service, whose data lives in the PostgreSQL schema "support".
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

const SCHEMA = 'support';

// The schema-engine binary cannot be downloaded here; `prisma generate` only needs the variable to
// name an existing file. The stand-in exits 1 so a migrate command can never "succeed" silently.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(
  new URL('../../infra/prisma/no-schema-engine.sh', import.meta.url),
);

// One database, one PostgreSQL schema per service: `?schema=` decides where the tables and this
// service's own _prisma_migrations table go, so it is added when DATABASE_URL lacks it.
function withSchema(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('schema')) parsed.searchParams.set('schema', SCHEMA);
  return parsed.toString();
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: withSchema(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mboa') },
});
