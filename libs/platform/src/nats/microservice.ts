import type { Server } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type INestMicroservice,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { LevelWithSilent } from 'pino';
import { createLogger, PinoLoggerService } from '../logging/logger.js';
import { startMetricsServer } from '../metrics/server.js';
import { PrefixedNatsServer } from './transport.js';

export interface MicroserviceOptions {
  /** Service name: the NATS queue group, so replicas share requests and each is answered once. */
  name: string;
  natsUrl: string;
  subjectPrefix?: string;
  /** `false` silences the service (tests); otherwise JSON lines through pino at `logLevel`. */
  logger?: false | ('log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal')[];
  logLevel?: LevelWithSilent;
  /** How long closing waits for the requests in flight (SIGTERM: stop taking work, finish, drain). */
  shutdownGraceMs?: number;
  /** Serves this process's Prometheus metrics on this port when set. */
  metricsPort?: number;
}

/** Starts a Nest application that answers its @MessagePattern handlers over NATS. */
export async function startMicroservice(module: unknown, options: MicroserviceOptions): Promise<INestMicroservice> {
  const logger = options.logger === false ? false : new PinoLoggerService(createLogger({ name: options.name, level: options.logLevel ?? logLevelFromEnv() }));
  const root: DynamicModule = {
    module: ServiceProcessModule,
    imports: [module as DynamicModule, ...(options.metricsPort ? [MetricsEndpointModule.on(options.metricsPort)] : [])],
  };
  const app = await NestFactory.createMicroservice(root, {
    strategy: new PrefixedNatsServer({
      servers: options.natsUrl,
      queue: options.name,
      subjectPrefix: options.subjectPrefix,
      name: options.name,
      shutdownGraceMs: options.shutdownGraceMs,
    }),
    logger,
  });
  // SIGTERM/SIGINT → app.close(): the server stops taking requests and finishes those in flight,
  // then consumers, relays and database clients shut down, then the process exits.
  app.enableShutdownHooks();
  await app.listen();
  new Logger(options.name).log(`listening on NATS ${options.natsUrl}${options.subjectPrefix ? ` (prefix ${options.subjectPrefix})` : ''}`);
  return app;
}

/** The process around a service's own module: the service, plus its metrics endpoint when configured. */
@Module({})
class ServiceProcessModule {}

const METRICS_PORT = Symbol('METRICS_PORT');

/**
 * Serves the process's Prometheus metrics on METRICS_PORT while the app runs, and closes the port
 * with the app (app.close() in tests, SIGTERM in production), as any other resource.
 */
@Injectable()
class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(@Inject(METRICS_PORT) private readonly port: number) {}

  async onApplicationBootstrap(): Promise<void> {
    this.server = await startMetricsServer(this.port);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections(); // a scraper's kept-alive connection must not hold the exit
    });
  }
}

@Module({})
class MetricsEndpointModule {
  static on(port: number): DynamicModule {
    return { module: MetricsEndpointModule, providers: [{ provide: METRICS_PORT, useValue: port }, MetricsEndpoint] };
  }
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** LOG_LEVEL when an app did not pass its parsed one (the apps' config schemas check it). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const level = env.LOG_LEVEL?.trim();
  return level && LEVELS.has(level) ? (level as LevelWithSilent) : 'info';
}
