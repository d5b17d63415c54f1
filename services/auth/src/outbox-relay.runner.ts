import { outboxRelayProvider } from '@mboa/platform';
import { AUTH_CONFIG } from './config.js';
import { AuthDb } from './db.js';

/** Publishes this service's outbox to JetStream for as long as the service runs. */
export const OutboxRelayRunner = outboxRelayProvider('auth', AUTH_CONFIG, AuthDb);
