export * from './database.js';
export * from '../events/testing.js';
export * from './wrong-on-purpose.js';
export * from './eventually.js';
export * from './refusal.js';
export * from './actors.js';
export * from './free-port.js';
