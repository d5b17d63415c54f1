// @mboa/platform/migrate: the one migration runner (runner.ts), which development, tests, CI and
// production all apply migrations with, and the authoring tools (authoring.ts: new migrations and
// the drift check, through Prisma's schema engine compiled to WebAssembly). See docs/migrations.md.
export { deployMigrations, migrationStatus, MigrationRefused, type DeployResult, type MigrateOptions, type MigrationStatus } from './runner.js';
export {
  checkDrift,
  createMigration,
  type CreatedMigration,
  type CreateMigrationOptions,
  type DriftReport,
  type ScratchOptions,
} from './authoring.js';
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
