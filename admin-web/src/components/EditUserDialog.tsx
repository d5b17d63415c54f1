import { LIMITS, MESSAGES, userUpdateSchema, type PublicUser } from '@mboa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { editUser } from '../api/admin.js';
import { ApiError } from '@mboa/web-core';
import { t } from '../i18n/index.js';
import { reportAccessLost } from '../session/access.js';
import { FormErrors } from './FormErrors.js';
import { Modal } from './Modal.js';

/** What the server's schema for this change (`userUpdateSchema`) refuses, checked before any call. */
export function checkUserEdit(name: string, whatsapp: string): string[] {
  const result = userUpdateSchema.safeParse({ name, whatsapp });
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

/** Edits a user's name and WhatsApp number (PATCH /api/admin/users/:id); the row takes the server's answer. */
export function EditUserDialog({ user, onClose, onSaved }: { user: PublicUser; onClose: () => void; onSaved: (user: PublicUser, message: string) => void }) {
  const [name, setName] = useState(user.name);
  const [whatsapp, setWhatsapp] = useState(user.whatsapp);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const waId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkUserEdit(name, whatsapp);
    if (problems.length) return setErrors(problems);
    const changes: { name?: string; whatsapp?: string } = {};
    if (name.trim() !== user.name) changes.name = name.trim();
    if (whatsapp.trim() !== user.whatsapp) changes.whatsapp = whatsapp.trim();
    if (!changes.name && !changes.whatsapp) return onClose();
    setBusy(true);
    setErrors([]);
    try {
      const reply = await editUser(user._id, changes);
      onSaved(reply.user, reply.message || MESSAGES.auth.userUpdated);
    } catch (error) {
      reportAccessLost(error);
      setErrors(error instanceof ApiError ? (error.errors.length ? error.errors : [error.message]) : [MESSAGES.common.unexpected]);
      setBusy(false);
    }
  }

  return (
    <Modal open title={t.users.editTitle} onClose={onClose}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          <span>{t.users.name}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" data-autofocus />
        </label>
        <div className="field">
          <label htmlFor={waId}>{t.users.whatsapp}</label>
          <input
            id={waId}
            value={whatsapp}
            onChange={(e) => setWhatsapp(e.target.value.replace(/\D/g, '').slice(0, LIMITS.whatsappDigits))}
            inputMode="numeric"
            placeholder={t.users.searchPlaceholder}
            aria-describedby={`${waId}-hint`}
          />
          <small id={`${waId}-hint`} className="muted">
            {t.users.whatsappHint}
          </small>
        </div>
        <FormErrors errors={errors} />
        <div className="dialog-foot">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t.app.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t.app.saving : t.app.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
