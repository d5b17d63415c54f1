import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { UsersService } from './users/users.service.js';

/** CONTRACT.md: the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD at start. */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('admin-bootstrap');

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly users: UsersService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.admin;
    if (!admin) return;
    const { created, user } = await this.users.ensureAdmin(admin);
    this.logger.log(created ? `admin ${user.email} created` : `admin ${user.email} already exists`);
  }
}
