import type { PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { getSimilarListings } from '../api/endpoints.js';
import { PropertyCard } from '../ui/PropertyCard.js';
import { similarKey } from '../pages/queryKeys.js';

/** Start loading a little before the section scrolls into view, so the cards are there when it does. */
const AHEAD = '300px';

/**
 * Whether the element has come near the screen once. Without IntersectionObserver nothing is
 * loaded: the section is extra, and the first screen must never wait for it.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (near || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * "Similar listings" at the bottom of the details page (docs/api.md#similar-listings): up to six
 * public listings of the same category and town, as search cards. Read only once the bottom of the
 * page comes near the screen; nothing is shown while it loads, when there are none or when the
 * call fails (the page is complete without it).
 */
export function SimilarListings({ propertyId }: { propertyId: string }) {
  const { t } = useI18n();
  const anchor = useRef<HTMLDivElement>(null);
  const near = useNearScreen(anchor);
  const query = useQuery({
    queryKey: similarKey(propertyId),
    queryFn: ({ signal }) => getSimilarListings(propertyId, signal),
    enabled: near,
    retry: false,
  });
  const properties: PropertyRead[] = Array.isArray(query.data?.properties) ? query.data.properties : [];
  return (
    <div ref={anchor} className="similar-listings">
      {properties.length ? (
        <section aria-labelledby="similar-listings-title">
          <h2 id="similar-listings-title">{t('similar.title')}</h2>
          <div className="grid">
            {properties.map((p) => (
              <PropertyCard key={p.id ?? p._id} property={p} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
