import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';

@Injectable()
export class ModerationDb extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(MODERATION_CONFIG) config: ModerationConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }, { schema: config.dbSchema }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
