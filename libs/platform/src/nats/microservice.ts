import { Logger, type INestMicroservice } from '@nestjs/common';
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
  const app = await NestFactory.createMicroservice(module as any, {
    strategy: new PrefixedNatsServer({
      servers: options.natsUrl,
      queue: options.name,
      subjectPrefix: options.subjectPrefix,
      name: options.name,
      shutdownGraceMs: options.shutdownGraceMs,
    } as any),
    logger,
  });
  // SIGTERM/SIGINT → app.close(): the server stops taking requests and finishes those in flight,
  // then consumers, relays and database clients shut down, then the process exits.
  app.enableShutdownHooks();
  await app.listen();
  if (options.metricsPort) {
    const server = await startMetricsServer(options.metricsPort);
    const close = app.close.bind(app);
    app.close = async () => {
      await close();
      await new Promise((resolve) => server.close(resolve));
    };
  }
  new Logger(options.name).log(`listening on NATS ${options.natsUrl}${options.subjectPrefix ? ` (prefix ${options.subjectPrefix})` : ''}`);
  return app;
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** LOG_LEVEL when an app did not pass its parsed one (the apps' config schemas check it). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const level = env.LOG_LEVEL?.trim();
  return level && LEVELS.has(level) ? (level as LevelWithSilent) : 'info';
}
