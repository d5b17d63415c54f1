import type { SearchSort } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { sortOptions, toSort } from './filters.js';

interface SortSelectProps {
  id: string;
  value: SearchSort;
  onChange: (sort: SearchSort) => void;
  /** The place distances are measured from: offers "nearest first" when set. */
  near?: string;
}

/**
 * The order of the results in the filters panel: newest first, or by price. Prices are compared per
 * month (a daily 5 000 FCFA is dearer than a monthly 60 000), which the hint tells the renter.
 */
export function SortSelect({ id, value, onChange, near = '' }: SortSelectProps) {
  const { t } = useI18n();
  // The hint sits outside the label, so the control's name stays "Sort by" and the hint is its description.
  return (
    <div className="field">
      <label htmlFor={id}>{t('searchSort.label')}</label>
      <select id={id} value={value} aria-describedby={`${id}-hint`} onChange={(e) => onChange(toSort(e.target.value))}>
        {sortOptions(t, near).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="muted small">
        {t('searchSort.hint')}
      </p>
    </div>
  );
}
