export * from './Toast.js';
export * from './Spinner.js';
export * from './Dialog.js';
export * from './StatusBadge.js';
export * from './PageNav.js';
export * from './PriceFields.js';
export * from './FactList.js';
// StaticMap.tsx and map-tiles.ts are imported by path (`@mboa/ui/StaticMap.js`): through this index
// they would join the chunk every first visit loads.
