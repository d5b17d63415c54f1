import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ServiceException } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { preloadPasswordPolicy } from './rules/password-policy.js';
import { UsersService } from './users/users.service.js';

/** The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD at start (docs/api.md#roles-and-who-may-call-what). */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('admin-bootstrap');

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The common-password list is read at start, not during someone's sign-up.
    preloadPasswordPolicy();
    const admin = this.config.admin;
    if (!admin) return;
    try {
      const { created, user } = await this.users.ensureAdmin(admin);
      this.logger.log(created ? `admin ${user.email} created` : `admin ${user.email} already exists`);
    } catch (error) {
      // A weak ADMIN_PASSWORD stops the start with the reason, like any wrong setting.
      if (error instanceof ServiceException && error.body.status === 400) {
        throw new Error(`Invalid configuration: ADMIN_PASSWORD is refused: ${error.body.message}`);
      }
      throw error;
    }
  }
}
