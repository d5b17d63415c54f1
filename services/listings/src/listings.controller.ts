import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  actorSchema,
  ADMIN_PROPERTY_ACTIONS,
  adminManagePropertiesSchema,
  bookingSchema,
  idSchema,
  LISTINGS_PATTERNS,
  MESSAGES,
  myListingsSchema,
  propertyEditSchema,
  searchQuerySchema,
  type Actor,
  type AdminManagePropertiesInput,
  type MyListingsInput,
} from '@mboa/contracts';
import { fail, parsePayload } from '@mboa/platform';
import { z } from 'zod';
import { BookingsService } from './bookings/bookings.service.js';
import { HealthService } from './health.service.js';
import { PropertyChangesService } from './properties/property-changes.service.js';
import { actorPayload } from './properties/property-input.js';
import { PropertyPostingService } from './properties/property-posting.service.js';
import { PropertyQueriesService } from './properties/property-queries.service.js';

const getPayload = z.object({ id: z.unknown(), actor: actorSchema.nullish() });
const adminActionPayload = z.object({
  actor: actorSchema,
  propertyId: idSchema,
  action: z.enum(ADMIN_PROPERTY_ACTIONS, { error: MESSAGES.common.invalidType }),
});
const adminEditPayload = z.object({ actor: actorSchema, id: idSchema, data: z.unknown() });
const userIdPayload = z.object({ userId: idSchema });

function payloadOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Admin commands are refused here too, whatever the caller checked before. */
function ensureAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

function myListings<A extends MyListingsInput['action']>(
  action: A,
  payload: unknown,
): { actor: Actor; payload: Extract<MyListingsInput, { action: A }>['payload'] } {
  const { actor } = parsePayload(actorPayload, payload);
  const parsed = parsePayload(myListingsSchema, { action, payload: payloadOf(payload).payload });
  return { actor, payload: (parsed as Extract<MyListingsInput, { action: A }>).payload as any };
}

@Controller()
export class ListingsController {
  constructor(
    private readonly posting: PropertyPostingService,
    private readonly queries: PropertyQueriesService,
    private readonly changes: PropertyChangesService,
    private readonly bookings: BookingsService,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(LISTINGS_PATTERNS.propertyCreate)
  create(@Payload() payload: unknown) {
    return this.posting.create(payload);
  }

  @MessagePattern(LISTINGS_PATTERNS.propertyPostCheck)
  postCheck(@Payload() payload: unknown) {
    return this.posting.check(payload);
  }

  @MessagePattern(LISTINGS_PATTERNS.propertyGet)
  get(@Payload() payload: unknown) {
    const { id, actor } = parsePayload(getPayload, payload ?? {});
    return this.queries.get(id, actor);
  }

  @MessagePattern(LISTINGS_PATTERNS.propertySearch)
  search(@Payload() payload: unknown) {
    return this.queries.searchProperties(parsePayload(searchQuerySchema, payload ?? {}));
  }

  @MessagePattern(LISTINGS_PATTERNS.myListingsFetch)
  myListingsFetch(@Payload() payload: unknown) {
    const { actor, payload: query } = myListings('fetch', payload);
    return this.queries.myListings(actor, query);
  }

  @MessagePattern(LISTINGS_PATTERNS.myListingsUpdate)
  async myListingsUpdate(@Payload() payload: unknown) {
    const { actor, payload: input } = myListings('update', payload);
    const data = await this.changes.ownerSetStatus(actor, input.id, input.data.status);
    return { data, message: MESSAGES.toast.propertyStatusUpdated(data.status) };
  }

  @MessagePattern(LISTINGS_PATTERNS.myListingsDelete)
  async myListingsDelete(@Payload() payload: unknown) {
    const { actor, payload: input } = myListings('delete', payload);
    return { data: await this.changes.remove(actor, input.id), message: MESSAGES.toast.propertyDeleted };
  }

  @MessagePattern(LISTINGS_PATTERNS.bookingsCreate)
  bookingsCreate(@Payload() payload: unknown) {
    const { actor } = parsePayload(actorPayload, payload);
    return this.bookings.create(actor, parsePayload(bookingSchema, payloadOf(payload).data ?? {}));
  }

  @MessagePattern(LISTINGS_PATTERNS.profileCount)
  async profileCount(@Payload() payload: unknown) {
    const { userId } = parsePayload(userIdPayload, payload);
    return { totalProperties: await this.queries.countOf(userId) };
  }

  @MessagePattern(LISTINGS_PATTERNS.adminList)
  adminList(@Payload() payload: unknown) {
    const body = payloadOf(payload);
    const { actor: _actor, ...query } = body;
    const parsed = parsePayload(adminManagePropertiesSchema, { type: 'list', payload: query }) as Extract<AdminManagePropertiesInput, { type: 'list' }>;
    return this.queries.adminList(parsed.payload);
  }

  @MessagePattern(LISTINGS_PATTERNS.adminStatus)
  async adminStatus(@Payload() payload: unknown) {
    const body = payloadOf(payload);
    const { actor, propertyId, action } = parsePayload(adminActionPayload, { ...body, action: body.action ?? body.type });
    ensureAdmin(actor);
    const property = await this.changes.adminSetStatus(actor, propertyId, action);
    return { message: MESSAGES.toast.adminPropertyStatusUpdated, property };
  }

  @MessagePattern(LISTINGS_PATTERNS.adminGet)
  async adminGet(@Payload() payload: unknown) {
    return { property: await this.queries.adminGet(payloadOf(payload).id) };
  }

  @MessagePattern(LISTINGS_PATTERNS.adminEdit)
  async adminEdit(@Payload() payload: unknown) {
    const { actor, id, data } = parsePayload(adminEditPayload, payload);
    ensureAdmin(actor);
    const property = await this.changes.adminEdit(actor, id, parsePayload(propertyEditSchema, data));
    return { message: MESSAGES.property.updated, property };
  }

  @MessagePattern(LISTINGS_PATTERNS.stats)
  stats() {
    return this.queries.stats();
  }

  @MessagePattern(LISTINGS_PATTERNS.health)
  check() {
    return this.health.check();
  }
}
