import { photoSources, type PhotoMatch } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { Link } from 'react-router';
import { reviewPath } from '../logic/menus.js';
import { Modal } from './Modal.js';

/**
 * Reused photos (docs/api.md#reused-photos): each photo of this listing that is the same picture as
 * a photo of another owner's earlier listing, shown beside that photo with a link to the other
 * listing's review, so staff can judge a copied listing before approving it.
 */
export function PhotoMatchesPanel({ matches }: { matches: PhotoMatch[] }) {
  const { t } = useI18n();
  if (matches.length === 0) return null;
  return (
    <section className="panel panel-warning" aria-labelledby="photo-matches-title" data-testid="photo-matches">
      <h2 id="photo-matches-title">{t('review.matches.title')}</h2>
      <p>{t('review.matches.intro')}</p>
      <ul className="match-list">
        {matches.map((match) => (
          <li key={`${match.imageUrl} ${match.matchedImageUrl}`} className="match">
            <p className="match-where">
              {t('review.matches.alsoIn')} <Link to={reviewPath(match.matchedPropertyId)}>{match.matchedPropertyTitle}</Link>
            </p>
            <div className="match-pair">
              <figure>
                <MatchPhoto url={match.imageUrl} alt={t('review.matches.thisPhoto')} />
                <figcaption>{t('review.matches.thisListing')}</figcaption>
              </figure>
              <figure>
                <MatchPhoto url={match.matchedImageUrl} alt={t('review.matches.otherPhoto', { title: match.matchedPropertyTitle })} />
                <figcaption>{t('review.matches.otherListing')}</figcaption>
              </figure>
            </div>
            <p className="muted small">
              {match.distance === 0 ? t('review.matches.identical') : t('review.matches.nearly', { distance: match.distance })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Half the panel's width on a laptop, half the screen on a phone: the small variant is enough on a phone. */
function MatchPhoto({ url, alt }: { url: string; alt: string }) {
  const photo = photoSources(url);
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.srcSet ? '(min-width: 768px) 360px, 45vw' : undefined}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The other listings this listing's photos appear in, each once, in the order of the matches. */
export function matchedListings(matches: PhotoMatch[]): { id: string; title: string }[] {
  const found = new Map<string, string>();
  for (const match of matches) if (!found.has(match.matchedPropertyId)) found.set(match.matchedPropertyId, match.matchedPropertyTitle);
  return [...found].map(([id, title]) => ({ id, title }));
}

/** Approve asks this first when photos match: it names the listings they also appear in. */
export function ApproveDespiteMatchesDialog({
  matches,
  onCancel,
  onConfirm,
}: {
  matches: PhotoMatch[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  const photos = new Set(matches.map((match) => match.imageUrl)).size;
  return (
    <Modal
      open
      title={t('review.matches.confirmTitle')}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('app.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {t('review.matches.confirm')}
          </button>
        </>
      }
    >
      <p className="confirm-text">{t('review.matches.confirmText', { count: photos })}</p>
      <ul className="confirm-list">
        {matchedListings(matches).map((listing) => (
          <li key={listing.id}>{listing.title}</li>
        ))}
      </ul>
    </Modal>
  );
}
