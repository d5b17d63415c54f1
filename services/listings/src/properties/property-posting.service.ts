import { Injectable } from '@nestjs/common';
import {
  canonicalTown,
  EVENT_TYPES,
  isOwnerRole,
  MESSAGES,
  propertyPostSchema,
  snapshotOfProperty,
  type Actor,
  type PropertyRead,
} from '@mboa/contracts';
import { fail, parsePayload } from '@mboa/platform';
import { ListingsDb } from '../db.js';
import { recordEvent } from '../events.js';
import { OwnersService } from '../owners/owners.service.js';
import { checkNumberBounds, propertyCreatePayload, specificationColumns } from './property-input.js';
import { isUuid } from './property-reader.js';
import { toPropertyRead } from './property-view.js';

/** `listings.property.create`: who may post, for whom, and what a new property looks like. */
@Injectable()
export class PropertyPostingService {
  constructor(
    private readonly db: ListingsDb,
    private readonly owners: OwnersService,
  ) {}

  async create(payload: unknown): Promise<PropertyRead> {
    const { actor, data: raw, images } = parsePayload(propertyCreatePayload, payload);
    this.ensureMayPost(actor);
    const data = parsePayload(propertyPostSchema, raw);
    checkNumberBounds(data);
    const ownerId = await this.ownerFor(actor, data.userId);

    const created = await this.db.$transaction(async (tx) => {
      const property = await tx.property.create({
        data: {
          ownerId,
          category: data.category,
          propertyType: data.propertyType,
          title: data.title,
          description: data.description,
          price: Math.round(data.price),
          caution: Math.round(data.caution),
          paymentTerm: data.paymentTerm,
          status: data.availability,
          country: data.location.country,
          town: canonicalTown(data.location.town),
          neighbourhood: data.location.neighbourhood,
          amenities: data.amenities,
          ...specificationColumns(data.specifications),
          images: {
            create: images.map((image, position) => ({
              position,
              largeKey: image.large.key,
              largeUrl: image.large.url,
              thumbKey: image.thumbnail.key,
              thumbUrl: image.thumbnail.url,
              width: image.large.width,
              height: image.large.height,
              thumbWidth: image.thumbnail.width,
              thumbHeight: image.thumbnail.height,
              alt: image.alt,
            })),
          },
        },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      const read = toPropertyRead(property, await tx.owner.findUnique({ where: { id: ownerId } }));
      await recordEvent(tx, EVENT_TYPES.propertyCreated, {
        property: snapshotOfProperty(read, ownerId),
        postedBy: actor.userId,
        version: property.version,
        actor,
      });
      return read;
    });
    return created;
  }

  /** CONTRACT.md: verified landlords and caretakers, and admins. */
  private ensureMayPost(actor: Actor): void {
    if (actor.role === 'admin') return;
    if (!isOwnerRole(actor.role)) throw fail.forbidden(MESSAGES.auth.postingNotAllowedForRole);
    if (!actor.isVerified) throw fail.forbidden(MESSAGES.auth.verificationRequiredToPost);
  }

  /** The owner of the new property: the poster, or for an admin the landlord or caretaker named by `userId`. */
  private async ownerFor(actor: Actor, userId: string | undefined): Promise<string> {
    if (!userId || userId === actor.userId) return actor.userId;
    if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.property.postForOthersAdminOnly);
    if (!isUuid(userId)) throw fail.badRequest(MESSAGES.property.userIdInvalid, [`userId: ${MESSAGES.property.userIdInvalid}`]);
    // The user may have registered a moment ago; their `user.registered` is on its way.
    const owner = await this.owners.waitFor(userId);
    if (!owner) throw fail.notFound(MESSAGES.property.ownerNotFound);
    if (!isOwnerRole(owner.role)) throw fail.badRequest(MESSAGES.property.ownerRoleInvalid);
    if (owner.banned) throw fail.badRequest(MESSAGES.property.ownerBanned);
    return owner.id;
  }
}
