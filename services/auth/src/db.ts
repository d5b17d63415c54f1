import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';
import { AUTH_CONFIG, type AuthConfig } from './config.js';

@Injectable()
export class AuthDb extends PrismaClient implements OnModuleDestroy {
  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    super({ adapter: new PrismaPg({ connectionString: config.databaseUrl }, { schema: config.dbSchema }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

export type AuthTx = Parameters<Parameters<AuthDb['$transaction']>[0]>[0];
