import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { EventConsumer } from '../events/consumer.js';
import type { EventStreamSettings } from '../events/stream.js';
import { natsServers } from '../nats/subjects.js';
import type { ServiceConfig } from './service-config.js';

/** What every consumer of a service shares: its NATS connection, the service name, subjects and stream. */
export interface ConsumerBase {
  nc: NatsConnection;
  service: string;
  prefix: string;
  stream: string;
  /** The deployment's replicas and retention of the stream, which each consumer applies at start. */
  streamSettings?: EventStreamSettings;
}

/** The part of an EventConsumer the host drives, whatever its event map and transaction type. */
type HostedConsumer = Pick<EventConsumer, 'start' | 'stop' | 'durable'>;

/**
 * The one way a service runs durable event consumers: a Nest provider that, once the app is up,
 * opens a NATS connection, lets the service define its consumers on it (`consumers(base)`),
 * starts them, and stops them before the database client closes (they still write). A service
 * extends it and registers the subclass in `serviceModule({ consumers: [...] })`.
 */
export abstract class EventConsumerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private nc?: NatsConnection;
  private started: HostedConsumer[] = [];

  protected constructor(
    private readonly hostConfig: ServiceConfig,
    private readonly service: string,
  ) {}

  /** The durable consumers of this host, built on `base` (not started yet). */
  protected abstract consumers(base: ConsumerBase): HostedConsumer[];

  /** Whether this process runs these consumers (some are switched off by configuration or in tests). */
  protected enabled(): boolean {
    return true;
  }

  /** True while the consumers run on an open connection (health). */
  get running(): boolean {
    return this.started.length > 0 && this.nc !== undefined && !this.nc.isClosed();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled()) return;
    this.nc = await connect({ servers: natsServers(this.hostConfig.natsUrl), name: `${this.service}-consumers` });
    const base: ConsumerBase = {
      nc: this.nc,
      service: this.service,
      prefix: this.hostConfig.subjectPrefix,
      stream: this.hostConfig.streamName,
      streamSettings: this.hostConfig.streamSettings,
    };
    for (const consumer of this.consumers(base)) {
      await consumer.start();
      this.started.push(consumer);
    }
    new Logger(`${this.service}-events`).log(`consuming ${this.started.map((c) => c.durable).join(', ')}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const consumer of this.started.splice(0)) await consumer.stop();
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
  }
}
