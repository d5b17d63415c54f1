// Identity and proof of control (docs/api.md#identity-and-proof-of-control): who may send which
// proof, when staff may decide, and how long the photos are kept. The one place these rules live;
// VerificationService applies them around the database.
import {
  LIMITS,
  maySendDocuments,
  MESSAGES,
  type Actor,
  type VerificationDocumentType,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';

const M = MESSAGES.verification;
const DAY_MS = 86_400_000;

/** How long a decided request's photos are kept; the decision itself stays. */
export const FILES_KEPT_DAYS = LIMITS.verification.filesKeptDays;

/** Only landlords and caretakers send documents (403): renters answer for no listing, staff check. */
export function ensureMaySend(actor: Actor): asserts actor is Actor & { role: 'landlord' | 'caretaker' } {
  if (!maySendDocuments(actor.role)) throw fail.forbidden(M.ownersOnly);
}

/**
 * A caretaker proves control with the owner's signed mandate and nothing else (their name is on no
 * bill or deed); a landlord proves it with papers in their own name, never a mandate.
 */
export function ensureProofFitsRole(role: 'landlord' | 'caretaker', documentType: VerificationDocumentType, kind: 'identity' | 'control'): void {
  if (kind !== 'control') return;
  if (role === 'caretaker' && documentType !== 'caretaker-mandate') throw fail.badRequest(M.mandateForCaretakers, [`documentType: ${M.mandateForCaretakers}`]);
  if (role === 'landlord' && documentType === 'caretaker-mandate') throw fail.badRequest(M.mandateNotForLandlords, [`documentType: ${M.mandateNotForLandlords}`]);
}

/** Only admins read the queue, the files, and decide (403, before any other work). */
export function ensureStaff(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

/** A request is decided once (409); the owner sends a new one after a refusal. */
export function ensureStillPending(status: string): void {
  if (status !== 'pending') throw fail.conflict(M.alreadyDecided);
}

/** The same properties in any order are the same set (one pending request per owner, kind and set). */
export function propertySet(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))].sort();
}

/** Requests decided before this moment have their photos deleted. */
export function filesExpireBefore(now: Date): Date {
  return new Date(now.getTime() - FILES_KEPT_DAYS * DAY_MS);
}
