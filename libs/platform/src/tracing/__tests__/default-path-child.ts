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
// shimmer marks what it wrapped with `__wrapped`.
const pgPatched = '__wrapped' in (Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')?.value as object);
console.log(`RESULT ${JSON.stringify({ tracing: tracing !== undefined, traceparent: envelope.traceparent ?? null, pgPatched, rpc: typeof rpc.call })}`);
