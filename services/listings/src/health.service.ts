import { Injectable } from '@nestjs/common';
import type { HealthReply } from '@mboa/contracts';
import { ListingsDb } from './db.js';
import { SearchIndexProvider } from './search/search.provider.js';

@Injectable()
export class HealthService {
  constructor(
    private readonly db: ListingsDb,
    private readonly search: SearchIndexProvider,
  ) {}

  async check(): Promise<HealthReply> {
    const [db, search] = await Promise.all([
      this.db.$queryRaw`SELECT 1`.then(() => 'ok' as const, () => 'fail' as const),
      this.search.index.health().then((h) => (h.ok ? ('ok' as const) : ('fail' as const)), () => 'fail' as const),
    ]);
    return { service: 'listings', status: db === 'ok' && search === 'ok' ? 'ok' : 'degraded', checks: { postgres: db, search } };
  }
}
