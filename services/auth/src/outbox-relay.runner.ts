import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { RelayRunner } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { AuthDb } from './db.js';

/** Publishes this service's outbox to JetStream for as long as the service runs. */
@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly runner?: RelayRunner;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig, db: AuthDb) {
    if (!config.relay) return;
    this.runner = new RelayRunner({
      name: 'auth',
      natsUrl: config.natsUrl,
      db,
      schema: config.dbSchema,
      databaseUrl: config.databaseUrl,
      subjectPrefix: config.subjectPrefix,
      stream: config.streamName,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.runner?.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }
}
