import type { PriceCheck, PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { adminPriceWithTerm } from '../logic/format.js';

/**
 * The review screen's warning for a price far below what comparable public listings ask
 * (the admin read's `priceCheck`, docs/api.md#prices-that-look-wrong): nothing unless flagged.
 * Takes the property so the screen passes what it read, whichever read shape it holds.
 */
export function PriceCheckWarning({ property }: { property: PropertyRead & { priceCheck?: PriceCheck | null } }) {
  const { t, language } = useI18n();
  const check = property.priceCheck;
  if (!check?.flagged) return null;
  const price = (amount: number) => adminPriceWithTerm(amount, check.term, language);
  return (
    <div className="panel panel-warning" role="note" data-testid="price-check">
      <h2>{t('review.priceCheck.title')}</h2>
      <p>
        <strong>{t('review.priceCheck.farBelow', { price: price(check.price), median: price(check.median), count: check.comparables })}</strong>
      </p>
      <p className="muted">
        {t(check.term === 'daily' ? 'review.priceCheck.basisDaily' : 'review.priceCheck.basisMonthly')} {t('review.priceCheck.bait')}
      </p>
    </div>
  );
}
