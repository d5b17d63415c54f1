import { Injectable } from '@nestjs/common';
import { isUuid, EVENT_TYPES, MESSAGES, POSTING_ROLES, type Actor, type Booking, type BookingInput } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { ListingsDb } from '../db.js';
import { recordEvent } from '../events.js';
import { OwnersService } from '../owners/owners.service.js';
import { PropertyReader, propertyNotFound } from '../properties/property-reader.js';
import { canSee } from '../rules/visibility.js';
import { contactNumberOf, hasProvenNumber } from '../rules/whatsapp-number.js';

/** A renter contacting a landlord: recorded before WhatsApp opens, counted on the landlord's listing. */
@Injectable()
export class BookingsService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
    private readonly owners: OwnersService,
  ) {}

  /**
   * The landlord's name and WhatsApp number are taken from the owners projection, never from the
   * request: a booking can only point at someone who really lists properties. The number is the
   * one their listings' button shows (their proven number), and the booking notes whether the
   * renter's own number was proven then: the owner sees which contacts come from confirmed numbers.
   * The projection holds every account, renters too; a proof is handed to it before its answer.
   */
  async create(actor: Actor, data: BookingInput): Promise<Booking> {
    const landlordId = data.To.user;
    if (!isUuid(landlordId)) {
      throw fail.badRequest(MESSAGES.booking.ownerIdRequired, [`To.user: ${MESSAGES.booking.ownerIdRequired}`]);
    }
    const owner = await this.owners.find(landlordId);
    if (!owner || owner.banned || !(POSTING_ROLES as readonly string[]).includes(owner.role)) {
      throw fail.badRequest(MESSAGES.booking.notAnOwner, [`To.user: ${MESSAGES.booking.notAnOwner}`]);
    }
    let propertyId: string | null = null;
    if (data.propertyId !== undefined) {
      const property = await this.reader.load(data.propertyId);
      if (!property || !canSee(property, owner.id === property.ownerId ? owner : await this.owners.find(property.ownerId), actor)) {
        throw propertyNotFound();
      }
      if (property.ownerId !== landlordId) throw fail.badRequest(MESSAGES.booking.ownerMismatch, [`To.user: ${MESSAGES.booking.ownerMismatch}`]);
      propertyId = property.id;
    }
    const renterNumberProven = hasProvenNumber(await this.owners.find(actor.userId));
    const booking = await this.db.$transaction(async (tx) => {
      const created = await tx.booking.create({
        data: {
          renterId: actor.userId,
          landlordId,
          landlordName: owner.name,
          landlordWhatsapp: contactNumberOf(owner),
          propertyId,
          renterNumberProven,
        },
      });
      await recordEvent(tx, EVENT_TYPES.bookingCreated, {
        bookingId: created.id,
        propertyId,
        renterId: actor.userId,
        ownerId: landlordId,
        ownerName: created.landlordName,
        ownerWhatsapp: created.landlordWhatsapp,
        createdAt: created.createdAt.toISOString(),
      });
      return created;
    });
    return {
      _id: booking.id,
      id: booking.id,
      propertyId: booking.propertyId,
      renterId: booking.renterId,
      To: { user: booking.landlordId, name: booking.landlordName, whatsapp: booking.landlordWhatsapp },
      createdAt: booking.createdAt.toISOString(),
    };
  }
}
