import { LIMITS, REQUIRED_SPECIFICATIONS } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { specificationFieldsFor } from '../wizard.js';
import { specificationLabel } from './labels.js';
import type { StepProps } from './types.js';
import '../../i18n/parts/post.js';

/** Step 3: the specifications of the chosen category, the required ones marked. */
export function SpecificationsStep({ form, setForm }: StepProps) {
  const { t } = useI18n();
  if (!form.category) return <p className="muted">{t('post.chooseCategory')}</p>;
  const required: readonly string[] = REQUIRED_SPECIFICATIONS[form.category];
  return (
    <div className="spec-form">
      {specificationFieldsFor(form.category).map((field) => (
        <label key={field} className="field">
          <span>
            {specificationLabel(field, form.category, t)}
            {required.includes(field) ? ' *' : ''}
          </span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={field === 'size' ? LIMITS.property.sizeStep : 1}
            value={form.specifications[field]}
            onChange={(e) => {
              const value = e.target.value;
              setForm((f) => ({ ...f, specifications: { ...f.specifications, [field]: value } }));
            }}
          />
        </label>
      ))}
    </div>
  );
}
