export * from './common.js';
export * from './user.js';
export * from './property.js';
export * from './support.js';
export * from './admin.js';
export * from './media.js';
export * from './requests.js';
// The zod schemas these answer types are inferred from; the gateway builds the OpenAPI document from them.
export * from '../responses/index.js';
