import { LIMITS } from '@mboa/contracts';
import { t } from '../../i18n/index.js';
import type { StepProps } from './types.js';

/** Step 4: title and description, with their counters. */
export function DescriptionStep({ form, set }: StepProps) {
  return (
    <div className="stack">
      <label className="field">
        <span>{t.post.titleLabel} *</span>
        <input value={form.title} maxLength={LIMITS.property.titleMax} placeholder={t.post.titlePlaceholder} onChange={(e) => set({ title: e.target.value })} />
        <small className="muted counter">{t.post.counter(form.title.length, LIMITS.property.titleMax)}</small>
      </label>
      <label className="field">
        <span>{t.post.descriptionLabel} *</span>
        <textarea rows={6} value={form.description} maxLength={LIMITS.property.descriptionMax} onChange={(e) => set({ description: e.target.value })} />
        <small className="muted counter">{t.post.counter(form.description.length, LIMITS.property.descriptionMax)}</small>
      </label>
    </div>
  );
}
