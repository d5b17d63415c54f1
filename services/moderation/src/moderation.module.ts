import { Module, type DynamicModule } from '@nestjs/common';
import { AuditTrail } from './audit/audit-trail.js';
import { ModerationBus } from './bus.js';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';
import { ModerationConsumers } from './consumers.js';
import { ModerationDb } from './db.js';
import { ModerationController } from './moderation.controller.js';
import { OwnerMail } from './reviews/owner-mail.js';
import { ReviewService } from './reviews/review.service.js';

@Module({})
export class ModerationModule {
  static forRoot(config: ModerationConfig): DynamicModule {
    return {
      module: ModerationModule,
      controllers: [ModerationController],
      providers: [
        { provide: MODERATION_CONFIG, useValue: config },
        ModerationDb,
        ModerationBus,
        ReviewService,
        AuditTrail,
        OwnerMail,
        ModerationConsumers,
      ],
    };
  }
}
