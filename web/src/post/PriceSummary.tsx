import { totalInitialPayment } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

const num = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Total Initial Payment = caution + price only for monthly terms; otherwise the price. */
export function PriceSummary({ price, caution, paymentTerm }: { price: string; caution: string; paymentTerm: string }) {
  const { t, m, format } = useI18n();
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
        <div className="total">
          <dt>{m.ui.totalInitialPayment}</dt>
          <dd data-testid="summary-total">{format.price(totalInitialPayment(num(price), num(caution), paymentTerm))}</dd>
        </div>
      </dl>
    </section>
  );
}
