export * from './image-limits.js';
export * from './image-errors.js';
export { sniffImageType, assertAcceptedImageType } from './image-type.js';
export { readAtMost } from './read-limited.js';
export { ImageProcessor, configureImageLibrary, type ImageVariant, type ProcessedImage, type ImageProcessorOptions } from './image-processor.js';
export { differenceHash, differenceHashOfGrid, photoHashes, DHASH_WIDTH, DHASH_HEIGHT, type PhotoHashes } from './perceptual-hash.js';
