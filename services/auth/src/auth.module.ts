import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@mboa/platform';
import { AdminBootstrap } from './admin-bootstrap.js';
import { AuthController } from './auth.controller.js';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { AuthDb } from './db.js';
import { HealthService } from './health.service.js';
import { PasswordChangedMailConsumer } from './password-change/password-changed-mail.consumer.js';
import { PasswordChanges } from './password-change/password-changes.js';
import { AuthRedis } from './redis.js';
import { PasswordResetService } from './reset/password-reset.service.js';
import { SecondFactorService } from './second-factor/second-factor.service.js';
import { SecondFactorMarks, WrongCodeCounter } from './second-factor/session-marks.js';
import { ResetMailConsumer } from './reset/reset-mail.consumer.js';
import { OwnSessions } from './sessions/own-sessions.service.js';
import { SessionStore } from './sessions/session-store.js';
import { UsersService } from './users/users.service.js';
import { WhatsAppProofService } from './whatsapp-proof/whatsapp-proof.service.js';

@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return serviceModule({
      name: 'auth',
      module: AuthModule,
      config,
      configToken: AUTH_CONFIG,
      database: AuthDb,
      controllers: [AuthController],
      providers: [AuthRedis, SessionStore, OwnSessions, UsersService, PasswordResetService, PasswordChanges, AdminBootstrap, SecondFactorService, SecondFactorMarks, WrongCodeCounter, WhatsAppProofService],
      consumers: [ResetMailConsumer, PasswordChangedMailConsumer],
      health: HealthService,
      handOff: true,
    });
  }
}
