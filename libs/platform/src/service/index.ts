export * from './relay-runner.js';
export * from './prisma-options.js';
export * from './service-main.js';
export * from './outbox-relay.provider.js';
