import { formatPrice, formatPriceWithTerm, totalInitialPayment } from '@mboa/contracts';
import { t } from '../i18n/index.js';

const num = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** Total Initial Payment = caution + price only for monthly terms; otherwise the price. */
export function PriceSummary({ price, caution, paymentTerm }: { price: string; caution: string; paymentTerm: string }) {
  return (
    <section className="panel price-summary" aria-labelledby="price-summary-title">
      <h3 id="price-summary-title">{t.post.priceSummary}</h3>
      <dl>
        <div>
          <dt>{t.post.priceLine}</dt>
          <dd data-testid="summary-price">{formatPriceWithTerm(num(price), paymentTerm)}</dd>
        </div>
        <div>
          <dt>{t.post.cautionLine}</dt>
          <dd>{formatPrice(num(caution))}</dd>
        </div>
        <div className="total">
          <dt>{t.ui.totalInitialPayment}</dt>
          <dd data-testid="summary-total">{formatPrice(totalInitialPayment(num(price), num(caution), paymentTerm))}</dd>
        </div>
      </dl>
    </section>
  );
}
