import { Injectable } from '@nestjs/common';
import { postgresProbe, ServiceHealth } from '@mboa/platform';
import { ModerationDb } from './db.js';

@Injectable()
export class HealthService extends ServiceHealth {
  protected readonly service = 'moderation';

  constructor(private readonly db: ModerationDb) {
    super();
  }

  protected probes() {
    return { postgres: postgresProbe(this.db) };
  }
}
