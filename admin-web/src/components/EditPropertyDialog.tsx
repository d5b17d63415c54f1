import { GEO, LIMITS, MESSAGES, type PropertyRead } from '@mboa/contracts';
import { PriceFields } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import { useState } from 'react';
import { editProperty, type PropertyEdit } from '../api/admin.js';
import { EditDialog } from './EditDialog.js';
import { PinView } from './PinView.js';

const SPEC_FIELDS = {
  residential: ['bedrooms', 'toilets', 'kitchens', 'livingRooms', 'size', 'distanceFromRoad'],
  commercial: ['sections', 'size', 'toilets', 'distanceFromRoad'],
} as const;

type Form = Record<string, string>;

export function toForm(p: PropertyRead): Form {
  const form: Form = {
    title: p.title,
    description: p.description ?? '',
    price: String(p.price ?? ''),
    caution: p.caution === null || p.caution === undefined ? '' : String(p.caution),
    paymentTerm: p.paymentTerm ?? p.paymentTerms,
    town: p.location?.town ?? p.town,
    neighbourhood: p.location?.neighbourhood ?? p.neighbourhood,
    pinLat: p.location?.pin ? String(p.location.pin.lat) : '',
    pinLng: p.location?.pin ? String(p.location.pin.lng) : '',
    landmark: p.location?.landmark ?? '',
  };
  for (const key of SPEC_FIELDS[p.category] ?? []) {
    const v = p.specifications?.[key];
    form[key] = v === null || v === undefined ? '' : String(v);
  }
  return form;
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** Only what changed, so an edit never rewrites fields the admin did not touch. */
export function propertyChanges(before: PropertyRead, form: Form): PropertyEdit {
  const old = toForm(before);
  const changed = (k: string) => (form[k] ?? '').trim() !== (old[k] ?? '').trim();
  const out: PropertyEdit = {};
  if (changed('title')) out.title = form.title.trim();
  if (changed('description')) out.description = form.description.trim();
  if (changed('price')) out.price = Number(form.price);
  if (changed('caution')) out.caution = num(form.caution) ?? 0;
  if (changed('paymentTerm')) out.paymentTerm = form.paymentTerm;
  if (changed('town') || changed('neighbourhood')) {
    out.location = { town: form.town.trim(), neighbourhood: form.neighbourhood.trim() };
  }
  if (changed('pinLat') || changed('pinLng')) {
    const lat = num(form.pinLat ?? ''),
      lng = num(form.pinLng ?? '');
    out.location = { ...out.location, pin: lat === null || lng === null ? null : { lat, lng } };
  }
  if (changed('landmark')) out.location = { ...out.location, landmark: (form.landmark ?? '').trim() };
  const specs: Record<string, number | null> = {};
  for (const key of SPEC_FIELDS[before.category] ?? []) if (changed(key)) specs[key] = num(form[key]);
  if (Object.keys(specs).length) out.specifications = specs;
  return out;
}

/** Edits a property's texts, price, payment term, location and specifications (PATCH /api/admin/properties/:id). */
export function EditPropertyDialog({
  property,
  onClose,
  onSaved,
}: {
  property: PropertyRead;
  onClose: () => void;
  onSaved: (property: PropertyRead, message: string) => void;
}) {
  const { t, m } = useI18n();
  const [form, setForm] = useState<Form>(() => toForm(property));
  const f = t('properties.fields', { returnObjects: true });
  const set = (key: string) => (e: { target: { value: string } }) => setForm((v) => ({ ...v, [key]: e.target.value }));

  // The problems are kept in English, the server's words; the dialog shows them in the language read now.
  function check() {
    const problems: string[] = [];
    if (!form.title?.trim()) problems.push(MESSAGES.property.titleRequired);
    if (!form.description?.trim()) problems.push(MESSAGES.property.descriptionRequired);
    if (form.price?.trim() === '' || !(Number(form.price) >= 0)) problems.push(MESSAGES.property.priceRequired);
    if ((form.pinLat ?? '').trim() === '' !== ((form.pinLng ?? '').trim() === '')) problems.push(t('pin.incomplete'));
    return problems;
  }

  function save() {
    const changes = propertyChanges(property, form);
    if (Object.keys(changes).length === 0) return undefined;
    return editProperty(property._id, changes).then((reply) => onSaved(reply.property, reply.message || m.property.updated));
  }

  return (
    <EditDialog title={t('properties.editTitle')} className="dialog-wide" onClose={onClose} check={check} save={save} failed={m.property.updateFailed}>
      <label className="field">
        <span>{f.title}</span>
        <input value={form.title} onChange={set('title')} maxLength={LIMITS.property.titleMax} data-autofocus />
      </label>
      <label className="field">
        <span>{f.description}</span>
        <textarea value={form.description} onChange={set('description')} maxLength={LIMITS.property.descriptionMax} rows={5} />
      </label>
      <div className="grid-2">
        <PriceFields
          values={{ price: form.price, paymentTerm: form.paymentTerm, caution: form.caution }}
          onChange={(change) => setForm((v) => ({ ...v, ...change }))}
          labels={{ price: f.price, paymentTerm: f.paymentTerm, caution: f.caution }}
          termLabels={t('labels.paymentTerm', { returnObjects: true })}
        />
        <label className="field">
          <span>{f.town}</span>
          <input value={form.town} onChange={set('town')} />
        </label>
        <label className="field">
          <span>{f.neighbourhood}</span>
          <input value={form.neighbourhood} onChange={set('neighbourhood')} />
        </label>
      </div>
      <fieldset>
        <legend>{t('pin.title')}</legend>
        <p className="muted small">{t('pin.hint')}</p>
        <div className="grid-2">
          <label className="field">
            <span>{t('pin.lat')}</span>
            <input inputMode="decimal" value={form.pinLat} onChange={set('pinLat')} />
          </label>
          <label className="field">
            <span>{t('pin.lng')}</span>
            <input inputMode="decimal" value={form.pinLng} onChange={set('pinLng')} />
          </label>
        </div>
        {form.pinLat || form.pinLng ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setForm((v) => ({ ...v, pinLat: '', pinLng: '' }))}>
            {t('pin.clear')}
          </button>
        ) : null}
        {Number.isFinite(Number(form.pinLat)) && Number.isFinite(Number(form.pinLng)) && form.pinLat?.trim() && form.pinLng?.trim() ? (
          <PinView pin={{ lat: Number(form.pinLat), lng: Number(form.pinLng) }} />
        ) : null}
        <label className="field">
          <span>{t('pin.landmark')}</span>
          <input value={form.landmark} onChange={set('landmark')} maxLength={GEO.landmarkMax} />
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('properties.specifications')}</legend>
        <div className="grid-3">
          {(SPEC_FIELDS[property.category] ?? []).map((key) => (
            <label className="field" key={key}>
              <span>{f[key]}</span>
              <input
                type="number"
                min={0}
                step={key === 'size' ? LIMITS.property.sizeStep : 1}
                value={form[key]}
                onChange={set(key)}
              />
            </label>
          ))}
        </div>
      </fieldset>
    </EditDialog>
  );
}
