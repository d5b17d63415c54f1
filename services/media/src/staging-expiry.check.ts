import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MEDIA_STAGING_PREFIX } from '@mboa/contracts';
import { checkStagingExpiry } from '@mboa/platform';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';

/**
 * At start, says in the log whether the store expires staged uploads a crash leaves behind (the
 * lifecycle rule storage-init sets), and names the fix when it does not. Never holds up the start:
 * the check runs beside it and only logs.
 */
@Injectable()
export class StagingExpiryCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('media');

  constructor(@Inject(MEDIA_CONFIG) private readonly config: MediaConfig) {}

  onApplicationBootstrap(): void {
    void checkStagingExpiry(this.config.store, MEDIA_STAGING_PREFIX, this.logger);
  }
}
