import { Module, type DynamicModule } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { CurrentSession, SignedIn, AdminOnly } from './auth/current-session.js';
import { LocalLoginStrategy } from './auth/local.strategy.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { HealthController } from './health/health.controller.js';
import { GatewayRedis } from './redis.provider.js';
import { Services } from './rpc/rpc.provider.js';
import { RateLimits } from './security/rate-limits.js';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule],
      controllers: [AuthController, HealthController, AdminUsersController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        Services,
        GatewayRedis,
        RateLimits,
        CurrentSession,
        SignedIn,
        AdminOnly,
        LocalLoginStrategy,
      ],
    };
  }
}
