export * from './relay-runner.js';
export * from './prisma-options.js';
export * from './service-main.js';
export * from './outbox-relay.provider.js';
export * from './service-config.js';
export * from './service-module.js';
export * from './consumer-host.js';
export * from './health.js';
