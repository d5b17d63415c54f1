import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  LISTINGS_PATTERNS as P,
  MESSAGES,
  propertyEditSchema,
  type Actor,
  type CheckedRequestOf,
  type ReplyOf,
} from '@mboa/contracts';
import { fail, parsePayload, RpcRequest } from '@mboa/platform';
import { BookingsService } from './bookings/bookings.service.js';
import { HealthService } from './health.service.js';
import { PropertyChangesService } from './properties/property-changes.service.js';
import { PropertyPhotosService } from './properties/property-photos.service.js';
import { PropertyPostingService } from './properties/property-posting.service.js';
import { PropertyQueriesService } from './properties/property-queries.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** Admin commands are refused here too, whatever the caller checked before. */
function ensureAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

/** listings' NATS handlers: each message is checked against its contract (RPC_REQUESTS) before it gets here. */
@Controller()
export class ListingsController {
  constructor(
    private readonly posting: PropertyPostingService,
    private readonly photos: PropertyPhotosService,
    private readonly queries: PropertyQueriesService,
    private readonly changes: PropertyChangesService,
    private readonly bookings: BookingsService,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(P.propertyCreate)
  create(@RpcRequest(P.propertyCreate) request: In<'propertyCreate'>): Out<'propertyCreate'> {
    return this.posting.create(request);
  }

  @MessagePattern(P.propertyPostCheck)
  postCheck(@RpcRequest(P.propertyPostCheck) request: In<'propertyPostCheck'>): Out<'propertyPostCheck'> {
    return this.posting.check(request);
  }

  @MessagePattern(P.propertyPhotosCheck)
  photosCheck(@RpcRequest(P.propertyPhotosCheck) request: In<'propertyPhotosCheck'>): Out<'propertyPhotosCheck'> {
    return this.photos.check(request);
  }

  @MessagePattern(P.propertyPhotosAdd)
  photosAdd(@RpcRequest(P.propertyPhotosAdd) request: In<'propertyPhotosAdd'>): Out<'propertyPhotosAdd'> {
    return this.photos.add(request);
  }

  @MessagePattern(P.propertyPhotosReview)
  photosReview(@RpcRequest(P.propertyPhotosReview) request: In<'propertyPhotosReview'>): Out<'propertyPhotosReview'> {
    return this.photos.review(request);
  }

  @MessagePattern(P.propertyGet)
  get(@RpcRequest(P.propertyGet) { id, actor }: In<'propertyGet'>): Out<'propertyGet'> {
    return this.queries.get(id, actor);
  }

  @MessagePattern(P.propertySearch)
  search(@RpcRequest(P.propertySearch) query: In<'propertySearch'>): Out<'propertySearch'> {
    return this.queries.searchProperties(query);
  }

  @MessagePattern(P.propertiesMap)
  map(@RpcRequest(P.propertiesMap) query: In<'propertiesMap'>): Out<'propertiesMap'> {
    return this.queries.mapPoints(query);
  }

  @MessagePattern(P.myListingsFetch)
  myListingsFetch(@RpcRequest(P.myListingsFetch) { actor, payload }: In<'myListingsFetch'>): Out<'myListingsFetch'> {
    return this.queries.myListings(actor, payload);
  }

  @MessagePattern(P.myListingsUpdate)
  myListingsUpdate(@RpcRequest(P.myListingsUpdate) { actor, payload }: In<'myListingsUpdate'>): Out<'myListingsUpdate'> {
    return this.changes.ownerUpdate(actor, payload.id, payload.data);
  }

  @MessagePattern(P.myListingsDelete)
  myListingsDelete(@RpcRequest(P.myListingsDelete) { actor, payload }: In<'myListingsDelete'>): Out<'myListingsDelete'> {
    return this.changes.remove(actor, payload.id);
  }

  @MessagePattern(P.bookingsCreate)
  bookingsCreate(@RpcRequest(P.bookingsCreate) { actor, data }: In<'bookingsCreate'>): Out<'bookingsCreate'> {
    return this.bookings.create(actor, data);
  }

  @MessagePattern(P.profileCount)
  async profileCount(@RpcRequest(P.profileCount) { userId }: In<'profileCount'>): Out<'profileCount'> {
    return { totalProperties: await this.queries.countOf(userId) };
  }

  @MessagePattern(P.adminList)
  adminList(@RpcRequest(P.adminList) query: In<'adminList'>): Out<'adminList'> {
    return this.queries.adminList(query);
  }

  @MessagePattern(P.adminStatus)
  adminStatus(@RpcRequest(P.adminStatus) { actor, propertyId, action }: In<'adminStatus'>): Out<'adminStatus'> {
    ensureAdmin(actor);
    return this.changes.adminSetStatus(actor, propertyId, action);
  }

  @MessagePattern(P.adminGet)
  async adminGet(@RpcRequest(P.adminGet) { id }: In<'adminGet'>): Out<'adminGet'> {
    return { property: await this.queries.adminGet(id) };
  }

  @MessagePattern(P.adminEdit)
  adminEdit(@RpcRequest(P.adminEdit) { actor, id, data }: In<'adminEdit'>): Out<'adminEdit'> {
    // Who may edit is decided before the fields are judged.
    ensureAdmin(actor);
    return this.changes.adminEdit(actor, id, parsePayload(propertyEditSchema, data));
  }

  @MessagePattern(P.stats)
  stats(): Out<'stats'> {
    return this.queries.stats();
  }

  @MessagePattern(P.health)
  check(): Out<'health'> {
    return this.health.check();
  }
}
