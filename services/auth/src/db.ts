import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { prismaClientOptions } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { AUTH_CONFIG, type AuthConfig } from './config.js';

@Injectable()
export class AuthDb extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    super(prismaClientOptions(config.databaseUrl, config.dbSchema));
  }

  // Last of all, once the relay and consumers that still write have stopped (beforeApplicationShutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}

export type AuthTx = Parameters<Parameters<AuthDb['$transaction']>[0]>[0];
