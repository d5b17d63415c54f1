export * from './subjects.js';
export * from './service-exception.js';
export * from './transport.js';
export * from './rpc-client.js';
export * from './microservice.js';
export * from './validate.js';
