import {
  catalogueOf,
  COUNTRY_CODE,
  CURRENCY_CODE,
  labelOf,
  propertyDetailsPath,
  regionOfTown,
  SITE_NAME,
  type Language,
  type PaymentTerm,
  type PropertyRead,
  type PropertyStatus,
  type PropertyType,
} from '@mboa/contracts';
import { pageAddresses } from './page-addresses.js';
import { safeJson } from './safe-json.js';

/*
 * JSON-LD (schema.org) for search engines: what a listing offers, where it is, and how the site is
 * searched, read from the page itself so a result can show the price, the town and the trail to it.
 * Only what the public details page shows goes in: no owner, e-mail or WhatsApp number, no exact
 * position, no photo still awaiting review.
 */

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonLd = { readonly [key: string]: JsonValue };

/** The page the data describes: the site's origin and the language the page is shown in. */
export interface StructuredDataPage {
  origin: string;
  language: Language;
}

const CONTEXT = 'https://schema.org';

/**
 * The schema.org type of each kind of place. Accommodation is "a place that can accommodate human
 * beings, e.g. a hotel room, a camping pitch, or a meeting room"; its subtypes say more where one
 * fits: a studio is an apartment (one self-contained unit), a duplex (in Cameroon a house on two
 * floors) and a guest house (a small separate house, often in the owner's compound) are houses, a
 * bungalow is a detached one-family house, a single room is a room.
 * Offices, shops, warehouses and containers: schema.org has no type for premises let for business
 * (Store, Office-like LocalBusiness types describe a business, not the place it rents, and Place
 * would lose floorSize and numberOfRooms), so they stay plain Accommodation, the closest type that
 * is a rentable space with a floor size, as its own example of a meeting room shows.
 */
const SCHEMA_TYPES: Readonly<Record<PropertyType, string>> = {
  'Single Room': 'Room',
  'Guest House': 'House',
  studio: 'Apartment',
  apartment: 'Apartment',
  duplex: 'House',
  bungalow: 'SingleFamilyResidence',
  office: 'Accommodation',
  shop: 'Accommodation',
  warehouse: 'Accommodation',
  container: 'Accommodation',
};

/** UN/CEFACT common codes of the period a price is for (schema.org unitCode). */
const PAYMENT_TERM_UNIT_CODES: Readonly<Record<PaymentTerm, string>> = {
  daily: 'DAY',
  monthly: 'MON',
  quarterly: 'QAN',
  yearly: 'ANN',
};

/** A rented listing may come back; one taken down will not. */
const AVAILABILITY: Readonly<Record<PropertyStatus, string>> = {
  available: `${CONTEXT}/InStock`,
  rented: `${CONTEXT}/OutOfStock`,
  deactivated: `${CONTEXT}/Discontinued`,
};

/** The GoodRelations business function schema.org names for letting a thing out. */
const LEASE_OUT = 'http://purl.org/goodrelations/v1#LeaseOut';

/** Square metre (UN/CEFACT): listings give their size in m². */
const SQUARE_METRE = 'MTK';

/** The page of a listing in the page's language. */
export function listingAddress(property: Pick<PropertyRead, 'id'>, page: StructuredDataPage): string {
  return pageAddresses(page.origin, propertyDetailsPath(property.id), {}, page.language).canonical;
}

/**
 * A listing as a schema.org Offer (lease) of its place: price in XAF for its payment term, whether it
 * is available, the page in its language, and the place with its photos, town, region, rooms and
 * floor size when known. Texts the owner wrote stay as written; fixed words follow the page.
 */
