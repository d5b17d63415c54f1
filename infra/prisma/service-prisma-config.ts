// The Prisma CLI configuration every service shares (services/<name>/prisma.config.ts calls it):
// its schema.prisma and migrations, and its own PostgreSQL schema in the one database.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

// The schema-engine binary cannot be downloaded here; `prisma generate` only needs the variable to
// name an existing file. The stand-in exits 1 so a migrate command can never "succeed" silently:
// migrations are applied by our runner everywhere (docs/migrations.md), never by the Prisma CLI.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL('./no-schema-engine.sh', import.meta.url));
// No usage report to Prisma's servers from any CLI run (the image sets it too).
process.env.CHECKPOINT_DISABLE ??= '1';

const LOCAL_DATABASE = 'postgres://postgres@127.0.0.1:5432/mboa';

// One database, one PostgreSQL schema per service: `?schema=` decides where the tables and this
// service's own _prisma_migrations table go, so it is added when DATABASE_URL lacks it.
function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('schema')) parsed.searchParams.set('schema', schema);
  return parsed.toString();
}

/** The configuration of the service whose data lives in the PostgreSQL schema `schema`. */
export function servicePrismaConfig(schema: string) {
  return defineConfig({
    schema: 'prisma/schema.prisma',
    migrations: { path: 'prisma/migrations' },
    datasource: { url: withSchema(process.env.DATABASE_URL ?? LOCAL_DATABASE, schema) },
  });
}
