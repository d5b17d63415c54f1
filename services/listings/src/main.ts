import 'reflect-metadata';
import { startMicroservice } from '@mboa/platform';
import { ListingsModule } from './listings.module.js';
import { listingsConfigFromEnv, type ListingsConfig } from './config.js';

export function startListingsService(config: ListingsConfig, options: { logger?: false } = {}) {
  return startMicroservice(ListingsModule.forRoot(config, { quiet: options.logger === false }), {
    name: 'listings',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startListingsService(listingsConfigFromEnv()).catch((error) => {
    console.error(`listings failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
