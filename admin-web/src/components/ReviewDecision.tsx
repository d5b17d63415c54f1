import { LIMITS, reviewDecisionProblem, translateText, type ReviewAction } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useState, type ReactNode } from 'react';

/**
 * Approve or Reject (docs/api.md#admin): only for a property not verified yet; rejecting needs a
 * non-blank reason, checked before any call. A verified property shows 'already verified' instead.
 * With `confirmApproval` (e.g. its photos appear in another owner's listing), Approve first shows
 * that dialog and sends nothing unless the admin confirms.
 */
export function ReviewDecision({
  isVerified,
  previousFeedback,
  onDecide,
  confirmApproval,
}: {
  isVerified: boolean;
  previousFeedback?: string;
  onDecide: (action: ReviewAction, feedback: string) => Promise<void>;
  confirmApproval?: (answer: { onCancel: () => void; onConfirm: () => void }) => ReactNode;
}) {
  const { t, m, language } = useI18n();
  const [feedback, setFeedback] = useState('');
  // The rule's own (English) words; shown in the language read now.
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (isVerified) {
    return (
      <p className="notice notice-ok" data-testid="already-verified">
        {m.property.alreadyVerified}
      </p>
    );
  }

  async function decide(action: ReviewAction, confirmed = false) {
    const refused = reviewDecisionProblem(action, feedback);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem('');
    if (action === 'approve' && confirmApproval && !confirmed) {
      setConfirming(true);
      return;
    }
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
      {confirming && confirmApproval
        ? confirmApproval({
            onCancel: () => setConfirming(false),
            onConfirm: () => {
              setConfirming(false);
              void decide('approve', true);
            },
          })
        : null}
    </div>
  );
}
