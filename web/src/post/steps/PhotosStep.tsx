import { ImagePicker } from '../ImagePicker.js';
import type { StepProps } from './types.js';

/** Step 7: the photos (compressed in the browser before upload). */
export function PhotosStep({ form, set }: StepProps) {
  return <ImagePicker images={form.images} onChange={(images) => set({ images })} />;
}
