import { LIMITS, reviewDecisionProblem, translateText, type ReviewAction } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useState } from 'react';

/**
 * Approve or Reject (docs/api.md#admin): only for a property not verified yet; rejecting needs a
 * non-blank reason, checked before any call. A verified property shows 'already verified' instead.
 */
export function ReviewDecision({
  isVerified,
  previousFeedback,
  onDecide,
}: {
  isVerified: boolean;
  previousFeedback?: string;
  onDecide: (action: ReviewAction, feedback: string) => Promise<void>;
}) {
  const { t, m, language } = useI18n();
  const [feedback, setFeedback] = useState('');
  // The rule's own (English) words; shown in the language read now.
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  if (isVerified) {
    return (
      <p className="notice notice-ok" data-testid="already-verified">
        {m.property.alreadyVerified}
      </p>
    );
  }

  async function decide(action: ReviewAction) {
    const refused = reviewDecisionProblem(action, feedback);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      await onDecide(action, feedback.trim());
      if (action === 'reject') setFeedback('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      {previousFeedback ? (
        <div className="notice">
          <strong>{t('review.previousFeedback')}</strong>
          <p className="pre">{previousFeedback}</p>
          <p className="small muted">{t('review.rejectedBefore')}</p>
        </div>
      ) : null}
      <label className="field">
        <span>{t('review.reason')}</span>
        <textarea
          value={feedback}
          rows={3}
          maxLength={LIMITS.property.reviewFeedbackMax}
          placeholder={t('review.reasonPlaceholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'reason-error' : undefined}
          onChange={(e) => {
            setFeedback(e.target.value);
            if (problem) setProblem('');
          }}
        />
      </label>
      {problem ? (
        <p id="reason-error" className="field-error" role="alert">
          {translateText(problem, language)}
        </p>
      ) : null}
      <div className="row">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide('approve')}>
          {busy ? t('review.submitting') : t('review.approve')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void decide('reject')}>
          {t('review.reject')}
        </button>
      </div>
    </div>
  );
}
