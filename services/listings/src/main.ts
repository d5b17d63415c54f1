import 'reflect-metadata';
import { runWhenMain, startService } from '@mboa/platform';
import { listingsConfigFromEnv, type ListingsConfig } from './config.js';
import { ListingsModule } from './listings.module.js';

export function startListingsService(config: ListingsConfig, options: { logger?: false } = {}) {
  return startService('listings', ListingsModule.forRoot(config, { quiet: options.logger === false }), config, options);
}

runWhenMain(import.meta.url, 'listings', () => startListingsService(listingsConfigFromEnv()));
