export { AmenitiesStep } from './AmenitiesStep.js';
export { CategoryStep } from './CategoryStep.js';
export { DescriptionStep } from './DescriptionStep.js';
export { LocationStep } from './LocationStep.js';
export { PhotosStep } from './PhotosStep.js';
export { PreviewStep } from './PreviewStep.js';
export { PriceStep } from './PriceStep.js';
export { SpecificationsStep } from './SpecificationsStep.js';
export type { StepProps } from './types.js';
