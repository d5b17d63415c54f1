import { Module, type DynamicModule } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AdminReviewController } from './admin/admin-review.controller.js';
import { AdminPhotoReviewController } from './admin/admin-photo-review.controller.js';
import { AdminFiguresController } from './admin/admin-figures.controller.js';
import { AdminStatsController } from './admin/admin-stats.controller.js';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { CurrentSession, SignedIn, SignedInAnyFactor, AdminOnly } from './auth/current-session.js';
import { SecondFactorController } from './auth/second-factor.controller.js';
import { DeviceCookies } from './auth/device-cookie.js';
import { LocalLoginStrategy } from './auth/local.strategy.js';
import { SessionsController } from './auth/sessions.controller.js';
import { WhatsAppProofController } from './auth/whatsapp-proof.controller.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { PROPERTY_CONTROLLERS, PROPERTY_PROVIDERS } from './properties/index.js';
import { HealthController } from './health/health.controller.js';
import { IDEMPOTENCY_PROVIDERS } from './http/idempotency/index.js';
import { INSIGHTS_CONTROLLERS, INSIGHTS_PROVIDERS } from './insights/index.js';
import { MEDIA_CONTROLLERS, MEDIA_PROVIDERS } from './media/index.js';
import { GatewayRedis } from './redis.provider.js';
import { Services } from './rpc/rpc.provider.js';
import { REPORT_CONTROLLERS, REPORT_PROVIDERS } from './reports/index.js';
import { RateLimits } from './security/rate-limits.js';
import { PersonChecks } from './security/person-check.js';
import { SUPPORT_CONTROLLERS } from './support/index.js';
import { VERIFICATION_CONTROLLERS, VERIFICATION_PROVIDERS } from './verification/index.js';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule],
      controllers: [AuthController, SessionsController, WhatsAppProofController, SecondFactorController, HealthController, AdminUsersController, AdminReviewController, AdminPhotoReviewController, AdminStatsController, AdminFiguresController, ...SUPPORT_CONTROLLERS, ...PROPERTY_CONTROLLERS, ...REPORT_CONTROLLERS, ...MEDIA_CONTROLLERS, ...INSIGHTS_CONTROLLERS, ...VERIFICATION_CONTROLLERS],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        Services,
        GatewayRedis,
        RateLimits,
        PersonChecks,
        DeviceCookies,
        CurrentSession,
        SignedIn,
        SignedInAnyFactor,
        AdminOnly,
        LocalLoginStrategy,
        ...MEDIA_PROVIDERS,
        ...REPORT_PROVIDERS,
        ...INSIGHTS_PROVIDERS,
        ...VERIFICATION_PROVIDERS,
        ...IDEMPOTENCY_PROVIDERS,
        ...PROPERTY_PROVIDERS,
      ],
    };
  }
}
