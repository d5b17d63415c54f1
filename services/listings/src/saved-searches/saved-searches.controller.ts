import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { SavedSearchesService } from './saved-searches.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** Saved searches' NATS handlers (docs/api.md#saved-searches). */
@Controller()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @MessagePattern(P.savedSearchesList)
  list(@RpcRequest(P.savedSearchesList) { actor }: In<'savedSearchesList'>): Out<'savedSearchesList'> {
    return this.searches.list(actor);
  }

  @MessagePattern(P.savedSearchesCreate)
  create(@RpcRequest(P.savedSearchesCreate) { actor, language, data }: In<'savedSearchesCreate'>): Out<'savedSearchesCreate'> {
    return this.searches.create(actor, language, data);
  }

  @MessagePattern(P.savedSearchesUpdate)
  update(@RpcRequest(P.savedSearchesUpdate) { actor, id, language, data }: In<'savedSearchesUpdate'>): Out<'savedSearchesUpdate'> {
    return this.searches.update(actor, id, language, data);
  }

  @MessagePattern(P.savedSearchesDelete)
  remove(@RpcRequest(P.savedSearchesDelete) { actor, id }: In<'savedSearchesDelete'>): Out<'savedSearchesDelete'> {
    return this.searches.remove(actor, id);
  }

  @MessagePattern(P.savedSearchesUnsubscribe)
  unsubscribe(@RpcRequest(P.savedSearchesUnsubscribe) { token }: In<'savedSearchesUnsubscribe'>): Out<'savedSearchesUnsubscribe'> {
    return this.searches.unsubscribe(token);
  }
}
