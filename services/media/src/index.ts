// The media service's library surface; main.ts (the Nest wiring) builds on these.
export * from './images/index.js';
export * from './property-images/index.js';
