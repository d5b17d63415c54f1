import { Injectable } from '@nestjs/common';
import { postgresProbe, ServiceHealth } from '@mboa/platform';
import { ListingsDb } from './db.js';
import { SearchIndexProvider } from './search/search.provider.js';

@Injectable()
export class HealthService extends ServiceHealth {
  protected readonly service = 'listings';

  constructor(
    private readonly db: ListingsDb,
    private readonly search: SearchIndexProvider,
  ) {
    super();
  }

  protected probes() {
    return { postgres: postgresProbe(this.db), search: async () => (await this.search.index.health()).ok };
  }
}
