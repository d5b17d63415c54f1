import {
  LIMITS,
  translateText,
  verificationUploadSchema,
  type VerificationDocumentType,
  type VerificationKind,
} from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useToast } from '../ui/toast.js';
import { sendVerification } from './api.js';

/** A property the owner may say a proof covers, with what our team already did about it. */
export interface CoverableProperty {
  id: string;
  title: string;
  place: string;
  coverage: 'checked' | 'waiting' | null;
}

/** The fields in the order they are on screen: the first refused one is the one named. */
const FIELD_ORDER = ['kind', 'documentType', 'propertyIds', 'mandateOwnerName', 'mandateOwnerWhatsapp'];

let picked = 0;

/**
 * One document sent for checking: its type, the properties a proof of control covers (a caretaker's
 * mandate names the owner who signed it), and 1 to LIMITS.verification.maxFiles photos taken with
 * the phone's camera or picked from its gallery. Everything the server would refuse is said here
 * first, with the same words (the contract's schema and messages); nothing is sent until it holds.
 */
export function DocumentForm({
  kind,
  documentTypes,
  properties = [],
  onSent,
}: {
  kind: VerificationKind;
  documentTypes: readonly VerificationDocumentType[];
  properties?: CoverableProperty[];
  onSent: () => void;
}) {
  const { t, m, language } = useI18n();
  const notify = useToast();
  const id = useId();
  const only = documentTypes.length === 1 ? documentTypes[0] : '';
  const [documentType, setDocumentType] = useState<string>(only);
  const [propertyIds, setPropertyIds] = useState<string[]>([]);
  const [ownerName, setOwnerName] = useState('');
  const [ownerWhatsapp, setOwnerWhatsapp] = useState('');
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const [problem, setProblem] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const mandate = documentType === 'caretaker-mandate';
  const sending = progress !== null;

  function clearProblem() {
    if (problem.length) setProblem([]);
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // The same photo may be picked again after it was removed.
    event.target.value = '';
    setFiles((current) => [...current, ...chosen.map((file) => ({ key: ++picked, file }))]);
    clearProblem();
  }

  /** What the server would refuse, in the reader's language; empty when the form may go. */
  function refusal(): string | null {
    const checked = verificationUploadSchema.safeParse({
      kind,
      documentType: documentType || undefined,
      propertyIds,
      mandateOwnerName: mandate ? ownerName : undefined,
      mandateOwnerWhatsapp: mandate ? ownerWhatsapp : undefined,
    });
    if (!checked.success) {
      const first = [...checked.error.issues].sort((a, b) => FIELD_ORDER.indexOf(String(a.path[0])) - FIELD_ORDER.indexOf(String(b.path[0])))[0];
      return translateText(first.message, language);
    }
    if (files.length === 0) return m.verification.filesRequired;
    if (files.length > LIMITS.verification.maxFiles) return m.verification.tooManyFiles;
    if (files.some(({ file }) => !LIMITS.images.allowedMimeTypes.includes(file.type))) return m.property.imageTypeNotAllowed;
    if (files.some(({ file }) => file.size > LIMITS.images.maxBytes)) return m.property.imageTooLarge;
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = refusal();
    if (refused) return setProblem([refused]);
    setProblem([]);
    const form = new FormData();
    form.append('kind', kind);
    form.append('documentType', documentType);
    for (const propertyId of propertyIds) form.append('propertyIds', propertyId);
    if (mandate) {
      form.append('mandateOwnerName', ownerName.trim());
      form.append('mandateOwnerWhatsapp', ownerWhatsapp.replace(/[\s-]/g, ''));
    }
    for (const { file } of files) form.append('files', file, file.name);
    setProgress(0);
    try {
      await sendVerification(form, setProgress);
      notify('success', t('verification.sent'));
      setDocumentType(only);
      setPropertyIds([]);
      setOwnerName('');
      setOwnerWhatsapp('');
      setFiles([]);
      onSent();
    } catch (error) {
      // The server's own words, already in the reader's language, and each field's problem.
      setProblem(error instanceof ApiError ? [error.message, ...error.errors] : [m.common.unexpected]);
    } finally {
      setProgress(null);
    }
  }

  const toggle = (propertyId: string, on: boolean) => {
    setPropertyIds((current) => (on ? [...current, propertyId] : current.filter((p) => p !== propertyId)));
    clearProblem();
  };

  return (
    <form className="stack verification-form" onSubmit={(e) => void submit(e)} noValidate>
      {kind === 'control' ? (
        <fieldset className="verification-properties">
          <legend>{t('verification.properties')}</legend>
          <p className="muted small">{t('verification.propertiesHint', { max: LIMITS.verification.maxProperties })}</p>
          <ul>
            {properties.map((p) => (
              <li key={p.id}>
                <label className="check">
                  <input type="checkbox" checked={propertyIds.includes(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                  <span>
                    <strong>{p.title}</strong>
                    <span className="muted small"> · {p.place}</span>
                    {p.coverage ? (
                      <span className={`small verification-coverage ${p.coverage === 'checked' ? 'text-ok' : 'text-warn'}`}>
                        {p.coverage === 'checked' ? t('verification.propertyChecked') : t('verification.propertyWaiting')}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <label className="field">
        <span>{t('verification.documentType')}</span>
        <select
          value={documentType}
          onChange={(e) => {
            setDocumentType(e.target.value);
            clearProblem();
          }}
        >
          {only ? null : <option value="">{t('verification.chooseType')}</option>}
          {documentTypes.map((type) => (
            <option key={type} value={type}>
              {t(`verification.documentTypes.${type}`)}
            </option>
          ))}
        </select>
      </label>

      {mandate ? (
        <div className="field-row verification-mandate">
          <label className="field">
            <span>{t('verification.mandateOwnerName')}</span>
            <input
              value={ownerName}
              autoComplete="off"
              maxLength={LIMITS.verification.mandateOwnerNameMax}
              onChange={(e) => {
                setOwnerName(e.target.value);
                clearProblem();
              }}
            />
          </label>
          <div>
            <label className="field">
              <span>{t('verification.mandateOwnerWhatsapp')}</span>
              <input
                value={ownerWhatsapp}
                type="tel"
                inputMode="numeric"
                autoComplete="off"
                aria-describedby={`${id}-wa`}
                onChange={(e) => {
                  setOwnerWhatsapp(e.target.value);
                  clearProblem();
                }}
              />
            </label>
            <span id={`${id}-wa`} className="muted small">
              {t('verification.whatsappHint')}
            </span>
          </div>
        </div>
      ) : null}

      <div className="stack">
        <span className="strong">{t('verification.photos')}</span>
        <p className="muted small" id={`${id}-photos`}>
          {t('verification.photosHint', { max: LIMITS.verification.maxFiles, mb: LIMITS.images.maxBytes / (1024 * 1024) })}
        </p>
        {files.length ? (
          <ul className="verification-files">
            {files.map(({ key, file }) => (
              <li key={key}>
                <span className="verification-file-name">{file.name}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => {
                    setFiles((current) => current.filter((f) => f.key !== key));
                    clearProblem();
                  }}
                >
                  {t('verification.removePhoto', { name: file.name })}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <label htmlFor={`${id}-file`} className="btn btn-outline">
          {t('verification.addPhoto')}
        </label>
        {/* image/*: a phone offers its camera as well as its gallery. */}
        <input id={`${id}-file`} className="sr-only" type="file" accept="image/*" multiple aria-describedby={`${id}-photos`} onChange={pick} disabled={sending} />
      </div>

      {problem.length ? (
        <div className="form-error" role="alert">
          {problem.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}

      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? t('verification.sending', { percent: progress }) : t('verification.send')}
      </button>
    </form>
  );
}
