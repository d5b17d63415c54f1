import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { FavouritesService } from './favourites.service.js';

/** Favourites' NATS handlers (docs/api.md#favourites). */
@Controller()
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @MessagePattern(P.favouritesList)
  list(@RpcRequest(P.favouritesList) { actor }: CheckedRequestOf<typeof P.favouritesList>): Promise<ReplyOf<typeof P.favouritesList>> {
    return this.favourites.list(actor);
  }

  @MessagePattern(P.favouritesIds)
  ids(@RpcRequest(P.favouritesIds) { actor }: CheckedRequestOf<typeof P.favouritesIds>): Promise<ReplyOf<typeof P.favouritesIds>> {
    return this.favourites.ids(actor);
  }

  @MessagePattern(P.favouritesAdd)
  add(@RpcRequest(P.favouritesAdd) { actor, propertyId }: CheckedRequestOf<typeof P.favouritesAdd>): Promise<ReplyOf<typeof P.favouritesAdd>> {
    return this.favourites.add(actor, propertyId);
  }

  @MessagePattern(P.favouritesRemove)
  remove(@RpcRequest(P.favouritesRemove) { actor, propertyId }: CheckedRequestOf<typeof P.favouritesRemove>): Promise<ReplyOf<typeof P.favouritesRemove>> {
    return this.favourites.remove(actor, propertyId);
  }

  @MessagePattern(P.favouritesMerge)
  merge(@RpcRequest(P.favouritesMerge) { actor, propertyIds }: CheckedRequestOf<typeof P.favouritesMerge>): Promise<ReplyOf<typeof P.favouritesMerge>> {
    return this.favourites.merge(actor, propertyIds);
  }

  @MessagePattern(P.favouritesCards)
  cards(@RpcRequest(P.favouritesCards) { ids }: CheckedRequestOf<typeof P.favouritesCards>): Promise<ReplyOf<typeof P.favouritesCards>> {
    return this.favourites.cards(ids);
  }
}
