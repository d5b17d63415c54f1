import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';
import { LISTINGS_CONFIG, type ListingsConfig } from './config.js';

@Injectable()
export class ListingsDb extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(LISTINGS_CONFIG) config: ListingsConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }, { schema: config.dbSchema }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

export type ListingsTx = Parameters<Parameters<ListingsDb['$transaction']>[0]>[0];
