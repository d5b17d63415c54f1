import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_TYPES, type EventPayloads } from '@mboa/contracts';
import { EventConsumer, EventConsumerHost, type ConsumerBase } from '@mboa/platform';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { ImageUploads } from './image-uploads.service.js';

/**
 * Deletes a deleted property's image files, and those of photos staff refused. Durable (a deletion while media is down is handled
 * when it returns) and idempotent by nature (removing a missing key is fine), hence no database.
 */
@Injectable()
export class PropertyDeletedConsumer extends EventConsumerHost {
  private readonly logger = new Logger('media');

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly uploads: ImageUploads,
  ) {
    super(config, 'media');
  }

  protected override enabled(): boolean {
    return this.config.consumeEvents;
  }

  protected consumers(base: ConsumerBase) {
    const logger = {
      info: (msg: string, meta?: unknown) => this.logger.log(`${msg}${meta ? ` ${JSON.stringify(meta)}` : ''}`),
      warn: (msg: string, meta?: unknown) => this.logger.warn(`${msg}${meta ? ` ${JSON.stringify(meta)}` : ''}`),
      error: (msg: string, meta?: unknown) => this.logger.error(`${msg}${meta ? ` ${JSON.stringify(meta)}` : ''}`),
    };
    const cleanup = new EventConsumer<EventPayloads>({ ...base, name: 'property-images-cleanup', logger }).on(EVENT_TYPES.propertyDeleted, async (event) => {
      const keys = event.payload.imageKeys ?? [];
      await this.uploads.removeVariants(keys);
    });
    // Its own durable consumer: the deletions' one keeps its exact subject filter.
    const refused = new EventConsumer<EventPayloads>({ ...base, name: 'refused-photos-cleanup', logger }).on(
      EVENT_TYPES.propertyPhotosRefused,
      async (event) => {
        await this.uploads.removeVariants(event.payload.imageKeys);
      },
    );
    return [cleanup, refused];
  }
}
