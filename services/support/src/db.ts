import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { prismaClientOptions } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { SUPPORT_CONFIG, type SupportConfig } from './config.js';

@Injectable()
export class SupportDb extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(SUPPORT_CONFIG) config: SupportConfig) {
    super(prismaClientOptions(config.databaseUrl, config.dbSchema));
  }

  // Last of all, once the relay and consumers that still write have stopped (beforeApplicationShutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
