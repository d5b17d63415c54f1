import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, type EventPayloads } from '@mboa/contracts';
import { EventConsumer } from '@mboa/platform';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { ImageUploads } from './image-uploads.service.js';

/**
 * Deletes a deleted property's image files. Durable (a deletion while media is down is handled
 * when it returns) and idempotent by nature (removing a missing key is fine), hence no database.
 */
@Injectable()
export class PropertyDeletedConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('media');
  private nc?: NatsConnection;
  private consumer?: EventConsumer<EventPayloads>;

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly uploads: ImageUploads,
  ) {}

  get running(): boolean {
    return this.consumer !== undefined && !this.nc?.isClosed();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.consumeEvents) return;
    this.nc = await connect({ servers: this.config.natsUrl, name: 'media-events' });
    const consumer = new EventConsumer<EventPayloads>({
      nc: this.nc,
      service: 'media',
      name: 'property-images-cleanup',
      prefix: this.config.subjectPrefix,
      stream: this.config.streamName,
      logger: {
        info: (msg, meta) => this.logger.log(`${msg}${meta ? ` ${JSON.stringify(meta)}` : ''}`),
        warn: (msg, meta) => this.logger.warn(`${msg}${meta ? ` ${JSON.stringify(meta)}` : ''}`),
        error: (msg, meta) => this.logger.error(`${msg}${meta ? ` ${JSON.stringify(meta)}` : ''}`),
      },
    }).on(EVENT_TYPES.propertyDeleted, async (event) => {
      const keys = event.payload.imageKeys ?? [];
      await this.uploads.removeVariants(keys);
    });
    await consumer.start();
    this.consumer = consumer;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = undefined;
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
  }
}
