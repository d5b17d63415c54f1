import { labelOf, propertyDetailsPath, type PropertyRead } from '@mboa/contracts';
import { FactList } from '@mboa/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, currentMessages, useI18n, type Formatter, type TFunction } from '@mboa/web-core';
import { getProperty } from '../api/endpoints.js';
import { Gallery } from '../details/Gallery.js';
import { MessageLandlord } from '../details/MessageLandlord.js';
import { MoveInCost } from '../details/MoveInCost.js';
import { OwnerCard } from '../details/OwnerCard.js';
import { DetailsChecks } from '../ui/ListingChecks.js';
import { ReportListing } from '../details/ReportListing.js';
import { FavouriteButton } from '../favourites/FavouriteButton.js';
import { AvailabilityAge } from '../freshness/AvailabilityAge.js';
import { TypicalPrice } from '../details/TypicalPrice.js';
import { WhereItIs } from '../details/WhereItIs.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import { useHydrated } from '../ui/useHydrated.js';
import { servedWithPage } from '../page-state.js';
import { propertyKey } from './queryKeys.js';

// Below the fold or opened by a tap: their code comes after the first screen.
const SimilarListings = lazy(() => import('../details/SimilarListings.js').then((m) => ({ default: m.SimilarListings })));
const ShareDialog = lazy(() => import('../details/ShareDialog.js').then((m) => ({ default: m.ShareDialog })));

async function loadProperty(id: string, signal: AbortSignal): Promise<PropertyRead> {
  const property = await getProperty(id, signal);
  if (!property || typeof property !== 'object') throw new ApiError(404, currentMessages().property.notFound);
  return property;
}

function specRows(p: PropertyRead, t: TFunction, format: Formatter): [string, string][] {
  const s = p.specifications ?? ({} as PropertyRead['specifications']);
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '-' : format.number(v));
  const caution: [string, string] = [t('details.caution'), p.caution ? format.price(p.caution) : '-'];
  if (p.category === 'commercial') {
    return [
      [t('details.sections'), n(s.sections)],
      [t('details.size'), format.size(s.size)],
      [t('details.toilets'), n(s.toilets)],
      [t('details.distanceFromRoad'), format.distance(s.distanceFromRoad)],
      caution,
    ];
  }
  return [
    [t('details.bedrooms'), n(s.bedrooms)],
    [t('details.toilets'), n(s.toilets)],
    [t('details.livingRooms'), n(s.livingRooms)],
    [t('details.kitchens'), n(s.kitchens)],
    [t('details.size'), format.size(s.size)],
    [t('details.distanceFromRoad'), format.distance(s.distanceFromRoad)],
    caution,
  ];
}

