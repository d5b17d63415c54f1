import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import type { EventStreamSettings } from '../events/stream.js';
import { RelayRunner } from './relay-runner.js';

/** What a service's configuration says about its outbox. */
export interface OutboxRelayConfig {
  relay: boolean;
  natsUrl: string;
  dbSchema: string;
  databaseUrl: string;
  subjectPrefix: string;
  streamName: string;
  streamSettings?: EventStreamSettings;
}

/**
 * A Nest provider that publishes the service's outbox to JetStream for as long as the service
 * runs: started once the app is up, stopped before the database client closes.
 */
export function outboxRelayProvider(name: string, configToken: symbol, dbClass: Type<unknown>): Type<unknown> {
  @Injectable()
  class OutboxRelayRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
    private readonly runner?: RelayRunner;

    constructor(@Inject(configToken) config: OutboxRelayConfig, @Inject(dbClass) db: unknown) {
      if (!config.relay) return;
      this.runner = new RelayRunner({
        name,
        natsUrl: config.natsUrl,
        db,
        schema: config.dbSchema,
        databaseUrl: config.databaseUrl,
        subjectPrefix: config.subjectPrefix,
        stream: config.streamName,
        streamSettings: config.streamSettings,
      });
    }

    async onApplicationBootstrap(): Promise<void> {
      await this.runner?.start();
    }

    async beforeApplicationShutdown(): Promise<void> {
      await this.runner?.stop();
    }
  }
  Object.defineProperty(OutboxRelayRunner, 'name', { value: `${name}OutboxRelay` });
  return OutboxRelayRunner;
}
