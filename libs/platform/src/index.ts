export * from './mail/index.js';
export * from './nats/index.js';
export * from './events/index.js';
export * from './service/index.js';
export * from './storage/index.js';
export * from './config/index.js';
export * from './logging/index.js';
export * from './metrics/index.js';
