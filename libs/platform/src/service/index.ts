export * from './relay-runner.js';
export * from './prisma-options.js';
