import { outboxRelayProvider } from '@mboa/platform';
import { SUPPORT_CONFIG } from './config.js';
import { SupportDb } from './db.js';

/** Publishes this service's outbox to JetStream for as long as the service runs. */
export const OutboxRelayRunner = outboxRelayProvider('support', SUPPORT_CONFIG, SupportDb);
