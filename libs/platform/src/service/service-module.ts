import { Inject, Injectable, type DynamicModule, type OnApplicationShutdown, type Provider, type Type } from '@nestjs/common';
import { EventHandOff } from '../events/hand-off.js';
import { ServiceHealth } from './health.js';
import { prismaClientOptions } from './prisma-options.js';
import { outboxRelayProvider } from './outbox-relay.provider.js';
import type { DatabaseServiceConfig, ServiceConfig } from './service-config.js';

/** What a service is made of; `serviceModule` adds what every service has the same way. */
export interface ServiceParts<C extends ServiceConfig> {
  /** The service's name: its PostgreSQL schema, NATS queue group and durable-consumer prefix. */
  name: string;
  /** Its Nest module class (the `module` of the dynamic module). */
  module: Type<unknown>;
  config: C;
  /** The injection token of `config`. */
  configToken: symbol;
  /** Its database client (`serviceDatabase(...)`); with one, the outbox relay runs too (when `config.relay`). */
  database?: Type<unknown>;
  controllers: Type<unknown>[];
  /** Its own providers (services, stores, ports). */
  providers?: Provider[];
  /** Its event consumers, each an `EventConsumerHost`. */
  consumers?: Type<unknown>[];
  /** Its `ServiceHealth`, answering `<service>.health`. */
  health: Type<unknown>;
  /**
   * Whether it hands committed events to other services' projections (read your writes): an
   * `EventHandOff` to inject, whose `applyNow(event)` waits for the consumers HANDED_OFF_TO names.
   */
  handOff?: boolean;
}

/**
 * One shape for every service's module: the configuration under its token, the database client,
 * the outbox relay, the service's own providers, its consumer hosts and its health, in that order
 * (Nest starts and stops them accordingly: the relay and consumers stop before the database client
 * disconnects).
 */
export function serviceModule<C extends ServiceConfig>(parts: ServiceParts<C>): DynamicModule {
  const database = parts.database
    ? [parts.database, outboxRelayProvider(parts.name, parts.configToken, parts.database)]
    : [];
  return {
    module: parts.module,
    controllers: parts.controllers,
    providers: [
      { provide: parts.configToken, useValue: parts.config },
      ...database,
      ...(parts.handOff ? [handOffProvider(parts.name, parts.configToken)] : []),
      ...(parts.providers ?? []),
      ...(parts.consumers ?? []),
      parts.health,
      // The process's readiness probe finds the service's dependencies under the base class.
      { provide: ServiceHealth, useExisting: parts.health },
    ],
  };
}

function handOffProvider(name: string, configToken: symbol): Provider {
  return { provide: EventHandOff, useFactory: (config: ServiceConfig) => new EventHandOff(config, name), inject: [configToken] };
}

/** The part of a Prisma client the platform relies on. */
export interface ServiceDatabaseClient {
  $disconnect(): Promise<void>;
}

type PrismaOptions = ReturnType<typeof prismaClientOptions>;

/**
 * A service's database client: its generated PrismaClient on the service's own schema (see
 * `prismaClientOptions`), disconnected last of all, once the relay and consumers that still write
 * have stopped (they stop in beforeApplicationShutdown). Use: `class AuthDb extends serviceDatabase(PrismaClient, AUTH_CONFIG) {}`.
 */
export function serviceDatabase<T extends ServiceDatabaseClient>(
  Client: new (options: PrismaOptions) => T,
  configToken: symbol,
): new (config: DatabaseServiceConfig) => T & OnApplicationShutdown {
  const Base = Client as new (options: PrismaOptions) => ServiceDatabaseClient;

  @Injectable()
  class ServiceDatabase extends Base implements OnApplicationShutdown {
    constructor(@Inject(configToken) config: DatabaseServiceConfig) {
      super(prismaClientOptions(config.databaseUrl, config.dbSchema, config.databasePoolSize));
    }

    async onApplicationShutdown(): Promise<void> {
      await this.$disconnect();
    }
  }
  return ServiceDatabase as unknown as new (config: DatabaseServiceConfig) => T & OnApplicationShutdown;
}
