// Who may change a user account (docs/api.md#admin). The gateway already lets only admins reach these
// commands; auth owns the accounts, so it judges again whatever reached the bus.
import { MESSAGES, type Actor, type Language } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** Verifying, banning and unbanning are staff work (403 for anyone else). */
export function ensureMayManageUsers(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

/**
 * An admin may edit any account; anyone else the language and the WhatsApp number of their own (the
 * profile page's settings: a changed number must be proven again before it is shown on listings or
 * used to post, docs/api.md#proving-a-whatsapp-number). The name stays the admins' to change.
 */
export function ensureMayUpdateUser(actor: Actor, userId: string, data: { name?: string; whatsapp?: string; language?: Language }): void {
  if (actor.role === 'admin') return;
  const ownSettings = actor.userId === userId && data.name === undefined;
  if (!ownSettings) throw fail.forbidden(MESSAGES.auth.adminOnly);
}
