export * from './property-status.js';
export * from './review-decision.js';
