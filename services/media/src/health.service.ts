import { Inject, Injectable } from '@nestjs/common';
import type { HealthReply } from '@mboa/contracts';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { PropertyDeletedConsumer } from './property-deleted.consumer.js';

@Injectable()
export class HealthService {
  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly consumer: PropertyDeletedConsumer,
  ) {}

  async check(): Promise<HealthReply> {
    // A lookup of a key that never exists: reaches the bucket or directory without writing.
    const objectStore = await this.config.store.exists('health/probe').then(
      () => 'ok' as const,
      () => 'fail' as const,
    );
    const checks: Record<string, 'ok' | 'fail'> = { objectStore };
    if (this.config.consumeEvents) checks.events = this.consumer.running ? 'ok' : 'fail';
    return { service: 'media', status: Object.values(checks).every((c) => c === 'ok') ? 'ok' : 'degraded', checks };
  }
}
