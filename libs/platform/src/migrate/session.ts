// One schema-engine session: an engine instance over one service's datamodel and our adapter
// factory, torn down (engine freed, pools ended, shadow database dropped) whatever happens.
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { createEngineAdapterFactory } from './adapter.js';
import { redactUrl } from './database.js';
import { datamodelSchemas, readSchema, type ServiceFiles } from './service-files.js';
import { loadSchemaEngine, takeEnginePanic, type SchemaEngine } from './wasm-engine.js';

export interface SessionOptions {
  files: ServiceFiles;
  /** The database the engine's main connection uses (without `?schema=`). */
  url: string;
  schema: string;
  /** Create the schema in the main database on connect (deploy). */
  createSchema?: boolean;
  /** Where throwaway shadow databases may be created. */
  serverUrl: string;
}

export interface Session {
  engine: SchemaEngine;
  datamodel: string;
}

/** Filters for tables and enums Prisma should leave alone: none here. */
export const NO_FILTERS = { externalTables: [], externalEnums: [] };

const debug = process.env.MBOA_MIGRATE_DEBUG === '1';

export async function withEngine<T>(options: SessionOptions, fn: (session: Session) => Promise<T>): Promise<T> {
  const glue = await loadSchemaEngine();
  const datamodel = readSchema(options.files);
  const factory = createEngineAdapterFactory({
    url: options.url,
    schema: options.schema,
    schemas: datamodelSchemas(datamodel, options.schema),
    createSchema: options.createSchema ?? false,
    serverUrl: options.serverUrl,
  });
  const log = (line: string) => {
    if (debug) process.stderr.write(`[schema-engine] ${line}\n`);
  };
  let engine: SchemaEngine | undefined;
  try {
    engine = await glue.SchemaEngine.new(
      { datamodels: [[options.files.schemaPath, datamodel]] },
      log,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return await fn({ engine, datamodel });
  } catch (error) {
    throw explain(error, options);
  } finally {
    engine?.free();
    await factory.close();
  }
}

/** The engine's error with the service, the database and any panic message in front. */
function explain(error: unknown, options: SessionOptions): Error {
  const panic = takeEnginePanic();
  const message = error instanceof Error ? error.message : String(error);
  const wrapped = new Error(
    `${options.files.service} (schema "${options.schema}" in ${redactUrl(options.url)}): ${message}` +
      (panic ? `\nschema engine panic: ${panic}` : ''),
    { cause: error },
  );
  return wrapped;
}
