import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { prismaClientOptions } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';

@Injectable()
export class ModerationDb extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(MODERATION_CONFIG) config: ModerationConfig) {
    super(prismaClientOptions(config.databaseUrl, config.dbSchema));
  }

  // Last of all, once the relay and consumers that still write have stopped (beforeApplicationShutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