export function listingStructuredData(property: PropertyRead, page: StructuredDataPage): JsonLd {
  const term = property.paymentTerms ?? property.paymentTerm;
  const images = publicImages(property, page.origin);
  const description = property.description.trim();
  const { size } = property.specifications;
  const rooms = roomsOf(property);
  const bedrooms = property.category === 'residential' ? property.specifications.bedrooms : null;
  const place: JsonLd = {
    '@type': SCHEMA_TYPES[property.propertyType] ?? 'Accommodation',
    name: property.title,
    ...(description ? { description } : {}),
    ...(images.length ? { image: images } : {}),
    address: postalAddress(property, page.language),
    ...(rooms !== null && rooms > 0 ? { numberOfRooms: rooms } : {}),
    ...(bedrooms !== null && bedrooms >= 0 ? { numberOfBedrooms: bedrooms } : {}),
    ...(size !== null && size > 0 ? { floorSize: { '@type': 'QuantitativeValue', value: size, unitCode: SQUARE_METRE } } : {}),
    ...(property.amenities.length
      ? {
          amenityFeature: property.amenities.map((amenity) => ({
            '@type': 'LocationFeatureSpecification',
            name: labelOf('amenity', amenity, page.language),
            value: true,
          })),
        }
      : {}),
  };
  return {
    '@context': CONTEXT,
    '@type': 'Offer',
    url: listingAddress(property, page),
    businessFunction: LEASE_OUT,
    price: property.price,
    priceCurrency: CURRENCY_CODE,
    ...(AVAILABILITY[property.status] ? { availability: AVAILABILITY[property.status] } : {}),
    ...(term && PAYMENT_TERM_UNIT_CODES[term]
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: property.price,
            priceCurrency: CURRENCY_CODE,
            unitCode: PAYMENT_TERM_UNIT_CODES[term],
            unitText: labelOf('paymentTermUnit', term, page.language),
            referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: PAYMENT_TERM_UNIT_CODES[term] },
          },
        }
      : {}),
    itemOffered: place,
  };
}

/** The trail to a listing: home › the town's listings › the listing, named in the page's language. */
export function listingBreadcrumbs(property: PropertyRead, page: StructuredDataPage): JsonLd {
  const texts = catalogueOf(page.language).page;
  const town = property.town.trim();
  const crumbs: { name: string; item: string }[] = [
    { name: texts.breadcrumbHome, item: pageAddresses(page.origin, '/', {}, page.language).canonical },
    ...(town ? [{ name: texts.breadcrumbTown(town), item: pageAddresses(page.origin, '/', { town }, page.language).canonical }] : []),
    { name: property.title, item: listingAddress(property, page) },
  ];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.item })),
  };
}

/** The site, and how to search it from a search engine's box (the home page's `search`). */
export function homeStructuredData(page: StructuredDataPage): JsonLd {
  const home = pageAddresses(page.origin, '/', {}, page.language).canonical;
  // Written by hand: URLSearchParams would encode the template's braces.
  const target = `${pageAddresses(page.origin, '/', {}, page.language).alternates['x-default']}?search={search_term_string}&lang=${page.language}`;
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: home,
    inLanguage: page.language,
    potentialAction: { '@type': 'SearchAction', target, 'query-input': 'required name=search_term_string' },
  };
}

/**
 * The `<script type="application/ld+json">` element of `data`. Nothing in the data can end the
 * element or start another: `<`, `>` and `&` (so no `</script>` or `<!--`) and U+2028/U+2029 are
 * written as JSON's \u escapes, which read back as the same characters. The page's
 * Content-Security-Policy forbids inline scripts, and needs no exception for this: a browser never
 * runs an ld+json element, it is a data block that search engines read.
 */
export function jsonLdScript(data: JsonLd | readonly JsonLd[]): string {
  return `<script type="application/ld+json">${safeJson(data)}</script>`;
}

/**
 * Town and region, neighbourhood as its street address (the closest field schema.org has), country.
 * A town typed in by the owner has no region we know of, so it goes without one.
 */
function postalAddress(property: PropertyRead, language: Language): JsonLd {
  const town = property.town.trim();
  const neighbourhood = property.neighbourhood.trim();
  const region = regionOfTown(town);
  return {
    '@type': 'PostalAddress',
    ...(neighbourhood ? { streetAddress: neighbourhood } : {}),
    ...(town ? { addressLocality: town } : {}),
    ...(region ? { addressRegion: labelOf('region', region, language) } : {}),
    addressCountry: COUNTRY_CODE,
  };
}

/** What the search's `rooms` filter compares (listings search-document.ts roomsOf): bedrooms, or a shop's sections. */
function roomsOf(property: PropertyRead): number | null {
  return property.category === 'commercial' ? property.specifications.sections : property.specifications.bedrooms;
}

/** The public photos' addresses, absolute (a search engine reads them apart from the page). */
function publicImages(property: PropertyRead, origin: string): string[] {
  const urls: string[] = [];
  for (const image of property.propertyImages) {
    if (image.awaitingReview) continue;
    const url = absoluteUrl(image.url, origin);
    if (url) urls.push(url);
  }
  return urls;
}

function absoluteUrl(url: string, origin: string): string | undefined {
  try {
    const absolute = new URL(url, origin);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : undefined;
  } catch {
    return undefined;
  }
}
