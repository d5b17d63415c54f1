import { useI18n } from '@mboa/web-core';
import { useToast } from '../ui/toast.js';
import { FavouritesFullError, useFavourites } from './store.js';
import './favourites.css';

/**
 * The heart on every card and on the details page: a toggle (aria-pressed) named after the listing,
 * a 44 px target. It sits beside the card's link, never inside it, so a tap never opens the listing.
 */
export function FavouriteButton({ propertyId, title, className = '' }: { propertyId: string; title: string; className?: string }) {
  const { t, m } = useI18n();
  const notify = useToast();
  const { isFavourite, toggle } = useFavourites();
  const on = isFavourite(propertyId);
  const label = t('favourites.heart', { title });
  return (
    <button
      type="button"
      className={`fav-btn${on ? ' on' : ''} ${className}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      onClick={() => {
        toggle(propertyId).catch((error: unknown) => {
          const text = error instanceof FavouritesFullError ? m.favourites.tooMany : error instanceof Error && error.message ? error.message : t('favourites.failed');
          notify('error', text);
        });
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 20.5s-7.6-4.6-9.5-9.3C1 7.8 3.2 4.5 6.7 4.5c2.2 0 3.8 1.2 5.3 3.1 1.5-1.9 3.1-3.1 5.3-3.1 3.5 0 5.7 3.3 4.2 6.7-1.9 4.7-9.5 9.3-9.5 9.3z" />
      </svg>
    </button>
  );
}
