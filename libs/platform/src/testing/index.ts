export * from './database.js';
export * from '../events/testing.js';
