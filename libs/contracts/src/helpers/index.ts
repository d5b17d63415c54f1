export * from './format.js';
export * from './pagination.js';
export * from './links.js';
export * from './towns.js';
export * from './ids.js';
export * from './images.js';
