export * from './prometheus.js';
export * from './process-metrics.js';
export * from './standard.js';
export * from './server.js';
export * from './probes.js';
export * from './event-lag.js';
