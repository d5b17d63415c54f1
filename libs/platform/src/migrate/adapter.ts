// The driver adapter the wasm schema engine talks to PostgreSQL through: @prisma/adapter-pg with
// the corrections the engine needs (see docs/migrations.md and toolchain notes):
// - introspection reads `"char"` columns (OID 18), which adapter-pg 7.10 rejects: read them as text;
// - the engine writes unqualified SQL for the connection's default schema, as the native engine
//   does with `?schema=`: every connection gets `search_path` set to the service's schema;
// - a migration script runs as one multi-statement query, as the native engine does, instead of
//   adapter-pg's split on ";" (which breaks on a ";" inside a string or a function body);
// - the shadow database is our own throwaway database, emptied before each use: adapter-pg's own
//   `connectToShadowDb()` built from a URL connects to the main database.
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { dropDatabase, quoteIdent, uniqueDatabaseName, withConnection, withDatabase } from './database.js';

const CHAR_OID = 18;
const TEXT_OID = 25;

interface RowDescription {
  fields: { dataTypeID: number }[];
}
type PgClientInternals = { _handleRowDescription: (this: pg.Client, message: RowDescription) => void };
const handleRowDescription = (pg.Client.prototype as unknown as PgClientInternals)._handleRowDescription;

/** A pg client that reports PostgreSQL's internal `"char"` columns as text (their wire form). */
export class CharAsTextClient extends pg.Client {}
(CharAsTextClient.prototype as unknown as PgClientInternals)._handleRowDescription = function (
  this: pg.Client,
  message: RowDescription,
) {
  for (const field of message.fields) if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
  return handleRowDescription.call(this, message);
};

export interface EngineAdapterOptions {
  /** The database the engine works on (deploy, status); without a `?schema=` parameter. */
  url: string;
  /** The PostgreSQL schema of the service: default schema of every connection. */
  schema: string;
  /** Every schema the service's datamodel uses; emptied in the shadow database before each use. */
  schemas: string[];
  /** Create `schema` in the main database when connecting (deploy only). */
  createSchema: boolean;
  /** Any database on the server where the throwaway shadow database may be created. */
  serverUrl: string;
}

/** The adapter factory of one engine session, and the clean-up of what it opened. */
export interface EngineAdapterFactory extends SqlMigrationAwareDriverAdapterFactory {
  close(): Promise<void>;
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

export function createEngineAdapterFactory(options: EngineAdapterOptions): EngineAdapterFactory {
  const adapters: PgAdapter[] = [];
  let shadowName: string | undefined;

  async function open(url: string): Promise<PgAdapter> {
    const adapter = await new PrismaPg(
      {
        connectionString: url,
        Client: CharAsTextClient,
        options: `-c search_path=${quoteIdent(options.schema)}`,
        max: 4,
        allowExitOnIdle: true,
      },
      { schema: options.schema },
    ).connect();
    const pool = adapter.underlyingDriver();
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        (adapter as unknown as { onError(error: unknown): never }).onError(error);
      }
    };
    adapters.push(adapter);
    return adapter;
  }

  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',

    async connect() {
      const adapter = await open(options.url);
      if (options.createSchema) {
        await adapter.underlyingDriver().query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`);
      }
      return adapter;
    },

    async connectToShadowDb() {
      if (!shadowName) {
        const name = uniqueDatabaseName(`shadow_${options.schema}`);
        await withConnection(options.serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
        shadowName = name;
      }
      const adapter = await open(withDatabase(options.serverUrl, shadowName));
      // The engine replays the migrations into whatever it finds: start from nothing every time.
      const reset = options.schemas.map((schema) => `DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE;`);
      await adapter.underlyingDriver().query(`${reset.join('\n')}\nCREATE SCHEMA ${quoteIdent(options.schema)};`);
      return adapter;
    },

    async close() {
      // The engine may or may not have disposed them; ending a pool twice only rejects.
      await Promise.all(adapters.splice(0).map((adapter) => adapter.dispose().catch(() => undefined)));
      if (shadowName) {
        const name = shadowName;
        shadowName = undefined;
        await dropDatabase(options.serverUrl, name);
      }
    },
  };
}
