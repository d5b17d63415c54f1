// An admin's decision on a property (docs/api.md#admin): who may decide, when a decision is refused, and
// what it leads to. The one place these rules live; ReviewService applies them around the database.
// "A rejection needs a reason" is shared with the admin review dialog (@mboa/contracts
// rules/review-decision.ts), so the dialog refuses exactly what the server refuses.
import {
  EVENT_TYPES,
  MESSAGES,
  reviewDecisionProblem,
  type Actor,
  type ReviewAction,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** Only admins decide (403). */
export function ensureMayReview(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

/** A rejection gives the owner a reason that is not blank (400 naming `feedback`); an approval needs none. */
export function ensureDecisionComplete(decision: { action: ReviewAction; feedback: string }): void {
  const problem = reviewDecisionProblem(decision.action, decision.feedback);
  if (problem) throw fail.badRequest(problem, [`feedback: ${problem}`]);
}

/**
 * A property is decided until it is approved: once verified (as listings shows it) or approved here
 * (the approval may not have reached listings yet), any further decision is a 409. A rejected
 * property may be decided again.
 */
export function ensureStillUnderReview(state: { isVerified: boolean; approvedBefore: boolean }): void {
  if (state.isVerified || state.approvedBefore) throw fail.conflict(MESSAGES.property.alreadyVerified);
}

/** The event a decision leaves as (listings verifies or hides the property; the owner is mailed). */
export function decisionEventType(action: ReviewAction): typeof EVENT_TYPES.propertyApproved | typeof EVENT_TYPES.propertyRejected {
  return action === 'approve' ? EVENT_TYPES.propertyApproved : EVENT_TYPES.propertyRejected;
}

