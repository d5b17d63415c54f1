import { connect, type NatsConnection } from '@nats-io/transport-node';
import { OutboxRelay, type EventStreamSettings, type SqlClient } from '../events/index.js';
import { natsServers } from '../nats/subjects.js';

export interface RelayRunnerOptions {
  natsUrl: string;
  /** The service's Prisma client (any client with $queryRawUnsafe/$executeRawUnsafe/$transaction). */
  db: unknown;
  /** PostgreSQL schema of the service's outbox. */
  schema: string;
  /** Connection string used to LISTEN for new outbox rows (publishes within milliseconds). */
  databaseUrl: string;
  subjectPrefix?: string;
  stream?: string;
  /** The deployment's replicas and retention of the stream, applied at start. */
  streamSettings?: EventStreamSettings;
  name: string;
}

/** Runs a service's outbox relay on its own NATS connection; `stop` finishes the batch in flight. */
export class RelayRunner {
  private nc?: NatsConnection;
  private relay?: OutboxRelay;

  constructor(private readonly options: RelayRunnerOptions) {}

  async start(): Promise<void> {
    this.nc = await connect({ servers: natsServers(this.options.natsUrl), name: `${this.options.name}-relay` });
    this.relay = new OutboxRelay({
      nc: this.nc,
      db: this.options.db as SqlClient,
      schema: this.options.schema,
      listenUrl: stripSchemaParam(this.options.databaseUrl),
      prefix: this.options.subjectPrefix,
      stream: this.options.stream,
      streamSettings: this.options.streamSettings,
    });
    await this.relay.start();
  }

  async stop(): Promise<void> {
    await this.relay?.stop();
    this.relay = undefined;
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
  }
}

/** `pg` rejects Prisma's `?schema=` parameter. */
export function stripSchemaParam(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('schema');
  return u.toString();
}
