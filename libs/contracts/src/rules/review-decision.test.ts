import { decisionMessage, decisionNeedsFeedback, MESSAGES, reviewDecisionProblem, reviewSchema } from '../index.js';

describe('a review decision', () => {
  it('the admin is told what was decided', () => {
    expect(decisionMessage('approve')).toBe(MESSAGES.property.approved);
    expect(decisionMessage('reject')).toBe(MESSAGES.property.rejected);
  });

  it('a rejection needs a reason that is not blank', () => {
    expect(decisionNeedsFeedback('reject')).toBe(true);
    expect(reviewDecisionProblem('reject', '')).toBe(MESSAGES.property.rejectionReasonRequired);
    expect(reviewDecisionProblem('reject', '  \n\t ')).toBe(MESSAGES.property.rejectionReasonRequired);
    expect(reviewDecisionProblem('reject', undefined)).toBe(MESSAGES.property.rejectionReasonRequired);
    expect(reviewDecisionProblem('reject', 'Photos are blurry')).toBeNull();
  });

  it('an approval needs no reason', () => {
    expect(decisionNeedsFeedback('approve')).toBe(false);
    expect(reviewDecisionProblem('approve', '')).toBeNull();
    expect(reviewDecisionProblem('approve', null)).toBeNull();
  });

  it('the review schema applies the same rule, on the feedback field', () => {
    const refused = reviewSchema.safeParse({ action: 'reject', feedback: '   ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['feedback'], message: MESSAGES.property.rejectionReasonRequired }),
    ]);
    expect(reviewSchema.parse({ action: 'approve' })).toEqual({ action: 'approve', feedback: '' });
    expect(reviewSchema.parse({ action: 'reject', feedback: ' Blurry ' })).toEqual({ action: 'reject', feedback: 'Blurry' });
  });
});
