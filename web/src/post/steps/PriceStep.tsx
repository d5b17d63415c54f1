import { AVAILABILITIES, LIMITS } from '@mboa/contracts';
import { PriceFields } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import { advanceMonthsValid, type PostForm } from '../wizard.js';
import type { StepProps } from './types.js';
import '../../i18n/parts/post.js';

/** Step 5: price, payment term, deposit (caution), months of rent in advance and availability. */
export function PriceStep({ form, set }: StepProps) {
  const { t, m } = useI18n();
  // Said as soon as it is typed: Continue stays off until the months are whole and within 0–24.
  const advanceWrong = !advanceMonthsValid(form.advanceMonths);
  return (
    <div className="stack">
      <PriceFields
        values={form}
        onChange={set}
        labels={{ price: `${t('post.price')} *`, paymentTerm: `${t('post.paymentTerm')} *`, caution: t('post.caution') }}
        termLabels={t('labels.paymentTerm', { returnObjects: true })}
        chooseTerm={t('post.chooseTerm')}
      />
      <div className="field">
        <label htmlFor="post-advance-months">{t('post.advanceMonths')}</label>
        <input
          id="post-advance-months"
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.property.advanceMonthsMax}
          step={1}
          value={form.advanceMonths}
          onChange={(e) => set({ advanceMonths: e.target.value })}
          aria-describedby={advanceWrong ? 'post-advance-months-error post-advance-months-hint' : 'post-advance-months-hint'}
          aria-invalid={advanceWrong ? true : undefined}
        />
        {advanceWrong ? (
          <p id="post-advance-months-error" className="form-error" role="alert">
            {m.property.advanceMonthsInvalid}
          </p>
        ) : null}
        <small id="post-advance-months-hint" className="muted">
          {t('post.advanceMonthsHint')}
        </small>
      </div>
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
