import { Inject, Injectable, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { RelayRunner } from '@mboa/platform';
import { LISTINGS_CONFIG, type ListingsConfig } from './config.js';
import { ListingsDb } from './db.js';

/** Publishes this service's outbox to JetStream for as long as the service runs. */
@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly runner?: RelayRunner;

  constructor(@Inject(LISTINGS_CONFIG) config: ListingsConfig, db: ListingsDb) {
    if (!config.relay) return;
    this.runner = new RelayRunner({
      name: 'listings',
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
