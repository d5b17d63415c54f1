import { isKnownTown, OTHER_TOWN_OPTION, searchTowns, canonicalTown } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useId, useRef, useState } from 'react';

interface TownSelectProps {
  value: string;
  onChange: (town: string) => void;
  label?: string;
  required?: boolean;
}

/**
 * Searchable town dropdown: at most 10 matching towns (`LIMITS.townSuggestions`) then 'Other (please specify)',
 * which opens a free-text field for a town that is not in the list. The state keeps the option's
 * stored value (OTHER_TOWN_OPTION); the reader sees it worded in their language.
 */
export function TownSelect({ value, onChange, label: givenLabel, required }: TownSelectProps) {
  const { t, m } = useI18n();
  const label = givenLabel ?? t('town.label');
  const optionText = (option: string) => (option === OTHER_TOWN_OPTION ? m.ui.otherTown : option);
  const id = useId();
  const listId = `${id}-list`;
  const [other, setOther] = useState(() => value.trim() !== '' && !isKnownTown(value));
  const [query, setQuery] = useState(() => (value ? (isKnownTown(value) ? canonicalTown(value) : OTHER_TOWN_OPTION) : ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // The value this field last showed or sent; a different one came from outside.
  const [shown, setShown] = useState(value);
  const emit = (town: string) => {
    setShown(town);
    onChange(town);
  };

  // Follows changes made from outside (Clear all, a chip removed), not our own: adjusted while
  // rendering, so the field never shows the old town for a frame.
  if (value !== shown) {
    setShown(value);
    if (value === '') {
      setQuery('');
      setOther(false);
    } else if (isKnownTown(value)) {
      setQuery(canonicalTown(value));
      setOther(false);
    } else {
      setQuery(OTHER_TOWN_OPTION);
      setOther(true);
    }
  }

  const options: string[] = [...searchTowns(other ? '' : query), OTHER_TOWN_OPTION];

  function choose(option: string) {
    setOpen(false);
    if (option === OTHER_TOWN_OPTION) {
      setOther(true);
      setQuery(OTHER_TOWN_OPTION);
      emit('');
      return;
    }
    setOther(false);
    setQuery(option);
    emit(option);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  return (
    <div className="field town-select">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="combo">
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder={t('town.placeholder')}
          value={optionText(query)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOther(false);
            setOpen(true);
            setActive(0);
            // Typing a new search clears the chosen town until one is picked.
            if (value) emit('');
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {query ? (
          <button
            type="button"
            className="combo-clear"
            aria-label={t('town.clear')}
            onClick={() => {
              setQuery('');
              setOther(false);
              emit('');
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
        {open ? (
          <ul id={listId} role="listbox" className="combo-list" aria-label={label}>
            {options.map((option, index) => (
              <li
                key={option}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(option);
                }}
              >
                {optionText(option)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {other ? (
        <label className="field">
          <span>{t('town.customLabel')}</span>
          <input
            autoFocus
            value={value}
            placeholder={t('town.customPlaceholder')}
            onChange={(e) => emit(e.target.value)}
            maxLength={100}
            required={required}
          />
        </label>
      ) : null}
    </div>
  );
}
