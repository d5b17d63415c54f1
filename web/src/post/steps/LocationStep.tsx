import { useI18n } from '@mboa/web-core';
import { TownSelect } from '../../ui/TownSelect.js';
import { PinPicker } from '../../map/PinPicker.js';
import type { StepProps } from './types.js';
import '../../i18n/parts/post.js';

/** Step 2: country, town and neighbourhood; optionally a pin on the map and a landmark. */
export function LocationStep({ form, set, setForm }: StepProps) {
  const { t } = useI18n();
  return (
    <div className="stack">
      <label className="field">
        <span>{t('post.country')} *</span>
        <input value={form.location.country} onChange={(e) => set({ location: { ...form.location, country: e.target.value } })} />
      </label>
      <TownSelect required value={form.location.town} onChange={(town) => setForm((f) => ({ ...f, location: { ...f.location, town } }))} />
      <label className="field">
        <span>{t('post.neighbourhood')} *</span>
        <input
          value={form.location.neighbourhood}
          placeholder={t('post.neighbourhoodPlaceholder')}
          maxLength={100}
          onChange={(e) => set({ location: { ...form.location, neighbourhood: e.target.value } })}
        />
      </label>
      <PinPicker
        town={form.location.town}
        pin={form.location.pin}
        onPin={(pin) => setForm((f) => ({ ...f, location: { ...f.location, pin } }))}
        landmark={form.location.landmark}
        onLandmark={(landmark) => setForm((f) => ({ ...f, location: { ...f.location, landmark } }))}
      />
    </div>
  );
}
