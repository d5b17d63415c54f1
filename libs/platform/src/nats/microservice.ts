import { Logger, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PrefixedNatsServer } from './transport.js';

export interface MicroserviceOptions {
  /** Service name: the NATS queue group, so replicas share requests and each is answered once. */
  name: string;
  natsUrl: string;
  subjectPrefix?: string;
  logger?: false | ('log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal')[];
}

/** Starts a Nest application that answers its @MessagePattern handlers over NATS. */
export async function startMicroservice(module: unknown, options: MicroserviceOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module as any, {
    strategy: new PrefixedNatsServer({
      servers: options.natsUrl,
      queue: options.name,
      subjectPrefix: options.subjectPrefix,
      name: options.name,
      gracefulShutdown: true,
      gracePeriod: 2000,
    } as any),
    logger: options.logger ?? ['log', 'error', 'warn'],
  });
  app.enableShutdownHooks();
  await app.listen();
  new Logger(options.name).log(`listening on NATS ${options.natsUrl}${options.subjectPrefix ? ` (prefix ${options.subjectPrefix})` : ''}`);
  return app;
}
