export * from './common.js';
export * from './parse.js';
export * from './auth.js';
export * from './property.js';
export * from './support.js';
export * from './person-check.js';
