// The auth service against the real servers for a test file: its own database, NATS subject prefix,
// JetStream stream, Redis key prefix and mail folder, and the connections a test reads them with.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { FileMailer, RpcClient, uniqueTestPrefix, type MailPort } from '@mboa/platform';
import { createTestDatabase } from '@mboa/platform/testing';
import { startAuthService } from '../main.js';
import type { AuthConfig } from '../config.js';

export interface AuthTestbed {
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  config: AuthConfig;
  service: INestMicroservice;
  rpc: RpcClient;
  nc: NatsConnection;
  mailDir: string;
  /** Where this file's events go, for waitForEvent. */
  bus(): { prefix: string; stream: string };
  stop(): Promise<void>;
}

export async function startAuthTestbed(
  name: string,
  options: { mailer?: (files: FileMailer) => MailPort; admin?: AuthConfig['admin'] } = {},
): Promise<AuthTestbed> {
  const db = await createTestDatabase(['auth']);
  const mailDir = await mkdtemp(path.join(tmpdir(), `${name}-mail-`));
  const prefix = uniqueTestPrefix(name);
  const files = new FileMailer({ mailDir, from: 'test@mboa.local' });
  const config: AuthConfig = {
    databaseUrl: db.urlFor('auth'),
    dbSchema: 'auth',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `test:${prefix}`,
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: prefix,
    streamName: `T_${prefix.replace(/\W/g, '_')}`,
    mailer: options.mailer ? options.mailer(files) : files,
    relay: true,
    ...(options.admin ? { admin: options.admin } : {}),
  };
  const service = await startAuthService(config, { logger: false });
  const rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix });
  await rpc.connect();
  const nc = await connect({ servers: config.natsUrl });
  return {
    db,
    config,
    service,
    rpc,
    nc,
    mailDir,
    bus: () => ({ prefix: config.subjectPrefix, stream: config.streamName }),
    async stop() {
      await rpc.close();
      await service.close();
      await (await jetstreamManager(nc)).streams.delete(config.streamName).catch(() => undefined);
      await nc.drain();
      await db.drop();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
