import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';
import { SUPPORT_CONFIG, type SupportConfig } from './config.js';

@Injectable()
export class SupportDb extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(SUPPORT_CONFIG) config: SupportConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }, { schema: config.dbSchema }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
