export * from './relay-runner.js';
