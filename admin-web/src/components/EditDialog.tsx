import { translateFieldError } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { reportAccessLost } from '../session/access.js';
import { FormErrors } from './FormErrors.js';
import { Modal } from './Modal.js';

/**
 * The frame of an admin's edit (a user, a property): the form's own checks first, no call when
 * nothing changed, Save disabled while the one call runs, and the server's refusal shown in the
 * dialog so the admin can correct and save again.
 */
export function EditDialog({
  title,
  className,
  onClose,
  check,
  save,
  failed,
  children,
}: {
  title: string;
  className?: string;
  onClose: () => void;
  /** The problems to fix before anything is sent. */
  check: () => string[];
  /** Sends the changes and hands the answer on; undefined when nothing changed (the dialog just closes). */
  save: () => Promise<void> | undefined;
  /** Shown when the call fails without the server's own words. */
  failed: string;
  children: ReactNode;
}) {
  const { t, language } = useI18n();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = check();
    if (problems.length) return setErrors(problems);
    const saving = save();
    if (!saving) return onClose();
    setBusy(true);
    setErrors([]);
    try {
      await saving;
    } catch (error) {
      reportAccessLost(error);
      setErrors(error instanceof ApiError ? (error.errors.length ? error.errors : [error.message]) : [failed]);
      setBusy(false);
    }
  }

  return (
    <Modal open title={title} onClose={onClose} className={className}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        {/* The form's own checks speak English (the server's schema); shown in the language read now. */}
        <FormErrors errors={errors.map((e) => translateFieldError(e, language))} />
        <div className="dialog-foot">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('app.saving') : t('app.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
