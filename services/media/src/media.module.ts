import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@mboa/platform';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { DocumentFiles } from './documents/documents.service.js';
import { HealthService } from './health.service.js';
import { ImageUploads } from './image-uploads.service.js';
import { MediaController } from './media.controller.js';
import { PropertyDeletedConsumer } from './property-deleted.consumer.js';
import { StagingExpiryCheck } from './staging-expiry.check.js';

/** The media service keeps no database: no client, no outbox relay (see MediaConfig). */
@Module({})
export class MediaModule {
  static forRoot(config: MediaConfig): DynamicModule {
    return serviceModule({
      name: 'media',
      module: MediaModule,
      config,
      configToken: MEDIA_CONFIG,
      controllers: [MediaController],
      providers: [ImageUploads, DocumentFiles, StagingExpiryCheck],
      consumers: [PropertyDeletedConsumer],
      health: HealthService,
    });
  }
}
