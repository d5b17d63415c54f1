export * from './property-image-keys.js';
export { PropertyImages, type SavedPropertyImage, type SavedVariant } from './property-images.js';
