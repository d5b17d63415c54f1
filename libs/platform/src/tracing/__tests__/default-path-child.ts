// A process on the platform's default path: requests, events and logs, as an app starts them.
import pg from 'pg';
import { initTracing } from '../index.js';
import { RpcClient } from '../../nats/rpc-client.js';
import { newEnvelope } from '../../events/envelope.js';
import { createLogger } from '../../logging/logger.js';

const tracing = await initTracing('child');
const rpc = new RpcClient({ servers: 'nats://127.0.0.1:4222' });
const envelope = newEnvelope({ type: 'child.started', payload: {} });
createLogger({ name: 'child', level: 'silent' }).info('started');
const query = pg.Client.prototype.query as unknown as { __wrapped?: boolean };
console.log(`RESULT ${JSON.stringify({ tracing: tracing !== undefined, traceparent: envelope.traceparent ?? null, pgPatched: Boolean(query.__wrapped), rpc: typeof rpc.call })}`);
