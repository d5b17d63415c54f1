import { Injectable } from '@nestjs/common';
import { EVENT_TYPES, MESSAGES, type Actor, type BookingInput, type BookingResponse } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { ListingsDb } from '../db.js';
import { recordEvent } from '../events.js';
import { OwnersService } from '../owners/owners.service.js';
import { canSee, isUuid, PropertyReader, propertyNotFound } from '../properties/property-reader.js';

/** A renter contacting a landlord: recorded before WhatsApp opens, counted on the landlord's listing. */
@Injectable()
export class BookingsService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
    private readonly owners: OwnersService,
  ) {}

  async create(actor: Actor, data: BookingInput): Promise<BookingResponse> {
    const landlordId = data.To.user;
    if (!isUuid(landlordId)) {
      throw fail.badRequest(MESSAGES.booking.ownerIdRequired, [`To.user: ${MESSAGES.booking.ownerIdRequired}`]);
    }
    let propertyId: string | null = null;
    if (data.propertyId !== undefined) {
      const property = await this.reader.load(data.propertyId);
      if (!property || !canSee(property, await this.owners.find(property.ownerId), actor)) throw propertyNotFound();
      if (property.ownerId !== landlordId) throw fail.badRequest(MESSAGES.booking.ownerMismatch, [`To.user: ${MESSAGES.booking.ownerMismatch}`]);
      propertyId = property.id;
    }
    const booking = await this.db.$transaction(async (tx) => {
      const created = await tx.booking.create({
        data: {
          renterId: actor.userId,
          landlordId,
          landlordName: data.To.name,
          landlordWhatsapp: data.To.whatsapp,
          propertyId,
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
      message: MESSAGES.booking.created,
      booking: {
        _id: booking.id,
        id: booking.id,
        propertyId: booking.propertyId,
        renterId: booking.renterId,
        To: { user: booking.landlordId, name: booking.landlordName, whatsapp: booking.landlordWhatsapp },
        createdAt: booking.createdAt.toISOString(),
      },
    };
  }
}
