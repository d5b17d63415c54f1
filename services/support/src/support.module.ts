import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@mboa/platform';
import { SUPPORT_CONFIG, type SupportConfig } from './config.js';
import { SupportDb } from './db.js';
import { HealthService } from './health.service.js';
import { RequestsService } from './requests/requests.service.js';
import { SupportController } from './support.controller.js';
import { TicketsService } from './tickets/tickets.service.js';

@Module({})
export class SupportModule {
  static forRoot(config: SupportConfig): DynamicModule {
    return serviceModule({
      name: 'support',
      module: SupportModule,
      config,
      configToken: SUPPORT_CONFIG,
      database: SupportDb,
      controllers: [SupportController],
      providers: [RequestsService, TicketsService],
      health: HealthService,
    });
  }
}
