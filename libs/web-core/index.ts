export * from './api.js';
export * from './i18n.js';
export * from './query.js';
