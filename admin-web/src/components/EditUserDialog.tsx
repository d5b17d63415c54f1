import { LIMITS, userUpdateSchema, type PublicUser } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useId, useState } from 'react';
import { editUser } from '../api/admin.js';
import { EditDialog } from './EditDialog.js';

/** What the server's schema for this change (`userUpdateSchema`) refuses, checked before any call. */
export function checkUserEdit(name: string, whatsapp: string): string[] {
  const result = userUpdateSchema.safeParse({ name, whatsapp });
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
}

/** Edits a user's name and WhatsApp number (PATCH /api/admin/users/:id); the row takes the server's answer. */
export function EditUserDialog({ user, onClose, onSaved }: { user: PublicUser; onClose: () => void; onSaved: (user: PublicUser, message: string) => void }) {
  const { t, m } = useI18n();
  const [name, setName] = useState(user.name);
  const [whatsapp, setWhatsapp] = useState(user.whatsapp);
  const waId = useId();

  function save() {
    const changes: { name?: string; whatsapp?: string } = {};
    if (name.trim() !== user.name) changes.name = name.trim();
    if (whatsapp.trim() !== user.whatsapp) changes.whatsapp = whatsapp.trim();
    if (!changes.name && !changes.whatsapp) return undefined;
    return editUser(user._id, changes).then((reply) => onSaved(reply.user, reply.message || m.auth.userUpdated));
  }

  return (
    <EditDialog title={t('users.editTitle')} onClose={onClose} check={() => checkUserEdit(name, whatsapp)} save={save} failed={m.common.unexpected}>
      <label className="field">
        <span>{t('users.name')}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" data-autofocus />
      </label>
      <div className="field">
        <label htmlFor={waId}>{t('users.whatsapp')}</label>
        <input
          id={waId}
          value={whatsapp}
          onChange={(e) => setWhatsapp(e.target.value.replace(/\D/g, '').slice(0, LIMITS.whatsappDigits))}
          inputMode="numeric"
          placeholder={t('users.searchPlaceholder')}
          aria-describedby={`${waId}-hint`}
        />
        <small id={`${waId}-hint`} className="muted">
          {t('users.whatsappHint')}
        </small>
      </div>
    </EditDialog>
  );
}
