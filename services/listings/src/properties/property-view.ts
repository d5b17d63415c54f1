import type { Amenity, PropertyAuthor, PropertyOwnerCard, PropertyRead, PropertyType } from '@mboa/contracts';
import type { Owner, Property, PropertyImage } from '../generated/prisma/client.js';
import { exactPin, publicArea } from '../rules/approximate-area.js';
import { publicPhotos } from '../rules/photo-review.js';
import { listingChecksOf } from '../rules/listing-checks.js';
import { contactNumberOf } from '../rules/whatsapp-number.js';

export type PropertyWithImages = Property & { images: PropertyImage[] };

/** Author fields of a property whose owner the projection does not know yet. */
function unknownAuthor(ownerId: string): PropertyAuthor {
  return { _id: ownerId, name: '', email: '', whatsapp: '' };
}

/** What a read adds to the public shape; `withHeld` only for the listing's owner and staff. */
export interface ReadExtras {
  contactCount?: number;
  /** Photos awaiting staff review too, marked (rules/photo-review): never in a public answer or an event. */
  withHeld?: boolean;
  /**
   * The exact pin (`location.pin`): only the owner's own answers (My Listings, the post and update
   * answers) and staff's (admin read, list and edit). Never a public read, even the owner's look at
   * the public details page (it is server-rendered into HTML), and never an event.
   */
  withPin?: boolean;
}

/** Where it is, as answered: landmark and area when there are; the pin only when asked for. */
function locationOf(p: PropertyWithImages, withPin: boolean): PropertyRead['location'] {
  const area = publicArea(p);
  return {
    country: p.country,
    town: p.town,
    neighbourhood: p.neighbourhood,
    ...(p.landmark ? { landmark: p.landmark } : {}),
    ...(area ? { area } : {}),
    ...(withPin ? { pin: exactPin(p) } : {}),
  };
}

/** The photo as answered; a held one carries its id and mark (only in the owner's and staff's reads). */
function photoOf(i: PropertyImage): PropertyRead['propertyImages'][number] {
  const photo = { url: i.largeUrl, alt: i.alt, width: i.width, height: i.height };
  return i.heldForReview ? { ...photo, awaitingReview: true, id: i.id } : photo;
}

/** The only shape a property leaves this service in (docs/api.md#shapes-user-property-lists). */
export function toPropertyRead(p: PropertyWithImages, owner: Owner | null | undefined, extra: ReadExtras = {}): PropertyRead {
  const images = [...p.images].sort((a, b) => a.position - b.position);
  const shown = publicPhotos(images);
  const read: PropertyRead = {
    _id: p.id,
    id: p.id,
    title: p.title,
    description: p.description,
    price: p.price,
    paymentTerms: p.paymentTerm,
    paymentTerm: p.paymentTerm,
    town: p.town,
    neighbourhood: p.neighbourhood,
    location: locationOf(p, extra.withPin === true),
    category: p.category,
    propertyType: p.propertyType as PropertyType,
    caution: p.caution,
    advanceMonths: p.advanceMonths,
    status: p.status,
    isVerified: p.isVerified,
    // The card's thumbnail is a public photo even in the owner's read: what renters see.
    thumbnail: shown[0]?.thumbUrl ?? null,
    propertyImages: (extra.withHeld ? images : shown).map(photoOf),
    amenities: p.amenities as Amenity[],
    specifications: {
      bedrooms: p.bedrooms,
      toilets: p.toilets,
      kitchens: p.kitchens,
      livingRooms: p.livingRooms,
      size: p.size,
      distanceFromRoad: p.distanceFromRoad,
      sections: p.sections,
    },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    author: owner
      ? { _id: owner.id, name: owner.name, email: owner.email, whatsapp: contactNumberOf(owner) }
      : unknownAuthor(p.ownerId),
    checks: listingChecksOf(p, owner),
  };
  // A review exists once an admin decided; until then the property simply waits (isVerified false).
  if (p.reviewState !== 'pending') {
    read.review = {
      state: p.reviewState,
      feedback: p.reviewFeedback ?? '',
      ...(p.reviewedAt ? { reviewedAt: p.reviewedAt.toISOString() } : {}),
      ...(p.reviewedBy ? { reviewerId: p.reviewedBy } : {}),
    };
  }
  if (extra.contactCount !== undefined) read.contactCount = extra.contactCount;
  // "Availability confirmed N days ago" on details, and the clock My Listings shows its owner.
  if (p.availabilityConfirmedAt) read.availabilityConfirmedAt = new Date(p.availabilityConfirmedAt).toISOString();
  return read;
}

/**
 * "Who you are dealing with" (details only): the owner's first name, whether our team verified
 * them, since when they are a member and how many listings of theirs the public sees.
 */
export function ownerCardOf(owner: Owner, activeListings: number): PropertyOwnerCard {
  return {
    firstName: owner.name.trim().split(/\s+/)[0] ?? '',
    verified: owner.isVerified,
    memberSince: owner.memberSince ? owner.memberSince.toISOString() : null,
    activeListings,
  };
}
