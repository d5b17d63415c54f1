import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@mboa/platform';
import { AuditTrail } from './audit/audit-trail.js';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';
import { ModerationConsumers } from './consumers.js';
import { ModerationDb } from './db.js';
import { HealthService } from './health.service.js';
import { ListingsClient } from './listings.client.js';
import { ModerationController } from './moderation.controller.js';
import { AuthClient } from './auth.client.js';
import { HeldMail } from './reports/held-mail.js';
import { ReportService } from './reports/report.service.js';
import { OwnerMail } from './reviews/owner-mail.js';
import { ReviewService } from './reviews/review.service.js';
import { MediaClient } from './media.client.js';
import { FilesRetention } from './verification/files-retention.js';
import { VerificationMail } from './verification/verification-mail.js';
import { VerificationService } from './verification/verification.service.js';
import { QueuesService } from './figures/queues.service.js';

@Module({})
export class ModerationModule {
  static forRoot(config: ModerationConfig): DynamicModule {
    return serviceModule({
      name: 'moderation',
      module: ModerationModule,
      config,
      configToken: MODERATION_CONFIG,
      database: ModerationDb,
      controllers: [ModerationController],
      providers: [
        ListingsClient,
        AuthClient,
        MediaClient,
        ReviewService,
        ReportService,
        AuditTrail,
        OwnerMail,
        HeldMail,
        VerificationService,
        QueuesService,
        VerificationMail,
        FilesRetention,
      ],
      consumers: [ModerationConsumers],
      health: HealthService,
      handOff: true,
    });
  }
}
