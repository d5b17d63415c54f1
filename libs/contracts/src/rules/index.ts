export * from './property-status.js';
export * from './review-decision.js';
export * from './move-in-cost.js';
export * from './shown-text.js';
