import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { HANDED_OFF_TO, type EventType } from '@mboa/contracts';
import { handOffEvent, RelayRunner, RpcClient, type EventEnvelope, type HandOffResult } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';
import { ModerationDb } from './db.js';

/**
 * This service's connections: request/reply to listings, the outbox relay, and a NATS connection
 * for its event consumers and for handing committed events straight to other services' projections.
 */
@Injectable()
export class ModerationBus implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  readonly rpc: RpcClient;
  nc!: NatsConnection;
  private readonly relay?: RelayRunner;

  constructor(@Inject(MODERATION_CONFIG) private readonly config: ModerationConfig, db: ModerationDb) {
    this.rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: config.subjectPrefix, name: 'moderation' });
    if (config.relay) {
      this.relay = new RelayRunner({
        name: 'moderation',
        natsUrl: config.natsUrl,
        db,
        schema: config.dbSchema,
        databaseUrl: config.databaseUrl,
        subjectPrefix: config.subjectPrefix,
        stream: config.streamName,
      });
    }
  }

  get events() {
    return { prefix: this.config.subjectPrefix, stream: this.config.streamName };
  }

  /** Hands a committed event to the projections the next read depends on (read your writes). */
  async handOff(event: EventEnvelope): Promise<HandOffResult[]> {
    const consumers = HANDED_OFF_TO[event.type as EventType];
    if (!consumers?.length) return [];
    return handOffEvent(this.nc, event, consumers, { prefix: this.config.subjectPrefix });
  }

  async onModuleInit(): Promise<void> {
    await this.rpc.connect();
    this.nc = await connect({ servers: this.config.natsUrl, name: 'moderation-events' });
    await this.relay?.start();
  }

  // The relay writes to the database: it stops before the client disconnects (onApplicationShutdown).
  async beforeApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
    await this.rpc.close();
  }
}
