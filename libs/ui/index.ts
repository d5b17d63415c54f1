export * from './Toast.js';
export * from './Spinner.js';
export * from './Dialog.js';
export * from './StatusBadge.js';
export * from './PageNav.js';
export * from './PriceFields.js';
export * from './FactList.js';
