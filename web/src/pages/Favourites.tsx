import type { FavouriteCard } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { getFavouriteCards, getFavourites } from '../favourites/api.js';
import { FavouriteButton } from '../favourites/FavouriteButton.js';
import { forgetDeviceFavourites, syncFavourites, useFavourites } from '../favourites/store.js';
import { useSession } from '../session/session.js';
import { PropertyCard } from '../ui/PropertyCard.js';
import { Spinner } from '../ui/Spinner.js';
import '../i18n/parts/favourites.js';

/** The cache key of the favourites' cards: the account's or the device's, for this set of ids. */
const favouritesKey = (owner: string, ids: readonly string[]) => ['favourites', owner, [...ids].sort().join(',')] as const;

/** A favourite the public no longer sees, of which the device list was told nothing but that. */
function UnknownCard({ propertyId, note }: { propertyId: string; note: string }) {
  const { t } = useI18n();
  return (
    <article className="card unavailable">
      <div className="card-link">
        <div className="card-media">
          <div className="card-placeholder" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="40" height="40">
              <path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" fill="currentColor" />
            </svg>
          </div>
        </div>
        <div className="card-body">
          <h3 className="card-title">{t('favourites.unknownListing')}</h3>
        </div>
      </div>
      <p className="card-note">{note}</p>
      <FavouriteButton propertyId={propertyId} title={t('favourites.unknownListing')} />
    </article>
  );
}

/**
 * /favourites (docs/api.md#favourites): the listings kept with the heart, as search cards; one no
 * longer available stays, dimmed, with a note saying so. Signed out, the device's list (saved on
 * this phone only); signed in, the account's, into which the device list was merged at log-in.
 */
export default function Favourites() {
  const { t } = useI18n();
  const { user, loading, rememberRedirect } = useSession();
  const { ids } = useFavourites();
  const userId = user ? (user.id ?? user._id) : null;
  const query = useQuery({
    queryKey: favouritesKey(userId ? `account:${userId}` : 'device', ids),
    queryFn: async ({ signal }): Promise<FavouriteCard[]> => {
      if (!userId) return ids.length > 0 ? (await getFavouriteCards(ids, signal)).favourites : [];
      // Right after log-in the device list is being merged: the account's list is read after it.
      await syncFavourites(userId);
      return (await getFavourites(signal)).favourites;
    },
    enabled: !loading,
    placeholderData: keepPreviousData,
  });
  const fromDevice = !user && query.data && !query.isPlaceholderData;
  useEffect(() => {
    // Listings deleted since they were kept have no card: the device list forgets them.
    if (!fromDevice) return;
    const answered = new Set(query.data.map((card) => card.propertyId));
    forgetDeviceFavourites(ids.filter((id) => !answered.has(id)));
  }, [fromDevice, query.data, ids]);

  // What the hearts say now: one taken off this page leaves it at once.
  const cards = (query.data ?? []).filter((card) => ids.includes(card.propertyId));
  const note = (card: FavouriteCard) => (card.available ? undefined : t(`favourites.${card.state === 'available' ? 'unavailable' : card.state}`));

  return (
    <div className="container page favourites">
      <h1>{t('favourites.title')}</h1>
      {cards.length > 0 ? <p className="muted">{t('favourites.count', { count: cards.length })}</p> : null}
      {!user && !loading && cards.length > 0 ? (
        <p className="notice">
          {t('favourites.onDevice')}{' '}
          <Link to="/login" onClick={() => rememberRedirect('/favourites', { force: true })}>
            {t('nav.login')}
          </Link>
        </p>
      ) : null}
      {query.isPending || loading ? (
        <Spinner />
      ) : query.isError && !query.data ? (
        <div className="favourites-empty">
          <p>{t('favourites.loadFailed')}</p>
          <button type="button" className="btn btn-outline" onClick={() => void query.refetch()}>
            {t('favourites.retry')}
          </button>
        </div>
      ) : cards.length === 0 ? (
        <div className="favourites-empty">
          <h2>{t('favourites.empty')}</h2>
          <p className="muted">{t('favourites.emptyHint')}</p>
          <Link to="/" className="btn btn-primary">
            {t('favourites.browse')}
          </Link>
        </div>
      ) : (
        <div className="grid">
          {cards.map((card) =>
            card.property ? (
              <PropertyCard key={card.propertyId} property={card.property} note={note(card)} />
            ) : (
              <UnknownCard key={card.propertyId} propertyId={card.propertyId} note={note(card) ?? t('favourites.unavailable')} />
            ),
          )}
        </div>
      )}
    </div>
  );
}
