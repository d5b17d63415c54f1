import { labelOf, whatsappLink, type PhotoReviewAction, type PropertyRead, type ReviewAction } from '@mboa/contracts';
import { FactList, useToast } from '@mboa/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { getProperty, reviewHeldPhotos, reviewProperty } from '../api/admin.js';
import { ApiError, useI18n } from '@mboa/web-core';
import { PropertyStatusBadge, ReviewBadge } from '../components/badges.js';
import { EditPropertyDialog } from '../components/EditPropertyDialog.js';
import { Gallery } from '../components/Gallery.js';
import { PriceCheckWarning } from '../components/PriceCheckWarning.js';
import { TextFlagsWarning } from '../components/TextFlagsWarning.js';
import { ApproveDespiteMatchesDialog, PhotoMatchesPanel } from '../components/PhotoMatches.js';
import { ListState } from '../components/ListState.js';
import { ReviewDecision } from '../components/ReviewDecision.js';
import { useLoad } from '../components/useLoad.js';
import { adminPriceWithTerm, formatDate } from '../logic/format.js';
import { reportAccessLost } from '../session/access.js';
import { PinView } from '../components/PinView.js';

/** One property in any state: photos, details, specifications, owner, and the review decision. */
export default function PropertyReview() {
  const { t, m, language } = useI18n();
  const { id = '' } = useParams();
  const notify = useToast();
  const [editing, setEditing] = useState(false);
  const loaded = useLoad(['admin', 'property', id], (signal) => getProperty(id, signal));
  const p = loaded.data;
  const photoMatches = p?.photoMatches ?? [];

  async function decide(action: ReviewAction, feedback: string) {
    try {
      const reply = await reviewProperty(id, action, feedback);
      notify('success', reply?.message || (action === 'approve' ? m.property.approved : m.property.rejected));
      await untilDecisionShows(id, action, feedback);
    } catch (error) {
      reportAccessLost(error);
      notify('error', error instanceof ApiError && error.message ? error.message : m.property.updateFailed);
    }
    // Either way the screen shows the property as the server now has it.
    loaded.reload();
  }

  async function decidePhotos(action: PhotoReviewAction) {
    try {
      const reply = await reviewHeldPhotos(id, action);
      notify('success', reply.message);
    } catch (error) {
      reportAccessLost(error);
      notify('error', error instanceof ApiError && error.message ? error.message : m.property.updateFailed);
    }
    loaded.reload();
  }

  if (!p) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <section>
        <Link to="/properties" className="back-link">
          {t('review.back')}
        </Link>
        {notFound ? (
          <p className="field-error">{m.property.notFound}</p>
        ) : (
          <ListState loading={loaded.loading} error={loaded.error} empty emptyText={m.property.notFound} onRetry={loaded.reload} />
        )}
      </section>
    );
  }

  return (
    <section className="review">
      <Link to="/properties" className="back-link">
        {t('review.back')}
      </Link>
      <div className="review-head">
        <div>
          <h1>{p.title}</h1>
          <p className="muted">
            {p.town}
            {p.neighbourhood ? `, ${p.neighbourhood}` : ''} · {adminPriceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm, language)}
          </p>
        </div>
        <div className="badges">
          <PropertyStatusBadge status={p.status} />
          <ReviewBadge isVerified={p.isVerified} reviewState={p.review?.state} />
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
            {t('menu.edit')}
          </button>
        </div>
      </div>

      <PhotoMatchesPanel matches={photoMatches} />

      <TextFlagsWarning property={p} />

      <PriceCheckWarning property={p} />

      <div className="review-grid">
        <div className="stack">
          <div className="panel">
            <h2>{t('review.photos')}</h2>
            <Gallery images={(p.propertyImages ?? []).filter((image) => !image.awaitingReview)} title={p.title} />
          </div>
          <HeldPhotos p={p} onDecide={decidePhotos} />
          <div className="panel">
            <h2>{t('review.details')}</h2>
            <Details p={p} />
            <h3>{t('review.description')}</h3>
            <p className="pre">{p.description?.trim() || m.property.noDescription}</p>
            <h3>{t('review.amenities')}</h3>
            <p>{p.amenities?.length ? p.amenities.map((a) => t(`labels.amenity.${a}`, { defaultValue: a })).join(', ') : t('review.none')}</p>
          </div>
          <div className="panel">
            <h2>{t('review.specifications')}</h2>
            <Specifications p={p} />
          </div>
          <div className="panel">
            <h2>{t('pin.title')}</h2>
            <PinView pin={p.location?.pin} landmark={p.location?.landmark} />
          </div>
        </div>
        <div className="stack">
          <div className="panel">
            <h2>{t('review.author')}</h2>
            <p>
              <strong>{p.author?.name}</strong>
              <br />
              <span className="muted">{p.author?.email}</span>
            </p>
            {p.author?.whatsapp ? (
              <a className="btn btn-whatsapp" href={whatsappLink(p.author.whatsapp)} target="_blank" rel="noopener noreferrer">
                {t('review.whatsappOwner')} ({p.author.whatsapp})
              </a>
            ) : null}
          </div>
          <div className="panel">
            <h2>{t('review.decision')}</h2>
            <ReviewDecision
              key={`${p.isVerified}-${p.review?.state ?? ''}`}
              isVerified={p.isVerified}
              previousFeedback={p.review?.state === 'rejected' ? p.review.feedback : undefined}
              onDecide={decide}
              confirmApproval={photoMatches.length ? (answer) => <ApproveDespiteMatchesDialog matches={photoMatches} {...answer} /> : undefined}
            />
          </div>
        </div>
      </div>

      {editing ? (
        <EditPropertyDialog
          property={p}
          onClose={() => setEditing(false)}
          onSaved={(updated, message) => {
            // The edit answers the public shape: what only the admin read carries (photo matches) stays as read.
            loaded.setData((current) => (current ? { ...current, ...updated } : current));
            setEditing(false);
            notify('success', message);
          }}
        />
      ) : null}
    </section>
  );
}

