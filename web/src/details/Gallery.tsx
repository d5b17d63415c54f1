import { LIMITS, PHOTO_SIZES, photoSources, type PropertyImage } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { photoLoading } from '../ui/photo-loading.js';

type Img = Pick<PropertyImage, 'url' | 'alt'> & Partial<Pick<PropertyImage, 'width' | 'height'>>;

/** Left/right swipe beyond the 10 px threshold (`LIMITS.gallery`); anything shorter is a tap. */
export function swipeDirection(startX: number, endX: number): -1 | 0 | 1 {
  const dx = endX - startX;
  if (Math.abs(dx) <= LIMITS.gallery.swipeThresholdPx) return 0;
  return dx < 0 ? 1 : -1;
}

function useSwipe(onMove: (direction: -1 | 1) => void) {
  const start = useRef<number | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      start.current = e.touches[0]?.clientX ?? null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const end = e.changedTouches[0]?.clientX;
      if (start.current !== null && end !== undefined) {
        const d = swipeDirection(start.current, end);
        if (d !== 0) onMove(d);
      }
      start.current = null;
    },
  };
}

/**
 * A photo in the variant its box needs (`sizes`, from the layout). `eager`: the first photo, the
 * page's largest paint, fetched before anything else (the gateway's page head preloads it too).
 */
function Picture({ image, eager, sizes }: { image: Img; eager?: boolean; sizes: string }) {
  const photo = photoSources(image.url, image.width && image.height ? { width: image.width, height: image.height } : undefined);
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.srcSet ? sizes : undefined}
      alt={image.alt}
      width={photo.width}
      height={photo.height}
      {...photoLoading(eager)}
    />
  );
}

export function Gallery({ images, title }: { images: Img[]; title: string }) {
  const { t, m } = useI18n();
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const count = images.length;
  const go = (d: -1 | 1) => setIndex((i) => (i + d + count) % count);
  const swipe = useSwipe(go);
  // The carousel holds the photos shown so far and the next one. Native lazy loading would fetch
  // every slide (they sit just beside the screen), up to ten large photos a visitor may never swipe to.
  // Kept in state and grown while rendering (React's pattern for state that follows other state), so
  // React knows the slides it renders depend on it.
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set());
  const wanted = [index, (index + 1) % Math.max(count, 1)];
  if (wanted.some((i) => !seen.has(i))) setSeen(new Set([...seen, ...wanted]));

  if (count === 0) {
    return (
      <div className="gallery-empty" role="img" aria-label={t('details.noPhotos')}>
        <span>{t('details.noPhotos')}</span>
      </div>
    );
  }

  const { thumbnails } = LIMITS.gallery;
  const thumbs = images.slice(1, 1 + thumbnails);
  const extra = count - 1 - thumbs.length;

  // Both layouts are in the page and the stylesheet shows one (the grid from 768 px, DESKTOP in
  // ui/useMediaQuery.ts): a page the server drew keeps its layout when the browser takes it over.
  // The first photo is the same file in both (same candidates and sizes), so it is fetched once;
  // the grid's other photos load lazily, so a hidden grid costs no download.
  return (
    <>
        <div className={`gallery-grid gallery-desktop${thumbs.length ? '' : ' single'}`}>
          <button type="button" className="gallery-main" onClick={() => setLightbox(0)} aria-label={t('details.openGallery')}>
            <Picture image={images[0]} eager sizes={thumbs.length ? PHOTO_SIZES.detailsMain : PHOTO_SIZES.detailsMainAlone} />
          </button>
          {thumbs.map((image, i) => (
            <button key={image.url} type="button" className="gallery-thumb" onClick={() => setLightbox(i + 1)} aria-label={t('details.photo', { n: i + 2, total: count })}>
              <Picture image={image} sizes={PHOTO_SIZES.detailsThumb} />
            </button>
          ))}
          {count > 1 ? (
            <button type="button" className="btn btn-light gallery-more" onClick={() => setLightbox(thumbs.length + 1 < count ? thumbs.length + 1 : 0)}>
              {m.ui.viewMore}
              {extra > 0 ? ` (+${extra})` : ''}
            </button>
          ) : null}
        </div>
        <div className="carousel gallery-phone" aria-roledescription={t('details.carousel')} aria-label={t('details.gallery')} {...swipe}>
          <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
            {images.map((image, i) => (
              <button
                key={image.url}
                type="button"
                className="carousel-slide"
                aria-hidden={i !== index}
                tabIndex={i === index ? 0 : -1}
                aria-label={t('details.photo', { n: i + 1, total: count })}
                onClick={() => setLightbox(i)}
              >
                {seen.has(i) ? (
                  <Picture image={image} eager={i === 0} sizes={count > 1 ? PHOTO_SIZES.detailsMain : PHOTO_SIZES.detailsMainAlone} />
                ) : null}
              </button>
            ))}
          </div>
          {count > 1 ? (
            <>
              <button type="button" className="carousel-arrow prev" aria-label={t('details.previous')} onClick={() => go(-1)}>
                ‹
              </button>
              <button type="button" className="carousel-arrow next" aria-label={t('details.next')} onClick={() => go(1)}>
                ›
              </button>
              <div className="dots">
                {images.map((image, i) => (
                  <button
                    key={image.url}
                    type="button"
                    className={`dot${i === index ? ' on' : ''}`}
                    aria-label={t('details.goToPhoto', { n: i + 1 })}
                    aria-current={i === index}
                    onClick={() => setIndex(i)}
                  />
                ))}
              </div>
            </>
          ) : null}
        </div>
      {lightbox !== null ? <Lightbox images={images} start={lightbox} title={title} onClose={() => setLightbox(null)} /> : null}
    </>
  );
}

function Lightbox({ images, start, title, onClose }: { images: Img[]; start: number; title: string; onClose: () => void }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(start);
  const count = images.length;
  const go = (d: -1 | 1) => setIndex((i) => (i + d + count) % count);
  const swipe = useSwipe(go);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const image = images[index];
  return (
    <div className="lightbox" role="dialog" aria-modal="true" aria-label={`${title}: ${t('details.photo', { n: index + 1, total: count })}`} {...swipe}>
      <button ref={closeRef} type="button" className="lightbox-close" aria-label={t('app.close')} onClick={onClose}>
        ×
      </button>
      <img src={image.url} alt={image.alt} />
      <p className="lightbox-count">{t('details.photo', { n: index + 1, total: count })}</p>
      {count > 1 ? (
        <>
          <button type="button" className="lightbox-arrow prev" aria-label={t('details.previous')} onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="lightbox-arrow next" aria-label={t('details.next')} onClick={() => go(1)}>
            ›
          </button>
        </>
      ) : null}
    </div>
  );
}
