export * from './search-index.js';
export * from './search-document.js';
export * from './search-text.js';
export * from './search-constants.js';
export * from './postgres-search-index.js';
export * from './meili-search-index.js';
export * from './meili-settings.js';
export * from './create-search-index.js';
