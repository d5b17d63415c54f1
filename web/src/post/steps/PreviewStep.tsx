import { FactList } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import { PriceSummary } from '../PriceSummary.js';
import { specificationFieldsFor } from '../wizard.js';
import { propertyTypeLabel, specificationLabel } from './labels.js';
import type { StepProps } from './types.js';
import '../../i18n/parts/map.js';
import '../../i18n/parts/post.js';

/** Step 8: everything as it will be posted. */
export function PreviewStep({ form }: Pick<StepProps, 'form'>) {
  const { t } = useI18n();
  const rows: [string, string][] = [
    [t('post.category'), form.category ? t(`labels.category.${form.category}`) : '-'],
    [t('post.propertyType'), propertyTypeLabel(form.propertyType, t)],
    [t('details.location'), [form.location.neighbourhood, form.location.town, form.location.country].filter(Boolean).join(', ')],
    [t('map.areaTitle'), form.location.pin ? t('map.pinPlaced', { lat: form.location.pin.lat.toFixed(5), lng: form.location.pin.lng.toFixed(5) }) : t('map.noPin')],
    ...(form.location.landmark.trim() ? [[t('map.landmark'), form.location.landmark.trim()] as [string, string]] : []),
    ...specificationFieldsFor(form.category)
      .filter((f) => form.specifications[f].trim() !== '')
      .map((f): [string, string] => [specificationLabel(f, form.category, t), form.specifications[f]]),
    [t('post.availability'), t(`labels.status.${form.availability}`)],
    [t('details.amenities'), form.amenities.map((a) => t(`labels.amenity.${a}`)).join(', ') || '-'],
  ];
  return (
    <div className="stack">
      <p className="muted">{t('post.previewTitle')}</p>
      <h3>{form.title}</h3>
      <p className="prewrap">{form.description}</p>
      <FactList className="spec-grid" rows={rows} />
      <PriceSummary price={form.price} caution={form.caution} advanceMonths={form.advanceMonths} paymentTerm={form.paymentTerm} />
      {form.images.length ? (
        <ul className="previews">
          {form.images.map((image) => (
            <li key={image.id}>
              <img src={image.previewUrl} alt="" width="120" height="90" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('post.noPhotosSelected')}</p>
      )}
    </div>
  );
}
