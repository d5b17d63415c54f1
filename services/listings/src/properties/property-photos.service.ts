import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  isUuid,
  snapshotOfProperty,
  type Actor,
  type CheckedRequestOf,
  type LISTINGS_PATTERNS,
  type PropertyPhotosCheckReply,
  type PropertyPhotosReviewReply,
  type PropertyRead,
} from '@mboa/contracts';
import { ListingsDb, type ListingsTx } from '../db.js';
import { recordEvent } from '../events.js';
import { OwnersService } from '../owners/owners.service.js';
import { heldPhotosToReview, photosHeldOnAdd } from '../rules/photo-review.js';
import { ensureMayAddPhotos, ensureRoomForPhotos } from '../rules/posting.js';
import { imageRowsOf } from './image-rows.js';
import { PropertyReader, propertyNotFound } from './property-reader.js';
import { toPropertyRead, type PropertyWithImages } from './property-view.js';

/**
 * Photos added to an existing listing (docs/api.md#adding-photos-to-a-listing): by its owner or
 * staff, up to the listing's maximum. The review state is kept, as an admin's edit keeps it; an
 * owner's photos on an approved listing wait for staff (rules/photo-review) before the public sees them.
 */
@Injectable()
export class PropertyPhotosService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
    private readonly owners: OwnersService,
  ) {}

  /** `listings.property.photos-check`: asked before a photo is read; room for at least one more. */
  async check({ actor, id }: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyPhotosCheck>): Promise<PropertyPhotosCheckReply> {
    const property = await this.allowed(actor, id);
    ensureRoomForPhotos(property.images.length, 1);
    return { ownerId: property.ownerId, title: property.title, photoCount: property.images.length };
  }

  /** Judged again under a row lock: two uploads at once cannot both fill the last places. */
  async add({ actor, id, images }: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyPhotosAdd>): Promise<PropertyRead> {
    if (!isUuid(id)) throw propertyNotFound();
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "listings"."properties" WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
      const current = await this.allowed(actor, id, tx);
      ensureRoomForPhotos(current.images.length, images.length);
      const next = current.images.reduce((max, image) => Math.max(max, image.position + 1), 0);
      const held = photosHeldOnAdd(actor, current);
      const updated = await tx.property.update({
        where: { id },
        data: { images: { create: imageRowsOf(images, next, held) }, version: { increment: 1 } },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      return this.changed(tx, updated, actor, 'propertyImages');
    });
  }

  /**
   * Staff accept held photos (the public sees them from now on) or refuse them: their rows go, and
   * media deletes their files from the event, as for a deleted listing, even if it is down right now.
   * Audited as a staff edit of the listing.
   */
  async review({ actor, id, review }: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyPhotosReview>): Promise<PropertyPhotosReviewReply> {
    if (actor.role !== 'admin') throw propertyNotFound();
    if (!isUuid(id)) throw propertyNotFound();
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "listings"."properties" WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
      const current = await this.reader.load(id, tx);
      if (!current) throw propertyNotFound();
      const decided = heldPhotosToReview(current.images, review.imageIds);
      const ids = decided.map((image) => image.id);
      if (review.action === 'accept') {
        await tx.propertyImage.updateMany({ where: { id: { in: ids }, propertyId: id }, data: { heldForReview: false } });
      } else {
        await tx.propertyImage.deleteMany({ where: { id: { in: ids }, propertyId: id } });
      }
      const updated = await tx.property.update({
        where: { id },
        data: { version: { increment: 1 } },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      if (review.action === 'refuse') {
        await recordEvent(tx, EVENT_TYPES.propertyPhotosRefused, {
          propertyId: id,
          ownerId: updated.ownerId,
          version: updated.version,
          actor,
          imageKeys: decided.flatMap((image) => [image.largeKey, image.thumbKey]),
        });
      }
      const property = await this.changed(tx, updated, actor, review.action === 'accept' ? 'photosAccepted' : 'photosRefused');
      return { decided: decided.length, property };
    });
  }

  /** Records the change (the event carries what the public sees) and answers the listing as its owner or staff see it. */
  private async changed(tx: ListingsTx, updated: PropertyWithImages, actor: Actor, field: string): Promise<PropertyRead> {
    const owner = await tx.owner.findUnique({ where: { id: updated.ownerId } });
    await recordEvent(tx, EVENT_TYPES.propertyUpdated, {
      property: snapshotOfProperty(toPropertyRead(updated, owner), updated.ownerId),
      version: updated.version,
      actor,
      fields: [field],
    });
    return toPropertyRead(updated, owner, { withHeld: true, withPin: true });
  }

  /** The live listing, if `actor` may add photos to it (rules/posting). */
  private async allowed(actor: Actor, id: string, tx?: ListingsTx): Promise<PropertyWithImages> {
    const property = await this.reader.load(id, tx);
    if (!property) throw propertyNotFound();
    ensureMayAddPhotos(actor, property, actor.role === 'admin' ? null : await this.owners.find(actor.userId));
    return property;
  }
}
