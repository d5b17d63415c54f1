import { CARD_THUMBNAIL_ONLY, PHOTO_SIZES, photoSources, propertyDetailsPath, type PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { Link } from 'react-router';
import { FavouriteButton } from '../favourites/FavouriteButton.js';
import { CardChecks } from './ListingChecks.js';
import { photoLoading } from './photo-loading.js';

/** A card's frame is 4:3; the size is given up front so nothing shifts while the photo loads. */
export const CARD_IMAGE = { width: 320, height: 240 } as const;

/**
 * `first`: the top card, likely the page's largest paint, so its photo is fetched at once and before
 * others; every other card's photo waits until it comes near the screen. `note`: the listing is no
 * longer available (a favourite): the card is shown dimmed with the note, and opens nothing.
 */
export function PropertyCard({ property, first, note }: { property: PropertyRead; first?: boolean; note?: string }) {
  const { t, format } = useI18n();
  const id = property.id ?? property._id;
  const place = [property.town ?? property.location?.town, property.neighbourhood ?? property.location?.neighbourhood]
    .filter(Boolean)
    .join(', ');
  const photo = property.thumbnail ? photoSources(property.thumbnail, property.propertyImages?.[0]) : null;
  const typeLabel = property.propertyType
    ? t(`labels.propertyType.${property.propertyType}`, { defaultValue: property.propertyType })
    : property.propertyType;
  const content = (
    <>
      <div className="card-media">
        {photo ? (
          <picture>
            {photo.srcSet ? <source media={CARD_THUMBNAIL_ONLY} srcSet={photo.src} /> : null}
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes={photo.srcSet ? PHOTO_SIZES.card : undefined}
              alt={property.title}
              width={CARD_IMAGE.width}
              height={CARD_IMAGE.height}
              {...photoLoading(first)}
            />
          </picture>
        ) : (
          <div className="card-placeholder" role="img" aria-label={t('home.photoPlaceholder')}>
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
              <path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" fill="currentColor" />
            </svg>
          </div>
        )}
        {typeLabel ? <span className="card-tag">{typeLabel}</span> : null}
      </div>
      <div className="card-body">
        <h3 className="card-title">{property.title}</h3>
        <p className="card-place">{place}</p>
        <p className="card-price">{format.priceWithTerm(property.price, property.paymentTerms ?? property.paymentTerm)}</p>
        {typeof property.distanceKm === 'number' ? <p className="card-distance">{t('map.aboutKm', { km: format.number(property.distanceKm) })}</p> : null}
        <CardChecks checks={property.checks} />
      </div>
    </>
  );
  return (
    <article className={note ? 'card unavailable' : 'card'}>
      {note ? (
        <div className="card-link">{content}</div>
      ) : (
        <Link to={propertyDetailsPath(id)} className="card-link">
          {content}
        </Link>
      )}
      {note ? <p className="card-note">{note}</p> : null}
      <FavouriteButton propertyId={id} title={property.title} />
    </article>
  );
}

export function SkeletonCard() {
  return (
    <div className="card skeleton-card" aria-hidden="true">
      <div className="card-media skeleton" />
      <div className="card-body">
        <div className="skeleton line w80" />
        <div className="skeleton line w50" />
        <div className="skeleton line w40" />
      </div>
    </div>
  );
}
