// Who may work through property requests and support tickets (docs/api.md#admin). The gateway already
// lets only admins reach these commands; support owns the records, so it judges again whatever
// reached the bus.
import { MESSAGES, type Actor } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** Moving a request or a ticket to another status is staff work (403 for anyone else). */
export function ensureMayChangeStatus(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}
