// What an admin's review decision must say (docs/api.md#admin). The review schema (the server's check)
// and the admin review dialog (before any call) both ask this; moderation's own rules
// (services/moderation/src/rules/review-decision.ts) build on it.
import { MESSAGES } from '../messages.js';
import type { ReviewAction } from '../property.js';

/** A rejection must give the owner a reason; an approval needs none. */
export function decisionNeedsFeedback(action: ReviewAction): boolean {
  return action === 'reject';
}

/** Why this decision cannot be sent as it is (a blank reason on a rejection), or null when it can. */
export function reviewDecisionProblem(action: ReviewAction, feedback: string | null | undefined): string | null {
  if (decisionNeedsFeedback(action) && !(feedback ?? '').trim()) return MESSAGES.property.rejectionReasonRequired;
  return null;
}

/** What the admin is told once the decision is recorded (the gateway words moderation's answer). */
export function decisionMessage(action: ReviewAction): string {
  return action === 'approve' ? MESSAGES.property.approved : MESSAGES.property.rejected;
}
