import { Inject, Injectable } from '@nestjs/common';
import { HANDED_OFF_TO, type EventType } from '@mboa/contracts';
import { EventHandOff, type EventEnvelope } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from './config.js';

/**
 * Read your writes: after the transaction commits, hands the event to the projections other
 * services read it from (HANDED_OFF_TO, e.g. listings' reviews for a decision) and waits for them.
 */
@Injectable()
export class ModerationEventHandOff extends EventHandOff {
  constructor(@Inject(MODERATION_CONFIG) config: ModerationConfig) {
    super(config, 'moderation');
  }

  applyNow(event: EventEnvelope): Promise<unknown> {
    return this.handOff(event, HANDED_OFF_TO[event.type as EventType]);
  }
}
