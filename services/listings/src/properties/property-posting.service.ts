import { countListingFact } from '../figures/listing-days.js';
import { Injectable } from '@nestjs/common';
import {
  canonicalTown,
  EVENT_TYPES,
  LISTINGS_PATTERNS,
  MESSAGES,
  propertyPostSchema,
  snapshotOfProperty,
  type Actor,
  type CheckedRequestOf,
  type PropertyPostCheckReply,
  type PropertyPostInput,
  type PropertyRead,
  isUuid,
} from '@mboa/contracts';
import { fail, parsePayload } from '@mboa/platform';
import { ListingsDb } from '../db.js';
import { isUniqueViolation } from '../db-errors.js';
import { recordEvent } from '../events.js';
import { OwnersService } from '../owners/owners.service.js';
import { pinColumns } from '../rules/approximate-area.js';
import { textFlagsOf } from '../rules/money-before-visit.js';
import { ensureMayPost, ensureMayPostFor, ensureNumberProvenToPost, ensureRequiredSpecifications } from '../rules/posting.js';
import { contactNumberOf, hasProvenNumber } from '../rules/whatsapp-number.js';
import { imageRowsOf } from './image-rows.js';
import { checkNumberBounds, specificationColumns } from './property-input.js';
import { toPropertyRead } from './property-view.js';

/** `listings.property.create`: who may post, for whom, and what a new property looks like. */
@Injectable()
export class PropertyPostingService {
  constructor(
    private readonly db: ListingsDb,
    private readonly owners: OwnersService,
  ) {}

  /**
   * `listings.property.post-check`: the gateway asks before it reads a single photo, so a refused
   * posting costs nothing. Without `data`: may this actor post at all? With it: also the fields,
   * and the owner `userId` names. `create` judges again with the same rules.
   */
  async check({ actor, data: raw }: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyPostCheck>): Promise<PropertyPostCheckReply> {
    await this.ensureMayPost(actor);
    if (raw === undefined) return {};
    const data = this.validPost(raw);
    return { ownerId: await this.ownerFor(actor, data.userId) };
  }

  async create({ actor, data: raw, images, postingKey }: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyCreate>): Promise<PropertyRead> {
    await this.ensureMayPost(actor);
    const data = this.validPost(raw);
    const ownerId = await this.ownerFor(actor, data.userId);
    // A retry of a posting already made (the gateway's wait ran out after it was saved, so its key
    // was freed): the listing that key made, not a second one (docs/api.md#idempotency-key).
    const earlier = postingKey ? await this.postedUnder(postingKey) : null;
    if (earlier) return earlier;
    try {
      return await this.insert(actor, data, ownerId, images, postingKey);
    } catch (error) {
      // Two sends of one key at once (a lease lost with Redis): the first one's listing.
      const first = postingKey && isUniqueViolation(error) ? await this.postedUnder(postingKey) : null;
      if (first) return first;
      throw error;
    }
  }

  private async postedUnder(postingKey: string): Promise<PropertyRead | null> {
    const property = await this.db.property.findUnique({ where: { postingKey }, include: { images: { orderBy: { position: 'asc' } } } });
    if (!property) return null;
    return toPropertyRead(property, await this.db.owner.findUnique({ where: { id: property.ownerId } }), { withPin: true });
  }

  private async insert(
    actor: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyCreate>['actor'],
    data: PropertyPostInput,
    ownerId: string,
    images: CheckedRequestOf<typeof LISTINGS_PATTERNS.propertyCreate>['images'],
    postingKey: string | undefined,
  ): Promise<PropertyRead> {
    const created = await this.db.$transaction(async (tx) => {
      const owner = await tx.owner.findUnique({ where: { id: ownerId } });
      const property = await tx.property.create({
        data: {
          ownerId,
          category: data.category,
          propertyType: data.propertyType,
          title: data.title,
          description: data.description,
          // Staff only: never in the read below, the event or the search document.
          textFlags: textFlagsOf(data, owner ? contactNumberOf(owner) : undefined),
          price: Math.round(data.price),
          caution: Math.round(data.caution),
          advanceMonths: data.advanceMonths ?? 0,
          paymentTerm: data.paymentTerm,
          status: data.availability,
          country: data.location.country,
          town: canonicalTown(data.location.town),
          neighbourhood: data.location.neighbourhood,
          landmark: data.location.landmark || null,
          // The area's offset is drawn here, once, pin or not: a pin added later moves with it.
          ...pinColumns(data.location.pin ?? null, null),
          amenities: data.amenities,
          ...specificationColumns(data.specifications),
          images: { create: imageRowsOf(images) },
          postingKey: postingKey ?? null,
        },
        include: { images: { orderBy: { position: 'asc' } } },
      });
      await recordEvent(tx, EVENT_TYPES.propertyCreated, {
        property: snapshotOfProperty(toPropertyRead(property, owner), ownerId),
        postedBy: actor.userId,
        version: property.version,
        actor,
      });
      // Staff's figures: the day's postings, in the same transaction (figures/listing-days.ts).
      await countListingFact(tx, 'posted', property.createdAt);
      // The post answer is the owner's: it shows the pin they placed.
      return toPropertyRead(property, owner, { withPin: true });
    });
    return created;
  }

  /**
   * Verified landlords and caretakers with a proven number, and admins; nobody banned
   * (rules/posting). A proof made a moment ago is handed to the owners projection before its
   * answer, but a late one is waited for briefly before refusing.
   */
  private async ensureMayPost(actor: Actor): Promise<void> {
    // The cheap refusals first: a renter costs no database read.
    ensureMayPost(actor, null);
    if (actor.role === 'admin') return;
    const self = await this.owners.find(actor.userId);
    ensureMayPost(actor, self);
    ensureNumberProvenToPost(actor, hasProvenNumber(self) ? self : await this.owners.waitFor(actor.userId, undefined, hasProvenNumber));
  }

  /** The post fields as the shared schema accepts them, within our columns' bounds. */
  private validPost(raw: unknown): PropertyPostInput {
    const data = parsePayload(propertyPostSchema, raw);
    ensureRequiredSpecifications(data.category, data.specifications);
    checkNumberBounds(data);
    return data;
  }

  /** The owner of the new property: the poster, or for an admin the landlord or caretaker named by `userId`. */
  private async ownerFor(actor: Actor, userId: string | undefined): Promise<string> {
    if (!userId || userId === actor.userId) return actor.userId;
    if (actor.role !== 'admin') ensureMayPostFor(actor, null);
    if (!isUuid(userId)) throw fail.badRequest(MESSAGES.property.userIdInvalid, [`userId: ${MESSAGES.property.userIdInvalid}`]);
    // The user may have registered a moment ago; their `user.registered` is on its way.
    const owner = await this.owners.waitFor(userId);
    ensureMayPostFor(actor, owner);
    return owner.id;
  }
}
