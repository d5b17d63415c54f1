import { outboxRelayProvider } from '@mboa/platform';
import { LISTINGS_CONFIG } from './config.js';
import { ListingsDb } from './db.js';

/** Publishes this service's outbox to JetStream for as long as the service runs. */
export const OutboxRelayRunner = outboxRelayProvider('listings', LISTINGS_CONFIG, ListingsDb);
