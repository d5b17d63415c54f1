import { Injectable } from '@nestjs/common';
import {
  canonicalTown,
  EVENT_TYPES,
  isTypeInCategory,
  MESSAGES,
  snapshotOfProperty,
  SPECIFICATION_FIELDS,
  type Actor,
  type AdminPropertyAction,
  type GeoPoint,
  type PropertyEditInput,
  type PropertyRead,
  type PropertyStatus,
  isUuid,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';
import type { Prisma } from '../generated/prisma/client.js';
import { ListingsDb, type ListingsTx } from '../db.js';
import { recordEvent } from '../events.js';
import { pinColumns } from '../rules/approximate-area.js';
import { textFlagsOf } from '../rules/money-before-visit.js';
import { contactNumberOf } from '../rules/whatsapp-number.js';
import { ensureRequiredSpecifications } from '../rules/posting.js';
import { adminStatusChange, ownerStatusChange } from '../rules/transitions.js';
import { isOwnerOrAdmin } from '../rules/visibility.js';
import { checkNumberBounds, specificationColumns } from './property-input.js';
import { PropertyReader, propertyNotFound } from './property-reader.js';
import { toPropertyRead, type PropertyWithImages } from './property-view.js';

/** Status changes, deletion and admin edits: each one a version bump and an event, atomically. */
@Injectable()
export class PropertyChangesService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
  ) {}

  /**
   * My Listings `update`: owner transitions (docs/api.md#properties); others 409; someone else's
   * property 404. Marking it rented or available is the owner's word on it: a confirmation too
   * (rules/freshness.ts).
   */
  async ownerSetStatus(actor: Actor, id: string, to: PropertyStatus): Promise<PropertyRead> {
    return this.changeStatus(actor, id, (from) => ownerStatusChange(from, to), to === 'rented' || to === 'available');
  }

  /**
   * My Listings `update`: a new status (above), where the listing is (its pin and landmark), or
   * both; the answer is the owner's, with the pin. Both: the status first, each change its own
   * version and event, so a refused status changes nothing.
   */
  async ownerUpdate(actor: Actor, id: string, data: { status?: PropertyStatus; location?: LocationEdit }): Promise<PropertyRead> {
    let read: PropertyRead | undefined;
    if (data.status !== undefined) read = await this.ownerSetStatus(actor, id, data.status);
    if (data.location !== undefined && changedLocationFields(data.location).length > 0) read = await this.changeLocation(actor, id, data.location);
    return read ?? this.changeLocation(actor, id, {});
  }

  /** Admin manage/properties actions, each allowed only from the status it requires. */
  async adminSetStatus(actor: Actor, id: string, action: AdminPropertyAction): Promise<PropertyRead> {
    return this.changeStatus(actor, id, (from) => adminStatusChange(action, from));
  }

  /** Removes the property for good (it stays only as a tombstone row for bookings and events). */
  async remove(actor: Actor, id: string): Promise<{ id: string }> {
    await this.db.$transaction(async (tx) => {
      const current = await this.lockOwned(tx, actor, id);
      const updated = await tx.property.update({
        where: { id },
        data: { deletedAt: new Date(), version: { increment: 1 } },
      });
      await tx.propertyImage.deleteMany({ where: { propertyId: id } });
      await recordEvent(tx, EVENT_TYPES.propertyDeleted, {
        propertyId: id,
        ownerId: current.ownerId,
        deletedBy: actor.userId,
        version: updated.version,
        actor,
        imageKeys: current.images.flatMap((i) => [i.largeKey, i.thumbKey]),
      });
    });
    return { id };
  }

  /** Where the listing is, alone: the pin and the landmark (the owner's My Listings `update`). */
  private async changeLocation(actor: Actor, id: string, location: LocationEdit): Promise<PropertyRead> {
    return this.db.$transaction(async (tx) => {
      const current = await this.lockOwned(tx, actor, id);
      const changes = locationChanges(current, location);
      if (Object.keys(changes).length === 0) return this.readIn(tx, current, true);
      const updated = await tx.property.update({
        where: { id },
        data: { ...changes, version: { increment: 1 } },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      await recordEvent(tx, EVENT_TYPES.propertyUpdated, {
        property: snapshotOfProperty(await this.readIn(tx, updated), updated.ownerId),
        version: updated.version,
        actor,
        fields: changedLocationFields(location),
      });
      return this.readIn(tx, updated, true);
    });
  }

  /** Admin edit: text fields, price, payment term, specifications (and the rest of the post fields). */
  async adminEdit(actor: Actor, id: string, data: PropertyEditInput): Promise<PropertyRead> {
    checkNumberBounds(data);
    return this.db.$transaction(async (tx) => {
      const current = await this.lockOwned(tx, actor, id);
      const category = data.category ?? current.category;
      const propertyType = data.propertyType ?? current.propertyType;
      if (!isTypeInCategory(category, propertyType)) {
        throw fail.badRequest(MESSAGES.property.typeNotInCategory, [`propertyType: ${MESSAGES.property.typeNotInCategory}`]);
      }
      const changes: Prisma.PropertyUpdateInput = {};
      if (data.category !== undefined) changes.category = data.category;
      if (data.propertyType !== undefined) changes.propertyType = data.propertyType;
      if (data.title !== undefined) changes.title = data.title;
      if (data.description !== undefined) changes.description = data.description;
      if (data.paymentTerm !== undefined) changes.paymentTerm = data.paymentTerm;
      if (data.price !== undefined) changes.price = Math.round(data.price);
      if (data.caution !== undefined) changes.caution = Math.round(data.caution);
      if (data.advanceMonths !== undefined) changes.advanceMonths = data.advanceMonths;
      if (data.amenities !== undefined) changes.amenities = data.amenities;
      if (data.location?.country !== undefined) changes.country = data.location.country;
      if (data.location?.town !== undefined) changes.town = canonicalTown(data.location.town);
      if (data.location?.neighbourhood !== undefined) changes.neighbourhood = data.location.neighbourhood;
      // The pin's columns are named in the event's `fields` as `pin` and `landmark` (below), never
      // by value: the event goes to other services.
      const where = data.location ? locationChanges(current, data.location) : {};
      if (data.specifications !== undefined) {
        const given = Object.fromEntries(Object.entries(data.specifications).filter(([, v]) => v !== undefined));
        const columns = specificationColumns(data.specifications);
        for (const key of Object.keys(given) as (keyof typeof columns)[]) changes[key] = columns[key];
      }
      // The property as it will be must still say what its category needs: a change of
      // category brings its own required fields, and none can be lost.
      const specifications = Object.fromEntries(
        SPECIFICATION_FIELDS.map((field) => [field, changes[field] !== undefined ? (changes[field] as number | null) : current[field]]),
      );
      ensureRequiredSpecifications(category, specifications);
      // A new text is judged again (removing the visit fee removes its flag); staff only, so kept
      // out of `changes`, whose names the event carries.
      let textFlags: string[] | undefined;
      if (data.title !== undefined || data.description !== undefined) {
        const owner = await tx.owner.findUnique({ where: { id: current.ownerId } });
        textFlags = textFlagsOf({ title: data.title ?? current.title, description: data.description ?? current.description }, owner ? contactNumberOf(owner) : undefined);
      }
      const updated = await tx.property.update({
        where: { id },
        data: { ...changes, ...where, ...(textFlags ? { textFlags } : {}), version: { increment: 1 } },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      await recordEvent(tx, EVENT_TYPES.propertyUpdated, {
        property: snapshotOfProperty(await this.readIn(tx, updated), updated.ownerId),
        version: updated.version,
        actor,
        fields: [...Object.keys(changes), ...(data.location ? changedLocationFields(data.location) : [])],
      });
      // Staff's answer: with the pin.
      return this.readIn(tx, updated, true);
    });
  }

  private async changeStatus(
    actor: Actor,
    id: string,
    decide: (from: PropertyStatus) => PropertyStatus,
    confirmsAvailability = false,
  ): Promise<PropertyRead> {
    return this.db.$transaction(async (tx) => {
      const current = await this.lockOwned(tx, actor, id);
      const to = decide(current.status);
      const confirmed: Prisma.PropertyUpdateInput = confirmsAvailability ? { availabilityConfirmedAt: new Date(), availabilityLapsedAt: null } : {};
      const updated = await tx.property.update({
        where: { id },
        data: { status: to, ...confirmed, version: { increment: 1 } },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      await recordEvent(tx, EVENT_TYPES.propertyStatusChanged, {
        propertyId: id,
        ownerId: updated.ownerId,
        from: current.status,
        to,
        changedBy: actor.userId,
        version: updated.version,
        actor,
      });
      // The owner's or staff's own answer (My Listings, admin actions): with the pin.
      return this.readIn(tx, updated, true);
    });
  }

  /**
   * The live property, row-locked for this transaction, if `actor` owns it or is an admin; 404
   * otherwise: acting on another owner's property is 404, not 403
   * (docs/api.md#visibility-who-sees-which-property).
   */
  private async lockOwned(tx: ListingsTx, actor: Actor, id: string): Promise<PropertyWithImages> {
    if (!isUuid(id)) throw propertyNotFound();
    // Two clicks at once: the second sees the first one's status, not a stale one.
    await tx.$queryRaw`SELECT id FROM "listings"."properties" WHERE id = ${id}::uuid FOR UPDATE`;
    const current = await this.reader.load(id, tx);
    if (!current || !isOwnerOrAdmin(current, actor)) throw propertyNotFound();
    return current;
  }

  /** `ownerOrStaff`: the answer to the owner or staff (with the pin); without it, what events carry. */
  private async readIn(tx: ListingsTx, property: PropertyWithImages, ownerOrStaff = false): Promise<PropertyRead> {
    return toPropertyRead(property, await tx.owner.findUnique({ where: { id: property.ownerId } }), { withPin: ownerOrStaff });
  }
}

/** A change of where the listing is: a new pin, null to remove it, a landmark ('' removes it). */
export interface LocationEdit {
  pin?: GeoPoint | null;
  landmark?: string;
}

/** The columns a location edit writes: a moved pin moves the area by the same vector (rules/approximate-area.ts). */
function locationChanges(current: PropertyWithImages, edit: LocationEdit): Prisma.PropertyUpdateInput {
  const changes: Prisma.PropertyUpdateInput = {};
  if (edit.pin !== undefined) Object.assign(changes, pinColumns(edit.pin, current));
  if (edit.landmark !== undefined) changes.landmark = edit.landmark === '' ? null : edit.landmark;
  return changes;
}

/** The names a location edit changes, as an event's `fields` carries them (names only, never values). */
function changedLocationFields(edit: LocationEdit): string[] {
  return [...(edit.pin !== undefined ? ['pin'] : []), ...(edit.landmark !== undefined ? ['landmark'] : [])];
}
