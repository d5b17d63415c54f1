// The gateway and the auth service in one process, stopped by SIGTERM exactly as the gateway's
// main.ts stops (stopOnSignals + stopGateway), then the service closes as its own SIGTERM would
// close it. Prints `READY <url>` when it takes requests. Settings come from the test's env.
import 'reflect-metadata';
import { FileMailer } from '@mboa/platform';
import { createTestDatabase, deleteTestStream } from '@mboa/platform/testing';
import { createGateway } from '../../app.js';
import { gatewayConfigFromEnv } from '../../config.js';
import { stopGateway, stopOnSignals } from '../../observability/graceful-shutdown.js';
import { SERVICE_STARTERS, type ServiceContext } from '../system.js';

const env = process.env;
const prefix = env.PREFIX!;
const stream = env.STREAM!;
const natsUrl = env.NATS_URL ?? 'nats://127.0.0.1:4222';
const db = await createTestDatabase(['auth']);
const context: ServiceContext = {
  db,
  natsUrl,
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  redisPrefix: `test:${prefix}`,
  subjectPrefix: prefix,
  streamName: stream,
  mailDir: env.MAIL_DIR!,
  mailer: new FileMailer({ mailDir: env.MAIL_DIR!, from: 'test@mboa.local' }),
  env: {},
};
const auth = await SERVICE_STARTERS.auth!(context);
const config = {
  ...gatewayConfigFromEnv({ PORT: '3000' }),
  databaseUrl: db.url,
  redisUrl: context.redisUrl,
  redisPrefix: context.redisPrefix,
  natsUrl,
  subjectPrefix: prefix,
  streamName: stream,
  services: ['auth' as const],
  rateLimitScale: 1000,
};
const app = await createGateway(config, { logger: false });
await app.listen(0, '127.0.0.1');

// startMicroservice let Nest close the service on SIGTERM; in production the service is its own
// process. Here both share one, so the service must wait for the gateway to finish first.
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
stopOnSignals(async () => {
  await stopGateway(app, { graceMs: 15_000 });
  await auth.close();
  await deleteTestStream(stream, natsUrl);
  await db.drop();
  process.stdout.write('STOPPED\n');
});

const { port } = app.getHttpServer().address() as { port: number };
process.stdout.write(`READY http://127.0.0.1:${port}\n`);
