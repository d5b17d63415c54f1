import { PROPERTY_CATEGORIES, PROPERTY_TYPES_BY_CATEGORY } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useState } from 'react';
import { TownSelect } from '../ui/TownSelect.js';
import { cleanAmount, clearPanel, ROOM_OPTIONS, withCategory, type Filters } from './filters.js';
import { SortSelect } from './SortSelect.js';

interface FiltersPanelProps {
  id: string;
  /** The filters in force; the panel edits a draft of them until Show Results. */
  applied: Filters;
  onApply: (filters: Filters) => void;
  onReset: () => void;
  onClose: () => void;
}

/**
 * Clear all empties the draft, Reset Filters clears every filter in force at once,
 * Show Results applies the draft.
 */
export function FiltersPanel({ id, applied, onApply, onReset, onClose }: FiltersPanelProps) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Filters>(applied);
  // Remounts the town field so a cleared draft also leaves its "Other" mode.
  const [townKey, setTownKey] = useState(0);
  const typeOption = (type: string) => (
    <option key={type} value={type}>
      {t(`labels.propertyType.${type}`, { defaultValue: type })}
    </option>
  );

  return (
    <section id={id} className="filters-panel" aria-labelledby={`${id}-title`}>
      <div className="filters-head">
        <h2 id={`${id}-title`}>{t('filters.title')}</h2>
        <button type="button" className="link-button" onClick={() => (setDraft(clearPanel(draft)), setTownKey((k) => k + 1))}>
          {t('filters.clearAll')}
        </button>
        <button type="button" className="icon-button filters-close" aria-label={t('app.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="filters-grid">
        <fieldset className="field segmented">
          <legend>{t('filters.category')}</legend>
          {(['', ...PROPERTY_CATEGORIES] as const).map((category) => (
            <label key={category || 'all'} className={draft.category === category ? 'on' : undefined}>
              <input
                type="radio"
                name={`${id}-category`}
                value={category}
                checked={draft.category === category}
                onChange={() => setDraft(withCategory(draft, category))}
              />
              {category ? t(`labels.category.${category}`) : t('filters.all')}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('filters.propertyType')}</span>
          <select value={draft.propertyType} onChange={(e) => setDraft({ ...draft, propertyType: e.target.value })}>
            <option value="">{t('filters.anyType')}</option>
            {draft.category ? (
              PROPERTY_TYPES_BY_CATEGORY[draft.category].map(typeOption)
            ) : (
              <>
                <optgroup label={t('labels.category.residential')}>{PROPERTY_TYPES_BY_CATEGORY.residential.map(typeOption)}</optgroup>
                <optgroup label={t('labels.category.commercial')}>{PROPERTY_TYPES_BY_CATEGORY.commercial.map(typeOption)}</optgroup>
              </>
            )}
          </select>
        </label>
        <TownSelect key={townKey} label={t('filters.location')} value={draft.town} onChange={(town) => setDraft((d) => ({ ...d, town }))} />
        <label className="field">
          <span>{t('filters.rooms')}</span>
          <select value={draft.rooms} onChange={(e) => setDraft({ ...draft, rooms: e.target.value })}>
            <option value="">{t('filters.roomsAny')}</option>
            {ROOM_OPTIONS.map((n) => (
              <option key={n} value={String(n)}>
                {t('filters.roomsOption', { count: n })}
              </option>
            ))}
          </select>
        </label>
        <div className="field-row">
          <label className="field">
            <span>{t('filters.minPrice')}</span>
            <input
              inputMode="numeric"
              value={draft.minPrice}
              onChange={(e) => setDraft({ ...draft, minPrice: cleanAmount(e.target.value) })}
              placeholder="0"
            />
          </label>
          <label className="field">
            <span>{t('filters.maxPrice')}</span>
            <input
              inputMode="numeric"
              value={draft.maxPrice}
              onChange={(e) => setDraft({ ...draft, maxPrice: cleanAmount(e.target.value) })}
              placeholder="500000"
            />
          </label>
        </div>
        <label className="check toggle-field">
          <input
            type="checkbox"
            checked={draft.controlChecked === 'true'}
            onChange={(e) => setDraft({ ...draft, controlChecked: e.target.checked ? 'true' : '' })}
            aria-describedby={`${id}-control-hint`}
          />
          <span>
            <span className="toggle-label">{t('filters.controlChecked')}</span>
            <span id={`${id}-control-hint`} className="small muted toggle-hint">
              {t('filters.controlCheckedHint')}
            </span>
          </span>
        </label>
        <SortSelect id={`${id}-sort`} value={draft.sort} near={draft.near} onChange={(sort) => setDraft((d) => ({ ...d, sort }))} />
      </div>
      <div className="filters-actions">
        <button type="button" className="btn btn-ghost" onClick={onReset}>
          {t('filters.reset')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onApply({ ...draft, search: applied.search })}>
          {t('filters.showResults')}
        </button>
      </div>
    </section>
  );
}
