import { LIMITS, VERIFICATION_REJECTION_REASONS, type AdminVerificationDetail, type VerificationRejectionReason } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useId, useState } from 'react';
import { formatDateTime } from '../logic/format.js';

export type Decision = { action: 'approve' } | { action: 'reject'; reason: VerificationRejectionReason; note: string };

const isReason = (value: string): value is VerificationRejectionReason => (VERIFICATION_REJECTION_REASONS as readonly string[]).includes(value);

/**
 * Approve, or Reject with a reason from the list and a note for the owner (needed for "other",
 * which says nothing by itself), both checked before any call. A decided request shows the decision.
 */
export function VerificationDecision({ request, onDecide }: { request: AdminVerificationDetail; onDecide: (decision: Decision) => Promise<void> }) {
  const { t, m, format } = useI18n();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<'reason' | 'note' | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  if (request.status !== 'pending') {
    return (
      <div className={`notice ${request.status === 'approved' ? 'notice-ok' : 'notice-error'}`} data-testid="decided">
        <p>
          {t('verification.decidedOn', { status: t(`labels.verificationStatus.${request.status}`), date: formatDateTime(request.decidedAt, format) })}
        </p>
        {request.reason ? (
          <p>{t('verification.reasonGiven', { reason: m.verification.reasons[request.reason] })}</p>
        ) : null}
        {request.note ? <p className="pre">{request.note}</p> : null}
      </div>
    );
  }

  async function send(decision: Decision) {
    setBusy(true);
    try {
      await onDecide(decision);
    } finally {
      setBusy(false);
    }
  }

  function reject() {
    if (!isReason(reason)) return setProblem('reason');
    if (reason === 'other' && !note.trim()) return setProblem('note');
    setProblem(null);
    void send({ action: 'reject', reason, note: note.trim() });
  }

  return (
    <div className="stack">
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send({ action: 'approve' })}>
        {busy ? t('verification.sending') : t('verification.approve')}
      </button>
      <label className="field">
        <span>{t('verification.reason')}</span>
        <select
          value={reason}
          aria-invalid={problem === 'reason' ? true : undefined}
          aria-describedby={problem === 'reason' ? errorId : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
        >
          <option value="">{t('verification.reasonChoose')}</option>
          {VERIFICATION_REJECTION_REASONS.map((r) => (
            <option key={r} value={r}>
              {m.verification.reasons[r]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('verification.note')}</span>
        <textarea
          value={note}
          rows={3}
          maxLength={LIMITS.verification.noteMax}
          placeholder={t('verification.notePlaceholder')}
          aria-invalid={problem === 'note' ? true : undefined}
          aria-describedby={problem === 'note' ? errorId : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            setProblem(null);
          }}
        />
      </label>
      {problem ? (
        <p id={errorId} className="field-error" role="alert">
          {problem === 'reason' ? m.verification.reasonRequired : m.verification.noteRequired}
        </p>
      ) : null}
      <button type="button" className="btn btn-danger" disabled={busy} onClick={reject}>
        {t('verification.reject')}
      </button>
    </div>
  );
}
