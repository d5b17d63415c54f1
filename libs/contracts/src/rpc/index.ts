export * from './checks.js';
export * from './contract.js';
