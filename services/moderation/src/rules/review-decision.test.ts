import { EVENT_TYPES, MESSAGES, reviewSchema, type Actor } from '@mboa/contracts';
import { parsePayload } from '@mboa/platform';
import { refusalOf as refusal } from '@mboa/platform/testing';
import {
  decisionEventType,
  ensureDecisionComplete,
  ensureMayReview,
  ensureStillUnderReview,
} from './review-decision.js';

const actor = (role: Actor['role']): Actor => ({ userId: '11111111-1111-4111-8111-111111111111', role, isVerified: true });

describe('who decides', () => {
  it('an admin may review', () => {
    expect(refusal(() => ensureMayReview(actor('admin')))).toBeNull();
  });

  it.each(['landlord', 'caretaker', 'renter'] as const)('a %s may not (403)', (role) => {
    expect(refusal(() => ensureMayReview(actor(role)))).toEqual({ status: 403, message: MESSAGES.auth.adminOnly });
  });
});

describe('what a decision must say', () => {
  it('a rejection without a reason (blank counts as none) is a 400 naming feedback', () => {
    const expected = { status: 400, message: MESSAGES.property.rejectionReasonRequired, errors: [`feedback: ${MESSAGES.property.rejectionReasonRequired}`] };
    expect(refusal(() => ensureDecisionComplete({ action: 'reject', feedback: '' }))).toEqual(expected);
    expect(refusal(() => ensureDecisionComplete({ action: 'reject', feedback: '  \n ' }))).toEqual(expected);
  });

  it('gives the same answer as the review schema the message is checked with', () => {
    const bySchema = refusal(() => parsePayload(reviewSchema, { action: 'reject', feedback: ' ' }));
    expect(refusal(() => ensureDecisionComplete({ action: 'reject', feedback: ' ' }))).toEqual(bySchema);
  });

  it('a rejection with a reason, and an approval with or without one, pass', () => {
    expect(refusal(() => ensureDecisionComplete({ action: 'reject', feedback: 'The photos are of another house' }))).toBeNull();
    expect(refusal(() => ensureDecisionComplete({ action: 'approve', feedback: '' }))).toBeNull();
    expect(refusal(() => ensureDecisionComplete({ action: 'approve', feedback: 'Nice' }))).toBeNull();
  });
});

describe('when a decision is refused', () => {
  const conflict = { status: 409, message: MESSAGES.property.alreadyVerified };

  it('a property not verified and never approved is still under review (also after a rejection)', () => {
    expect(refusal(() => ensureStillUnderReview({ isVerified: false, approvedBefore: false }))).toBeNull();
  });

  it('once verified, any decision is a 409', () => {
    expect(refusal(() => ensureStillUnderReview({ isVerified: true, approvedBefore: false }))).toEqual(conflict);
  });

  it('an approval recorded here counts even before listings shows the property verified (409)', () => {
    expect(refusal(() => ensureStillUnderReview({ isVerified: false, approvedBefore: true }))).toEqual(conflict);
  });
});

describe('what a decision leads to', () => {
  it('an approval leaves as property.approved', () => {
    expect(decisionEventType('approve')).toBe(EVENT_TYPES.propertyApproved);
  });

  it('a rejection leaves as property.rejected', () => {
    expect(decisionEventType('reject')).toBe(EVENT_TYPES.propertyRejected);
  });
});
