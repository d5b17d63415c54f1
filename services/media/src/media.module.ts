import { Module, type DynamicModule } from '@nestjs/common';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { HealthService } from './health.service.js';
import { ImageUploads } from './image-uploads.service.js';
import { MediaController } from './media.controller.js';
import { PropertyDeletedConsumer } from './property-deleted.consumer.js';

@Module({})
export class MediaModule {
  static forRoot(config: MediaConfig): DynamicModule {
    return {
      module: MediaModule,
      controllers: [MediaController],
      providers: [{ provide: MEDIA_CONFIG, useValue: config }, ImageUploads, PropertyDeletedConsumer, HealthService],
    };
  }
}