/** Photos the owner added after approval: the public sees none of them until staff accept them. */
function HeldPhotos({ p, onDecide }: { p: PropertyRead; onDecide: (action: PhotoReviewAction) => Promise<void> }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const held = (p.propertyImages ?? []).filter((image) => image.awaitingReview);
  if (held.length === 0) return null;
  const decide = (action: PhotoReviewAction) => {
    setBusy(true);
    void onDecide(action).finally(() => setBusy(false));
  };
  return (
    <div className="panel" aria-live="polite">
      <h2>{t('review.heldPhotos', { count: held.length })}</h2>
      <p className="muted">{t('review.heldPhotosHint')}</p>
      <Gallery images={held} title={p.title} />
      <div className="badges">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => decide('accept')}>
          {t('review.acceptPhotos')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => decide('refuse')}>
          {t('review.refusePhotos')}
        </button>
      </div>
    </div>
  );
}

function Details({ p }: { p: PropertyRead }) {
  const { t, language, format } = useI18n();
  const term = p.paymentTerms ?? p.paymentTerm;
  const rows: [string, string][] = [
    [t('review.category'), t(`labels.category.${p.category}`, { defaultValue: p.category })],
    [t('review.type'), t(`labels.propertyType.${p.propertyType}`, { defaultValue: p.propertyType })],
    [t('review.location'), [p.location?.neighbourhood, p.location?.town, p.location?.country && labelOf('country', p.location.country, language)].filter(Boolean).join(', ')],
    [t('review.price'), adminPriceWithTerm(p.price, term, language)],
    [t('review.paymentTerm'), term ? t(`labels.paymentTerm.${term}`, { defaultValue: term }) : ''],
    [t('review.caution'), format.adminPrice(p.caution ?? 0)],
    [t('review.status'), t(`labels.propertyStatus.${p.status}`, { defaultValue: p.status })],
    [t('review.posted'), formatDate(p.createdAt, format)],
  ];
  return <FactList className="facts" rows={rows} />;
}

function Specifications({ p }: { p: PropertyRead }) {
  const s = p.specifications ?? ({} as PropertyRead['specifications']);
  const { t, format } = useI18n();
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(v));
  const sp = t('review.spec', { returnObjects: true });
  const rows: [string, string][] =
    p.category === 'commercial'
      ? [
          [sp.sections, n(s.sections)],
          [sp.size, format.size(s.size)],
          [sp.toiletsCommercial, n(s.toilets)],
          [sp.distanceFromRoad, format.distance(s.distanceFromRoad)],
        ]
      : [
          [sp.bedrooms, n(s.bedrooms)],
          [sp.toilets, n(s.toilets)],
          [sp.kitchens, n(s.kitchens)],
          [sp.livingRooms, n(s.livingRooms)],
          [sp.size, format.size(s.size)],
          [sp.distanceFromRoad, format.distance(s.distanceFromRoad)],
        ];
  return <FactList className="facts" rows={rows} />;
}

/**
 * The decision reaches the property through an event a moment after the review answer; wait
 * (briefly) until the property shows it, so the screen never offers Approve/Reject again.
 */
async function untilDecisionShows(id: string, action: ReviewAction, feedback: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const property = await getProperty(id).catch(() => undefined);
    if (property && (action === 'approve' ? property.isVerified : property.review?.state === 'rejected' && property.review.feedback === feedback)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
