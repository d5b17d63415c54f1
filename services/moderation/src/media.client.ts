import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { RpcClient } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';

/** Request/reply to the media service (deleting document photos past their keeping time), on its own NATS connection. */
@Injectable()
export class MediaClient extends RpcClient implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(MODERATION_CONFIG) config: ModerationConfig) {
    super({ servers: config.natsUrl, subjectPrefix: config.subjectPrefix, name: 'moderation-media' });
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
