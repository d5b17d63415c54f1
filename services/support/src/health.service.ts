import { Injectable } from '@nestjs/common';
import { postgresProbe, ServiceHealth } from '@mboa/platform';
import { SupportDb } from './db.js';

@Injectable()
export class HealthService extends ServiceHealth {
  protected readonly service = 'support';

  constructor(private readonly db: SupportDb) {
    super();
  }

  protected probes() {
    return { postgres: postgresProbe(this.db) };
  }
}
