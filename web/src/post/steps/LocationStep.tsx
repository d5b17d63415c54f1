import { t } from '../../i18n/index.js';
import { TownSelect } from '../../ui/TownSelect.js';
import type { StepProps } from './types.js';

/** Step 2: country, town and neighbourhood. */
export function LocationStep({ form, set, setForm }: StepProps) {
  return (
    <div className="stack">
      <label className="field">
        <span>{t.post.country} *</span>
        <input value={form.location.country} onChange={(e) => set({ location: { ...form.location, country: e.target.value } })} />
      </label>
      <TownSelect required value={form.location.town} onChange={(town) => setForm((f) => ({ ...f, location: { ...f.location, town } }))} />
      <label className="field">
        <span>{t.post.neighbourhood} *</span>
        <input
          value={form.location.neighbourhood}
          placeholder={t.post.neighbourhoodPlaceholder}
          maxLength={100}
          onChange={(e) => set({ location: { ...form.location, neighbourhood: e.target.value } })}
        />
      </label>
    </div>
  );
}
