import { moveInCost, type PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

/**
 * "What you pay to move in": one period's rent, the caution, the advance and the total, by the
 * shared rule (rules/move-in-cost.ts: the advance covers the first months, so the renter pays the
 * larger of one period's rent and the advance, plus the caution). A renter who knows the real
 * total up front can tell a fair request from a scammer's, hence the advice that closes the box.
 */
export function MoveInCost({ property }: { property: Pick<PropertyRead, 'price' | 'paymentTerm' | 'paymentTerms' | 'caution' | 'advanceMonths'> }) {
  const { t, format } = useI18n();
  const cost = moveInCost({
    price: property.price,
    paymentTerm: property.paymentTerms ?? property.paymentTerm,
    caution: property.caution,
    advanceMonths: property.advanceMonths,
  });
  const rows: [string, string][] = [
    [t(`moveIn.rent.${cost.paymentTerm}`), format.price(cost.rent)],
    [t('moveIn.caution'), format.price(cost.caution)],
    cost.advanceMonths > 0
      ? [t('moveIn.advance', { count: cost.advanceMonths }), format.price(cost.advance)]
      : [t('moveIn.advanceLabel'), t('moveIn.noAdvance')],
  ];
  return (
    <section className="move-in-cost price-summary" aria-labelledby="move-in-cost-title" data-testid="move-in-cost">
      <h2 id="move-in-cost-title">{t('moveIn.title')}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="total">
          <dt>{t('moveIn.total')}</dt>
          <dd data-testid="move-in-total">{format.price(cost.total)}</dd>
        </div>
      </dl>
      {cost.advanceMonths > 0 ? <p className="muted small">{t('moveIn.advanceCovers')}</p> : null}
      <p className="move-in-safety small">{t('moveIn.safety')}</p>
    </section>
  );
}
