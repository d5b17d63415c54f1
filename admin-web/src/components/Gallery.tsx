import { photoSources, type PropertyImage } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useEffect, useState } from 'react';
import { Modal } from './Modal.js';

/** Every photo as a thumbnail; a click opens a full-screen lightbox with previous / next (also ← →). */
export function Gallery({ images, title }: { images: PropertyImage[]; title: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const count = images.length;

  useEffect(() => {
    if (open === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setOpen((i) => (i === null ? i : (i + 1) % count));
      if (event.key === 'ArrowLeft') setOpen((i) => (i === null ? i : (i - 1 + count) % count));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count]);

  if (count === 0) return <p className="muted">{t('review.noPhotos')}</p>;
  const current = open === null ? null : images[open];

  return (
    <>
      <ul className="thumbs">
        {images.map((img, i) => (
          <li key={img.url}>
            <button type="button" className="thumb" onClick={() => setOpen(i)} aria-label={t('review.openPhoto', { n: i + 1 })}>
              <Photo image={img} alt={img.alt || title} sizes="160px" lazy />
            </button>
          </li>
        ))}
      </ul>
      <Modal open={current !== null} title={open === null ? '' : t('review.photoOf', { n: open + 1, total: count })} onClose={() => setOpen(null)} className="lightbox">
        {current ? (
          <div className="lightbox-body">
            <Photo image={current} alt={current.alt || title} sizes="(min-width: 1000px) 960px, 100vw" />
            {count > 1 ? (
              <div className="lightbox-nav">
                <button type="button" className="btn btn-outline" onClick={() => setOpen((i) => ((i ?? 0) - 1 + count) % count)}>
                  ← {t('review.previousPhoto')}
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setOpen((i) => ((i ?? 0) + 1) % count)}>
                  {t('review.nextPhoto')} →
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </>
  );
}

/**
 * A photo in the variant its box needs: a 160 px thumbnail takes the small file, the lightbox the
 * large one; the stored size keeps the box from jumping while it loads.
 */
function Photo({ image, alt, sizes, lazy }: { image: PropertyImage; alt: string; sizes: string; lazy?: boolean }) {
  const photo = photoSources(image.url, image.width && image.height ? image : undefined);
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.srcSet ? sizes : undefined}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}
