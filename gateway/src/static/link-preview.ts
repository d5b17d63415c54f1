import type { Request } from 'express';
import {
  catalogueOf,
  INTL_LOCALES,
  LISTINGS_PATTERNS,
  PHOTO_SIZES,
  formatPriceWithTerm,
  photoSources,
  toLanguage,
  type Language,
  type PropertyImage,
  type PropertyRead,
} from '@mboa/contracts';
import type { RpcClient } from '@mboa/platform';

export interface PageHead {
  /** Replaces the page's <title> when given. */
  title?: string;
  /** Replaces the page's meta description (a search engine's snippet) when given. */
  description?: string;
  tags: string;
  /** The property a details page shows, when it may be shown. */
  propertyId?: string;
}

const DETAILS = /^\/property-details\/([^/]+)\/?$/;

/**
 * Open Graph and Twitter tags for a shared `/property-details/{id}` link, so WhatsApp and
 * Facebook previews show the listing's title, price, town and first photo. Only what anyone may
 * see is described (the same visibility as the public details call); otherwise null.
 * The page's main photo is preloaded too: the browser starts on it with the HTML instead of after
 * the scripts and the details call, which is most of a phone's wait for the largest paint.
 * A link shared with `?lang=fr` reads in French (price and payment term, fixed words, og:locale),
 * so a listing passed around on WhatsApp reads naturally; the listing's own words stay as written.
 */
export async function linkPreviewHead(services: RpcClient, req: Request, origin: string): Promise<PageHead | null> {
  const match = DETAILS.exec(req.path);
  if (!match) return null;
  let property: PropertyRead;
  try {
    property = await services.call(LISTINGS_PATTERNS.propertyGet, { id: decodeURIComponent(match[1]) }, { timeoutMs: 1500 });
  } catch {
    return null;
  }
  return listingHead(property, toLanguage(req.query.lang), origin);
}

/** The head of a listing's page in `language`: link-preview tags, canonical address, main photo preload. */
export function listingHead(property: PropertyRead, language: Language, origin: string, canonical = true): PageHead {
  const price = formatPriceWithTerm(property.price, property.paymentTerms ?? property.paymentTerm, language);
  const place = [property.neighbourhood, property.town].filter(Boolean).join(', ');
  const title = `${property.title} – ${price}`;
  const about = property.description?.trim() ? property.description : catalogueOf(language).property.noDescription;
  const description = [place, about].filter(Boolean).join(' · ').slice(0, 200);
  const image = property.propertyImages?.[0];
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  const url = `${origin}/property-details/${encodeURIComponent(property.id)}`;
  // Whoever opens the preview's link keeps the sharer's language; the canonical page is one.
  const sharedUrl = language === 'en' ? url : `${url}?lang=${language}`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Mboa Rentals'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', sharedUrl),
    meta('property', 'og:locale', INTL_LOCALES[language].replace('-', '_')),
    ...(image
      ? [
          meta('property', 'og:image', absolute(image.url)),
          ...(image.width ? [meta('property', 'og:image:width', String(image.width))] : []),
          ...(image.height ? [meta('property', 'og:image:height', String(image.height))] : []),
          meta('property', 'og:image:alt', image.alt || property.title),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(url)}">`] : []),
    ...(image ? [preloadPhoto(image, property.propertyImages.length)] : []),
  ].join('\n    ');
  return { title, description, tags, propertyId: property.id };
}

/** The same candidates and sizes as the gallery's first picture, so the preload is the file it shows. */
function preloadPhoto(image: PropertyImage, count: number): string {
  const photo = photoSources(image.url, image.width && image.height ? image : undefined);
  const sizes = count > 1 ? PHOTO_SIZES.detailsMain : PHOTO_SIZES.detailsMainAlone;
  const candidates = photo.srcSet ? ` imagesrcset="${escapeHtml(photo.srcSet)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(photo.srcSet ? photo.src : image.url)}"${candidates} fetchpriority="high">`;
}

function meta(attr: 'property' | 'name', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
