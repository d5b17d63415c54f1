import { moveInCost, PAYMENT_TERMS, type PaymentTerm } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import '../i18n/parts/post.js';

const num = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

const isPaymentTerm = (v: string): v is PaymentTerm => (PAYMENT_TERMS as readonly string[]).includes(v);

/**
 * The post preview's amounts: the price, the caution, the advance and the Total Initial Payment, by
 * the rule the details page shows renters (rules/move-in-cost.ts), so the owner reads the same total.
 */
export function PriceSummary({
  price,
  caution,
  advanceMonths = '',
  paymentTerm,
}: {
  price: string;
  caution: string;
  advanceMonths?: string;
  paymentTerm: string;
}) {
  const { t, m, format } = useI18n();
  // The preview is reached with a payment term chosen; a form without one counts as monthly.
  const cost = moveInCost({
    price: num(price),
    paymentTerm: isPaymentTerm(paymentTerm) ? paymentTerm : 'monthly',
    caution: num(caution),
    advanceMonths: num(advanceMonths),
  });
  return (
    <section className="panel price-summary" aria-labelledby="price-summary-title">
      <h3 id="price-summary-title">{t('post.priceSummary')}</h3>
      <dl>
        <div>
          <dt>{t('post.priceLine')}</dt>
          <dd data-testid="summary-price">{format.priceWithTerm(num(price), paymentTerm)}</dd>
        </div>
        <div>
          <dt>{t('post.cautionLine')}</dt>
          <dd>{format.price(num(caution))}</dd>
        </div>
        {cost.advanceMonths > 0 ? (
          <div>
            <dt>{t('moveIn.advance', { count: cost.advanceMonths })}</dt>
            <dd data-testid="summary-advance">{format.price(cost.advance)}</dd>
          </div>
        ) : null}
        <div className="total">
          <dt>{m.ui.totalInitialPayment}</dt>
          <dd data-testid="summary-total">{format.price(cost.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
