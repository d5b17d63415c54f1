export * from './envelope.js';
export * from './sql.js';
export * from './outbox.js';
export * from './stream.js';
export * from './relay.js';
export * from './consumer.js';
export * from './publish.js';
export type { EventBusLogger } from './logger.js';
export { consoleLogger, nestEventBusLogger, silentLogger } from './logger.js';
