// @mboa/platform/migrate: Prisma migrations through the schema engine compiled to WebAssembly
// (Prisma's native engine binary cannot be downloaded here). See docs/migrations.md.
export {
  checkDrift,
  createMigration,
  deployMigrations,
  migrationStatus,
  type CreatedMigration,
  type CreateMigrationOptions,
  type DeployResult,
  type DriftReport,
  type MigrateOptions,
  type MigrationStatus,
  type ScratchOptions,
} from './commands.js';
export {
  DEFAULT_SERVER_URL,
  databaseExists,
  databaseName,
  dropDatabase,
  ensureDatabase,
  quoteIdent,
  redactUrl,
  uniqueDatabaseName,
  withConnection,
  withDatabase,
  withoutSchemaParam,
} from './database.js';
export { findRepoRoot, serviceFiles, servicesWithSchema, type ServiceFiles } from './service-files.js';
export { loadSchemaEngine } from './wasm-engine.js';
