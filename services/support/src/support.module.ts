import { Module, type DynamicModule } from '@nestjs/common';
import { SUPPORT_CONFIG, type SupportConfig } from './config.js';
import { SupportDb } from './db.js';
import { HealthService } from './health.service.js';
import { OutboxRelayRunner } from './outbox-relay.runner.js';
import { RequestsService } from './requests/requests.service.js';
import { SupportController } from './support.controller.js';
import { TicketsService } from './tickets/tickets.service.js';

@Module({})
export class SupportModule {
  static forRoot(config: SupportConfig): DynamicModule {
    return {
      module: SupportModule,
      controllers: [SupportController],
      providers: [
        { provide: SUPPORT_CONFIG, useValue: config },
        SupportDb,
        RequestsService,
        TicketsService,
        HealthService,
        OutboxRelayRunner,
      ],
    };
  }
}
