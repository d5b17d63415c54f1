import { Injectable } from '@nestjs/common';
import { isUuid, MESSAGES, type PropertyRead } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { Prisma } from '../generated/prisma/client.js';
import { ListingsDb, type ListingsTx } from '../db.js';
import type { Owner, Property, PropertyImage } from '../generated/prisma/client.js';
import { OwnersService } from '../owners/owners.service.js';
import { publiclyVisibleSql } from '../rules/visibility.js';
import { toPropertyRead, type PropertyWithImages, type ReadExtras } from './property-view.js';

/** A row of loadWithOwners: the property's columns, its images and owner as JSON (dates as text). */
type LoadedRow = Property & {
  images: Array<Omit<PropertyImage, 'createdAt'> & { createdAt: string }>;
  owner:
    | (Omit<Owner, 'updatedAt' | 'memberSince' | 'identityCheckedAt'> & {
        updatedAt: string;
        memberSince: string | null;
        identityCheckedAt: string | null;
      })
    | null;
  /** Only when asked for (details): the owner's publicly visible listings. */
  activeListings?: number | null;
};

/** What loadWithOwners gives per property. */
export interface LoadedProperty {
  property: PropertyWithImages;
  owner: Owner | null;
  /** With `ownerCard` (details): how many of the owner's listings the public sees; null when the owner is unknown. */
  activeListings?: number | null;
}

/**
 * The owner's publicly visible listings, counted in the same statement (the details "who you are
 * dealing with"): an index-only scan of properties_owner_public_idx, partial on the same rule.
 */
const ACTIVE_LISTINGS = Prisma.raw(`, (SELECT count(*)::int FROM "listings"."properties" q
               WHERE q.owner_id = o.id AND ${publiclyVisibleSql('q', 'o.banned')}) AS "activeListings"`);

export const propertyNotFound = () => fail.notFound(MESSAGES.property.notFound);

/** Loads properties (never deleted ones) and turns them into the read shape with their authors. */
@Injectable()
export class PropertyReader {
  constructor(
    private readonly db: ListingsDb,
    private readonly owners: OwnersService,
  ) {}

  /** A live (not deleted) property with its images, or null; a malformed id is simply unknown. */
  async load(id: unknown, tx?: ListingsTx): Promise<PropertyWithImages | null> {
    if (!isUuid(id)) return null;
    return (tx ?? this.db).property.findFirst({
      where: { id, deletedAt: null },
      include: { images: { orderBy: { position: 'asc' } } },
    });
  }

