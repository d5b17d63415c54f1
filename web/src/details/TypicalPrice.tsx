import type { PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

/**
 * "Typical for a studio in Buea: 35,000 FCFA/month (12 listings)": the median of the comparable
 * public listings (the details answer's `typicalPrice`, docs/api.md#prices-that-look-wrong), so a
 * renter sees at once a price too good to be true. Comparables are per town, not per
 * neighbourhood (a neighbourhood rarely has enough), so the line names the town only. Nothing
 * when the server had too few comparables.
 */
export function TypicalPrice({ property }: { property: PropertyRead }) {
  const { t, format } = useI18n();
  const typical = property.typicalPrice;
  if (!typical) return null;
  const place = t(`typicalPrice.place.${typical.propertyType}`, {
    defaultValue: t(`labels.propertyType.${typical.propertyType}`, { defaultValue: typical.propertyType }),
  });
  return (
    <p className="muted small typical-price" data-testid="typical-price">
      {t('typicalPrice.line', { place, town: typical.town, price: format.priceWithTerm(typical.amount, typical.term), count: typical.comparables })}
    </p>
  );
}
