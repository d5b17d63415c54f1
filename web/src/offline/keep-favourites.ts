import { PHOTO_SIZES, photoSources, type PropertyRead } from '@mboa/contracts';
import { prefetchProperty } from '../api/endpoints.js';
import { favouriteIds, subscribeFavourites } from '../favourites/store.js';

/**
 * A listing someone hearts stays readable offline: its details and its main photo are fetched once,
 * through the service worker, which keeps them (mboa-details, mboa-photos). Only a heart pressed
 * on this page counts (one id added in front, as toggleFavourite does): a list read or merged at
 * log-in is not downloaded in bulk over mobile data.
 */
export function keepFavouritesOffline(loadPhoto: (photo: PhotoToKeep) => void = loadLikeTheDetailsPage): () => void {
  let known = new Set(favouriteIds());
  return subscribeFavourites(() => {
    const ids = favouriteIds();
    const added = ids.filter((id) => !known.has(id));
    known = new Set(ids);
    if (added.length === 1 && ids[0] === added[0]) void keepForOffline(added[0], loadPhoto);
  });
}

/** A photo as the details page's gallery asks for it. */
export interface PhotoToKeep {
  src: string;
  srcSet?: string;
  sizes?: string;
}

async function keepForOffline(id: string, loadPhoto: (photo: PhotoToKeep) => void): Promise<void> {
  // Without a worker nothing would be kept: no download for nothing.
  if (!navigator.serviceWorker?.controller) return;
  let property: PropertyRead;
  try {
    property = await prefetchProperty(id);
  } catch {
    return;
  }
  const images = property.propertyImages ?? [];
  const first = images[0] ?? (property.thumbnail ? { url: property.thumbnail, width: 320, height: 240 } : undefined);
  if (!first) return;
  // The variant the details page will pick on this screen (same srcset and sizes as its gallery).
  const photo = photoSources(first.url, first.width && first.height ? { width: first.width, height: first.height } : undefined);
  if (!photo.srcSet) return loadPhoto({ src: photo.src });
  loadPhoto({ src: photo.src, srcSet: photo.srcSet, sizes: images.length > 1 ? PHOTO_SIZES.detailsMain : PHOTO_SIZES.detailsMainAlone });
}

/** An image outside the page: the browser picks the srcset's variant for this screen, as the page would. */
function loadLikeTheDetailsPage(photo: PhotoToKeep): void {
  const img = new Image();
  img.decoding = 'async';
  if (photo.srcSet && photo.sizes) {
    img.sizes = photo.sizes;
    img.srcset = photo.srcSet;
  }
  img.src = photo.src;
}
