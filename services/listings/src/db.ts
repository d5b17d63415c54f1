import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { prismaClientOptions } from '@mboa/platform';
import { PrismaClient } from './generated/prisma/client.js';
import { LISTINGS_CONFIG, type ListingsConfig } from './config.js';

@Injectable()
export class ListingsDb extends PrismaClient implements OnApplicationShutdown {
  constructor(@Inject(LISTINGS_CONFIG) config: ListingsConfig) {
    super(prismaClientOptions(config.databaseUrl, config.dbSchema));
  }

  // Last of all, once the relay and consumers that still write have stopped (beforeApplicationShutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}

export type ListingsTx = Parameters<Parameters<ListingsDb['$transaction']>[0]>[0];
