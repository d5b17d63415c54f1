import { Inject, Injectable } from '@nestjs/common';
import { ServiceHealth } from '@mboa/platform';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { PropertyDeletedConsumer } from './property-deleted.consumer.js';

@Injectable()
export class HealthService extends ServiceHealth {
  protected readonly service = 'media';

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly consumer: PropertyDeletedConsumer,
  ) {
    super();
  }

  protected probes() {
    return {
      // A lookup of a key that never exists: reaches the bucket or directory without writing
      // (its answer, false, is beside the point: only a failure to reach the store counts).
      objectStore: async () => {
        await this.config.store.exists('health/probe');
      },
      events: this.config.consumeEvents ? () => this.consumer.running : undefined,
    };
  }
}
