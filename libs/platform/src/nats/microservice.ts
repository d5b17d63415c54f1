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
import { ModuleRef, NestFactory } from '@nestjs/core';
import type { LevelWithSilent } from 'pino';
import { createLogger, PinoLoggerService } from '../logging/logger.js';
import type { DependencyCheck } from '../metrics/probes.js';
import { startMetricsServer } from '../metrics/server.js';
import { ServiceHealth } from '../service/health.js';
import { initTracing, type Tracing } from '../tracing/index.js';
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
  // Only when OTEL_* variables configure it (docs/architecture.md#traces); else nothing is loaded.
  const tracing = await initTracing(options.name);
  const logger = options.logger === false ? false : new PinoLoggerService(createLogger({ name: options.name, level: options.logLevel ?? logLevelFromEnv() }));
  const strategy = new PrefixedNatsServer({
    servers: options.natsUrl,
    queue: options.name,
    subjectPrefix: options.subjectPrefix,
    name: options.name,
    shutdownGraceMs: options.shutdownGraceMs,
  });
  const root: DynamicModule = {
    module: ServiceProcessModule,
    imports: [
      module as DynamicModule,
      ...(options.metricsPort ? [MetricsEndpointModule.on(options.metricsPort, () => strategy.ping())] : []),
      ...(tracing ? [TracingFlushModule.with(tracing)] : []),
    ],
  };
  const app = await NestFactory.createMicroservice(root, { strategy, logger });
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
const NATS_CHECK = Symbol('NATS_CHECK');

/**
 * Serves the process's Prometheus metrics and its liveness and readiness probes on METRICS_PORT
 * while the app runs, and closes the port with the app (app.close() in tests, SIGTERM in
 * production), as any other resource. Ready means: its NATS connection answers, and so does every
 * dependency its ServiceHealth names (database, Redis, search, object store).
 */
@Injectable()
class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    @Inject(METRICS_PORT) private readonly port: number,
    @Inject(NATS_CHECK) private readonly nats: DependencyCheck,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const health = this.serviceHealth();
    this.server = await startMetricsServer(this.port, undefined, () => ({ nats: this.nats, ...health?.readinessChecks() }));
  }

  private serviceHealth(): ServiceHealth | undefined {
    try {
      return this.moduleRef.get(ServiceHealth, { strict: false });
    } catch {
      return undefined; // a process without a ServiceHealth (a test's module): NATS alone
    }
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
  static on(port: number, nats: DependencyCheck): DynamicModule {
    return {
      module: MetricsEndpointModule,
      providers: [{ provide: METRICS_PORT, useValue: port }, { provide: NATS_CHECK, useValue: nats }, MetricsEndpoint],
    };
  }
}

const TRACING = Symbol('TRACING');

/** Sends the spans still batched when the app shuts down (SIGTERM), the last thing before exit. */
@Injectable()
class TracingFlush implements OnApplicationShutdown {
  constructor(@Inject(TRACING) private readonly tracing: Tracing) {}

  async onApplicationShutdown(): Promise<void> {
    await this.tracing.flush().catch(() => undefined); // a collector away must not hold the exit
  }
}

@Module({})
class TracingFlushModule {
  static with(tracing: Tracing): DynamicModule {
    return { module: TracingFlushModule, providers: [{ provide: TRACING, useValue: tracing }, TracingFlush] };
  }
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** LOG_LEVEL when an app did not pass its parsed one (the apps' config schemas check it). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const level = env.LOG_LEVEL?.trim();
  return level && LEVELS.has(level) ? (level as LevelWithSilent) : 'info';
}
