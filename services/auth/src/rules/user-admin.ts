// Who may change a user account (docs/api.md#admin). The gateway already lets only admins reach these
// commands; auth owns the accounts, so it judges again whatever reached the bus.
import { MESSAGES, type Actor, type Language } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** Verifying, banning and unbanning are staff work (403 for anyone else). */
export function ensureMayManageUsers(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

/**
 * An admin may edit any account; anyone else only the language of their own (the profile page's one
 * setting). Name and WhatsApp stay the admins' to change, as the sign-up rules are theirs to apply.
 */
export function ensureMayUpdateUser(actor: Actor, userId: string, data: { name?: string; whatsapp?: string; language?: Language }): void {
  if (actor.role === 'admin') return;
  const onlyOwnLanguage = actor.userId === userId && data.name === undefined && data.whatsapp === undefined;
  if (!onlyOwnLanguage) throw fail.forbidden(MESSAGES.auth.adminOnly);
}
