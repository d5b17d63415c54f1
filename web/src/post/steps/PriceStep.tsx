import { AVAILABILITIES } from '@mboa/contracts';
import { PriceFields } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import type { PostForm } from '../wizard.js';
import type { StepProps } from './types.js';

/** Step 5: price, payment term, deposit (caution) and availability. */
export function PriceStep({ form, set }: StepProps) {
  const { t } = useI18n();
  return (
    <div className="stack">
      <PriceFields
        values={form}
        onChange={set}
        labels={{ price: `${t('post.price')} *`, paymentTerm: `${t('post.paymentTerm')} *`, caution: t('post.caution') }}
        termLabels={t('labels.paymentTerm', { returnObjects: true })}
        chooseTerm={t('post.chooseTerm')}
      />
      <label className="field">
        <span>{t('post.availability')}</span>
        <select value={form.availability} onChange={(e) => set({ availability: e.target.value as PostForm['availability'] })}>
          {AVAILABILITIES.map((a) => (
            <option key={a} value={a}>
              {t(`labels.status.${a}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
