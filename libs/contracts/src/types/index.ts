export * from './common.js';
export * from './user.js';
export * from './property.js';
export * from './support.js';
export * from './admin.js';
export * from './media.js';
export * from './requests.js';
