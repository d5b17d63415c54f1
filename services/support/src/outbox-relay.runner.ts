import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { RelayRunner } from '@mboa/platform';
import { SUPPORT_CONFIG, type SupportConfig } from './config.js';
import { SupportDb } from './db.js';

/**
 * Publishes this service's outbox to JetStream for as long as the service runs. Support records no
 * event yet (contracts define none for requests and tickets); the relay keeps the outbox ready.
 */
@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly runner?: RelayRunner;

  constructor(@Inject(SUPPORT_CONFIG) config: SupportConfig, db: SupportDb) {
    if (!config.relay) return;
    this.runner = new RelayRunner({
      name: 'support',
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
