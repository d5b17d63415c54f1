import { AVAILABILITIES, PAYMENT_TERMS } from '@mboa/contracts';
import { t } from '../../i18n/index.js';
import type { PostForm } from '../wizard.js';
import type { StepProps } from './types.js';

/** Step 5: price, payment term, deposit (caution) and availability. */
export function PriceStep({ form, set }: StepProps) {
  return (
    <div className="stack">
      <label className="field">
        <span>{t.post.price} *</span>
        <input type="number" inputMode="numeric" min={0} value={form.price} onChange={(e) => set({ price: e.target.value })} />
      </label>
      <label className="field">
        <span>{t.post.paymentTerm} *</span>
        <select value={form.paymentTerm} onChange={(e) => set({ paymentTerm: e.target.value })}>
          <option value="">{t.post.chooseTerm}</option>
          {PAYMENT_TERMS.map((term) => (
            <option key={term} value={term}>
              {t.labels.paymentTerm[term]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t.post.caution}</span>
        <input type="number" inputMode="numeric" min={0} value={form.caution} onChange={(e) => set({ caution: e.target.value })} />
      </label>
      <label className="field">
        <span>{t.post.availability}</span>
        <select value={form.availability} onChange={(e) => set({ availability: e.target.value as PostForm['availability'] })}>
          {AVAILABILITIES.map((a) => (
            <option key={a} value={a}>
              {t.labels.status[a]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