export default function PropertyDetails() {
  const { t, m, format, language } = useI18n();
  const { id = '' } = useParams();
  const [shareOpen, setShareOpen] = useState(false);
  const hydrated = useHydrated();
  // Drawn by the server with the page: not asked again when the browser takes it over.
  const served = servedWithPage(propertyKey(id));
  const query = useQuery({
    queryKey: propertyKey(id),
    queryFn: ({ signal }) => loadProperty(id, signal),
    refetchOnMount: !served,
    retryOnMount: !served,
  });
  const title = query.data?.title;

  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = `${title} – ${t('app.name')}`;
    return () => {
      document.title = previous;
    };
    // `language`: the title follows a switch of language like the rest of the page.
  }, [title, t, language]);

  if (query.isPending) {
    return (
      <div className="container page details" aria-busy="true">
        <div className="skeleton gallery-skeleton" />
        <div className="skeleton line w80" />
        <div className="skeleton line w50" />
      </div>
    );
  }
  if (query.isError) {
    const { error } = query;
    return (
      <div className="container page narrow center">
        <p className="form-error" role="alert">
          {error instanceof ApiError && error.status !== 404 ? error.message : m.property.notFound}
        </p>
        <Link to="/" className="btn btn-outline">
          {t('details.back')}
        </Link>
      </div>
    );
  }

  const p = query.data;
  const propertyId = p.id ?? p._id;
  const town = p.town ?? p.location?.town ?? '';
  const neighbourhood = p.neighbourhood ?? p.location?.neighbourhood ?? '';
  const images = (p.propertyImages ?? []).length
    ? p.propertyImages
    : p.thumbnail
      ? [{ url: p.thumbnail, alt: p.title, width: 320, height: 240 }]
      : [];
  const typeLabel = t(`labels.propertyType.${p.propertyType}`, { defaultValue: p.propertyType });
  const amenities = p.amenities ?? [];

  return (
    <div className="container page details">
      <Link to="/" className="back-link">
        {t('details.back')}
      </Link>
      <Gallery images={images} title={p.title} />

      <header className="details-head">
        <div>
          <h1>{p.title}</h1>
          <p className="muted">{[neighbourhood, town].filter(Boolean).join(', ')}</p>
          <AvailabilityAge confirmedAt={p.availabilityConfirmedAt} />
        </div>
        <div className="details-head-side">
          <StatusBadge status={p.status} />
          <FavouriteButton propertyId={p.id ?? p._id} title={p.title} />
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setShareOpen(true)}>
            {t('details.share')}
          </button>
        </div>
      </header>
      {/* Under the title on a phone, in the contact card on a large screen (styles.css): chosen by the
          stylesheet, not by script, so the page the server drew does not move when it is taken over. */}
      <p className="details-price details-price-phone">{format.priceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm)}</p>
      {p.isVerified === false ? <p className="notice">{t('details.underReview')}</p> : null}

      <div className="details-layout">
        <div className="details-main">
          <div className="details-columns">
            <section className="panel">
              <h2>{t('details.specifications')}</h2>
              <FactList className="spec-grid" rows={specRows(p, t, format)} />
            </section>
            <section className="panel">
              <h2>{t('details.overview')}</h2>
              <dl className="spec-grid">
                <div>
                  <dt>{t('details.category')}</dt>
                  <dd>{t(`labels.category.${p.category}`, { defaultValue: p.category })}</dd>
                </div>
                <div>
                  <dt>{t('details.propertyType')}</dt>
                  <dd>{typeLabel}</dd>
                </div>
                <div className="wide">
                  <dt>{t('details.location')}</dt>
                  <dd>{[neighbourhood, town, p.location?.country && labelOf('country', p.location.country, language)].filter(Boolean).join(', ')}</dd>
                </div>
              </dl>
            </section>
          </div>

          <section className="panel">
            <h2>{t('details.description')}</h2>
            <p className="prewrap">{p.description?.trim() ? p.description : m.property.noDescription}</p>
          </section>

          <WhereItIs property={p} />

          <section className="panel">
            <h2>{t('details.amenities')}</h2>
            {amenities.length ? (
              <ul className="amenities">
                {amenities.map((a) => (
                  <li key={a}>{t(`labels.amenity.${a}`, { defaultValue: a })}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('details.noAmenities')}</p>
            )}
          </section>
        </div>
        <aside className="details-aside">
          <div className="panel contact-card">
            <p className="details-price details-price-desktop">{format.priceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm)}</p>
            {/* The caution is a line of the move-in cost just below (and of the specifications). */}
            <MoveInCost property={p} />
            <TypicalPrice property={p} />
            {p.author?.name ? <p className="muted small">{t('details.postedBy', { name: p.author.name })}</p> : null}
            <OwnerCard owner={p.owner} />
            <DetailsChecks checks={p.checks} />
            <MessageLandlord property={p} />
            <ReportListing property={p} />
          </div>
        </aside>
      </div>
      {/* After the page is taken over: the server never waits for (or draws) code it left for later. */}
      {hydrated ? (
        <Suspense fallback={null}>
          <SimilarListings propertyId={propertyId} />
        </Suspense>
      ) : null}
      {shareOpen ? (
        <Suspense fallback={null}>
          <ShareDialog open onClose={() => setShareOpen(false)} url={`${window.location.origin}${propertyDetailsPath(propertyId)}`} title={p.title} />
        </Suspense>
      ) : null}
    </div>
  );
}
