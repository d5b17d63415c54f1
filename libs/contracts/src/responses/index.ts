export * from './components.js';
export * from './common.js';
export * from './user.js';
export * from './property.js';
export * from './support.js';
export * from './admin.js';
export * from './reports.js';
export * from './health.js';