  /**
   * Live properties with their images and owners, in one statement (details and a search page read
   * through here: three queries per request were most of a details call's database time).
   * `ownerCard` (details) also counts the owner's active listings, in the same statement.
   */
  async loadWithOwners(ids: readonly string[], options: { ownerCard?: boolean } = {}): Promise<Map<string, LoadedProperty>> {
    const wanted = [...new Set(ids)].filter(isUuid);
    if (wanted.length === 0) return new Map();
    const rows = await this.db.$queryRaw<LoadedRow[]>`
      SELECT p.id, p.owner_id AS "ownerId", p.category::text AS category, p.property_type AS "propertyType", p.title,
             p.description, p.price, p.caution, p.advance_months AS "advanceMonths", p.payment_term::text AS "paymentTerm", p.status::text AS status,
             p.is_verified AS "isVerified", p.review_state::text AS "reviewState", p.review_feedback AS "reviewFeedback",
             p.reviewed_at AS "reviewedAt", p.reviewed_by AS "reviewedBy", p.held_at AS "heldAt",
             p.hold_changed_at AS "holdChangedAt", p.country, p.town, p.neighbourhood, p.amenities,
             p.landmark, p.area_lat AS "areaLat", p.area_lng AS "areaLng",
             -- The public reads come through here: the exact pin and the offset are never read.
             NULL::float8 AS "pinLat", NULL::float8 AS "pinLng", NULL::float8 AS "areaOffsetNorthM", NULL::float8 AS "areaOffsetEastM",
             p.availability_confirmed_at AS "availabilityConfirmedAt", p.availability_reminded_at AS "availabilityRemindedAt",
             p.availability_lapsed_at AS "availabilityLapsedAt",
             p.control_checked_at AS "controlCheckedAt", p.control_kind AS "controlKind",
             p.bedrooms, p.toilets, p.kitchens, p.living_rooms AS "livingRooms", p.size,
             p.distance_from_road AS "distanceFromRoad", p.sections, p.version, p.created_at AS "createdAt",
             p.updated_at AS "updatedAt", p.deleted_at AS "deletedAt",
             COALESCE((
               SELECT jsonb_agg(jsonb_build_object(
                 'id', i.id, 'propertyId', i.property_id, 'position', i.position, 'largeKey', i.large_key,
                 'largeUrl', i.large_url, 'thumbKey', i.thumb_key, 'thumbUrl', i.thumb_url, 'width', i.width,
                 'height', i.height, 'thumbWidth', i.thumb_width, 'thumbHeight', i.thumb_height, 'alt', i.alt,
                 'heldForReview', i.held_for_review, 'createdAt', i.created_at) ORDER BY i.position)
               FROM "listings"."property_images" i WHERE i.property_id = p.id), '[]'::jsonb) AS images,
             CASE WHEN o.id IS NULL THEN NULL ELSE jsonb_build_object(
               'id', o.id, 'name', o.name, 'email', o.email, 'whatsapp', o.whatsapp, 'provenWhatsapp', o.proven_whatsapp, 'role', o.role,
               'isVerified', o.is_verified, 'banned', o.banned, 'version', o.version, 'updatedAt', o.updated_at,
               'memberSince', to_char(o.member_since, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'identityCheckedAt', to_char(o.identity_checked_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS owner
               ${options.ownerCard ? ACTIVE_LISTINGS : Prisma.empty}
      FROM "listings"."properties" p LEFT JOIN "listings"."owners" o ON o.id = p.owner_id
      WHERE p.id = ANY(${wanted}::uuid[]) AND p.deleted_at IS NULL`;
    return new Map(
      rows.map(({ images, owner, activeListings, ...property }) => [
        property.id,
        {
          property: { ...property, images: images.map((i) => ({ ...i, createdAt: new Date(i.createdAt) })) },
          owner: owner
            ? {
                ...owner,
                updatedAt: new Date(owner.updatedAt),
                memberSince: owner.memberSince ? new Date(owner.memberSince) : null,
                identityCheckedAt: owner.identityCheckedAt ? new Date(owner.identityCheckedAt) : null,
              }
            : null,
          ...(options.ownerCard ? { activeListings: owner ? (activeListings ?? 0) : null } : {}),
        },
      ]),
    );
  }

  async read(property: PropertyWithImages, extra: ReadExtras = {}): Promise<PropertyRead> {
    return toPropertyRead(property, await this.owners.find(property.ownerId), extra);
  }

  /** `ownerOrStaff`: for the listings' owner (My Listings) or staff: held photos marked, and the exact pin. */
  async readMany(properties: PropertyWithImages[], contactCounts?: Map<string, number>, ownerOrStaff = false): Promise<PropertyRead[]> {
    const owners = await this.owners.findMany(properties.map((p) => p.ownerId));
    return properties.map((p) =>
      toPropertyRead(p, owners.get(p.ownerId), {
        ...(contactCounts ? { contactCount: contactCounts.get(p.id) ?? 0 } : {}),
        withHeld: ownerOrStaff,
        withPin: ownerOrStaff,
      }),
    );
  }

  /** Bookings received per property. */
  async contactCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const groups = await this.db.booking.groupBy({ by: ['propertyId'], where: { propertyId: { in: [...ids] } }, _count: { _all: true } });
    return new Map(groups.map((g) => [g.propertyId!, g._count._all]));
  }
}
