import { AMENITIES, type Amenity } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import type { StepProps } from './types.js';
import '../../i18n/parts/post.js';

/** Step 6: the amenities, all optional. */
export function AmenitiesStep({ form, set }: StepProps) {
  const { t } = useI18n();
  return (
    <fieldset className="amenity-grid">
      <legend className="muted">{t('post.amenitiesHint')}</legend>
      {AMENITIES.map((a) => (
        <label key={a} className="check">
          <input
            type="checkbox"
            checked={form.amenities.includes(a)}
            onChange={(e) => set({ amenities: e.target.checked ? [...form.amenities, a] : form.amenities.filter((x: Amenity) => x !== a) })}
          />
          <span>{t(`labels.amenity.${a}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
