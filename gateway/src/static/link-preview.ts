import type { Request } from 'express';
import { LISTINGS_PATTERNS, formatPriceWithTerm, type PropertyRead } from '@mboa/contracts';
import type { RpcClient } from '@mboa/platform';

export interface PageHead {
  title: string;
  tags: string;
}

const DETAILS = /^\/property-details\/([^/]+)\/?$/;

/**
 * Open Graph and Twitter tags for a shared `/property-details/{id}` link, so WhatsApp and
 * Facebook previews show the listing's title, price, town and first photo. Only what anyone may
 * see is described (the same visibility as the public details call); otherwise null.
 */
export async function linkPreviewHead(services: RpcClient, req: Request, origin: string): Promise<PageHead | null> {
  const match = DETAILS.exec(req.path);
  if (!match) return null;
  let property: PropertyRead;
  try {
    property = await services.call(LISTINGS_PATTERNS.propertyGet, { id: decodeURIComponent(match[1]!) }, { timeoutMs: 1500 });
  } catch {
    return null;
  }
  const price = formatPriceWithTerm(property.price, property.paymentTerms ?? property.paymentTerm);
  const place = [property.neighbourhood, property.town].filter(Boolean).join(', ');
  const title = `${property.title} – ${price}`;
  const description = [place, property.description].filter(Boolean).join(' · ').slice(0, 200);
  const image = property.propertyImages?.[0];
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  const url = `${origin}/property-details/${encodeURIComponent(property.id)}`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Mboa Rentals'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
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
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ].join('\n    ');
  return { title, tags };
}

function meta(attr: 'property' | 'name', key: string, content: string): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
