export * from './env.js';
export * from './apps.js';
