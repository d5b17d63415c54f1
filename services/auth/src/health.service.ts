import { Injectable } from '@nestjs/common';
import { postgresProbe, ServiceHealth } from '@mboa/platform';
import { AuthDb } from './db.js';
import { AuthRedis } from './redis.js';

@Injectable()
export class HealthService extends ServiceHealth {
  protected readonly service = 'auth';

  constructor(
    private readonly db: AuthDb,
    private readonly redis: AuthRedis,
  ) {
    super();
  }

  protected probes() {
    return { postgres: postgresProbe(this.db), redis: () => this.redis.client.ping() };
  }
}
