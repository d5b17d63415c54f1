// A relay that kills itself (SIGKILL: no cleanup, no finally) at the moment named by CRASH_AT,
// for the crash test. Everything else comes from the environment the test passes.
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { OutboxRelay, type OutboxRow } from '../relay.js';
import { pgSqlClient } from '../sql.js';
import { silentLogger } from '../logger.js';

const env = process.env;
const crashAt = env.CRASH_AT as 'afterClaim' | 'afterPublish';
const die = (rows: OutboxRow[]) => {
  if (rows.length === 0) return;
  process.stdout.write(`${crashAt} ${rows.map((r) => r.envelope.id).join(',')}\n`, () => process.kill(process.pid, 'SIGKILL'));
  return new Promise<void>(() => undefined);
};

const pool = new pg.Pool({ connectionString: env.DATABASE_URL });
const nc = await connect({ servers: env.NATS_URL });
const relay = new OutboxRelay({
  nc,
  db: pgSqlClient(pool),
  schema: env.SCHEMA!,
  prefix: env.PREFIX,
  stream: env.STREAM,
  pollMs: 20,
  logger: silentLogger,
  hooks: { [crashAt]: die },
});
await relay.start();
