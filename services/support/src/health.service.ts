import { Injectable } from '@nestjs/common';
import type { HealthReply } from '@mboa/contracts';
import { SupportDb } from './db.js';

@Injectable()
export class HealthService {
  constructor(private readonly db: SupportDb) {}

  async check(): Promise<HealthReply> {
    const postgres = await this.db.$queryRaw`SELECT 1`.then(() => 'ok' as const, () => 'fail' as const);
    return { service: 'support', status: postgres === 'ok' ? 'ok' : 'degraded', checks: { postgres } };
  }
}
