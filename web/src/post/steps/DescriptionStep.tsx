import { LIMITS } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import type { StepProps } from './types.js';
import '../../i18n/parts/post.js';

/** Step 4: title and description, with their counters. */
export function DescriptionStep({ form, set }: StepProps) {
  const { t } = useI18n();
  return (
    <div className="stack">
      <label className="field">
        <span>{t('post.titleLabel')} *</span>
        <input value={form.title} maxLength={LIMITS.property.titleMax} placeholder={t('post.titlePlaceholder')} onChange={(e) => set({ title: e.target.value })} />
        <small className="muted counter">{t('post.counter', { length: form.title.length, max: LIMITS.property.titleMax })}</small>
      </label>
      <label className="field">
        <span>{t('post.descriptionLabel')} *</span>
        <textarea rows={6} value={form.description} maxLength={LIMITS.property.descriptionMax} onChange={(e) => set({ description: e.target.value })} />
        <small className="muted counter">{t('post.counter', { length: form.description.length, max: LIMITS.property.descriptionMax })}</small>
      </label>
    </div>
  );
}
