export * from './property-image-keys.js';
export { PropertyImages, type SavedPropertyImage } from './property-images.js';
