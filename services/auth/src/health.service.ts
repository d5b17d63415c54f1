import { Injectable } from '@nestjs/common';
import type { HealthReply } from '@mboa/contracts';
import { AuthDb } from './db.js';
import { AuthRedis } from './redis.js';

@Injectable()
export class HealthService {
  constructor(
    private readonly db: AuthDb,
    private readonly redis: AuthRedis,
  ) {}

  async check(): Promise<HealthReply> {
    const [db, redis] = await Promise.all([
      this.db.$queryRaw`SELECT 1`.then(() => 'ok' as const, () => 'fail' as const),
      this.redis.client.ping().then(() => 'ok' as const, () => 'fail' as const),
    ]);
    return { service: 'auth', status: db === 'ok' && redis === 'ok' ? 'ok' : 'degraded', checks: { postgres: db, redis } };
  }
}
