import { PROPERTY_CATEGORIES, PROPERTY_TYPES_BY_CATEGORY } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import type { PostForm } from '../wizard.js';
import { propertyTypeLabel } from './labels.js';
import type { StepProps } from './types.js';
import '../../i18n/parts/post.js';

const typesFor = (category: PostForm['category']) => (category ? PROPERTY_TYPES_BY_CATEGORY[category] : []);

/** Step 1: category and property type (an admin also names the owner posted for). */
export function CategoryStep({ form, set, isAdmin }: StepProps & { isAdmin: boolean }) {
  const { t } = useI18n();
  return (
    <div className="stack">
      {isAdmin ? (
        <label className="field">
          <span>{t('post.onBehalf')}</span>
          <input value={form.userId} onChange={(e) => set({ userId: e.target.value })} />
          <small className="muted">{t('post.onBehalfHint')}</small>
        </label>
      ) : null}
      <fieldset className="field choice-cards">
        <legend>{t('post.category')} *</legend>
        {PROPERTY_CATEGORIES.map((c) => (
          <label key={c} className={form.category === c ? 'on' : undefined}>
            <input
              type="radio"
              name="category"
              value={c}
              checked={form.category === c}
              onChange={() =>
                set({
                  category: c,
                  propertyType: (typesFor(c) as readonly string[]).includes(form.propertyType) ? form.propertyType : '',
                })
              }
            />
            {t(`labels.category.${c}`)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>{t('post.propertyType')} *</span>
        <select value={form.propertyType} disabled={!form.category} onChange={(e) => set({ propertyType: e.target.value })}>
          <option value="">{t('post.chooseOne')}</option>
          {typesFor(form.category).map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabel(type, t)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
