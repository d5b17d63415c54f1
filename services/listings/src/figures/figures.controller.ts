import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, MESSAGES, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { fail, RpcRequest } from '@mboa/platform';
import { FiguresService } from './figures.service.js';
import { SearchDays } from './search-days.js';

/** Staff's daily figures (docs/api.md#staff-figures). */
@Controller()
export class FiguresController {
  constructor(
    private readonly figures: FiguresService,
    private readonly searchDays: SearchDays,
  ) {}

  @MessagePattern(P.adminFigures)
  figuresOf(@RpcRequest(P.adminFigures) { actor, days }: CheckedRequestOf<typeof P.adminFigures>): Promise<ReplyOf<typeof P.adminFigures>> {
    // Refused here too, whatever the caller checked before.
    if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
    return this.figures.of(days);
  }

  /** A gateway replica's counted searches (checked by the contract: folded values only, sane bounds; a bad batch is a 400 and nothing is written). */
  @MessagePattern(P.searchesCounted)
  async searchesCounted(@RpcRequest(P.searchesCounted) { tallies }: CheckedRequestOf<typeof P.searchesCounted>): Promise<ReplyOf<typeof P.searchesCounted>> {
    await this.searchDays.add(tallies);
    return { rows: tallies.length };
  }
}
