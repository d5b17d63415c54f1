import type { PublicUser, SecondFactorEnrolmentResponse } from '@mboa/contracts';
import { Spinner } from '@mboa/ui';
import { ApiError, LanguageSwitch, useI18n } from '@mboa/web-core';
import { useQueryClient } from '@tanstack/react-query';
import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { beginSecondFactor, checkSecondFactor, confirmSecondFactor } from '../api/admin.js';
import { ACCESS_KEY, useAccess, type Access, type SecondFactorStep } from './access.js';

/**
 * The admin area's second factor (docs/api.md#the-admin-areas-second-factor): a staff member sets up
 * an authenticator app (the key as text and as an otpauth:// link) and confirms it with a first code,
 * keeps the recovery codes shown once, or enters the app's code for this session. Nothing else of
 * the admin app is drawn until then; the server refuses every admin call meanwhile anyway.
 */
export function SecondFactorGate({ step, user }: { step: SecondFactorStep; user: PublicUser }) {
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const open = () => {
    const passed: Access = { state: 'admin', user };
    queryClient.setQueryData<Access>(ACCESS_KEY, passed);
  };
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={open} />;
  return step === 'enrol' ? <Enrol onConfirmed={setRecoveryCodes} /> : <Check onPassed={open} />;
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const { t } = useI18n();
  const { logout } = useAccess();
  return (
    <main className="not-authorised second-factor" data-testid={testId}>
      <div className="panel">
        <div className="auth-language">
          <LanguageSwitch label={t('app.language')} />
        </div>
        <h1>{title}</h1>
        {children}
        <p>
          <button type="button" className="btn btn-outline" onClick={() => void logout()}>
            {t('secondFactor.signOut')}
          </button>
        </p>
      </div>
    </main>
  );
}

/** A code field and its submit; the server's refusal (wrong, used, too many) is shown as it words it. */
function CodeForm({ label, submit, busyLabel, send }: { label: string; submit: string; busyLabel: string; send: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { m } = useI18n();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send(code);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : m.common.unexpected);
      setCode('');
      setBusy(false);
    }
  }
  return (
    <form className="stack" onSubmit={(e) => void onSubmit(e)}>
      <label className="field">
        <span>{label}</span>
        <input
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          autoFocus
        />
      </label>
      {error ? (
        <p className="form-errors" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : submit}
      </button>
    </form>
  );
}

/** The otpauth:// link as a QR code for the app's camera (lean-qr: a few KB, no dependencies). */
function LinkQrCode({ uri, label }: { uri: string; label: string }) {
  const code = useMemo(() => generate(uri), [uri]);
  // Four modules of light margin all round: cameras need the quiet zone to find the code.
  const box = `-4 -4 ${code.size + 8} ${code.size + 8}`;
  return (
    <svg className="second-factor-qr" viewBox={box} role="img" aria-label={label} data-testid="second-factor-qr" shapeRendering="crispEdges">
      <rect x={-4} y={-4} width={code.size + 8} height={code.size + 8} fill="#fff" />
      <path d={toSvgPath(code)} fill="#000" />
    </svg>
  );
}

function Enrol({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useI18n();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolmentResponse | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    beginSecondFactor().then(
      (reply) => current && setEnrolment(reply),
      () => current && setEnrolment('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  if (enrolment === null) return <Spinner page label={t('app.loading')} />;
  if (enrolment === 'failed') {
    return (
      <Panel title={t('secondFactor.enrolTitle')} testId="second-factor-enrol">
        <p role="alert">{t('secondFactor.loadFailed')}</p>
        <button type="button" className="btn btn-primary" onClick={() => (setEnrolment(null), setAttempt((n) => n + 1))}>
          {t('app.retry')}
        </button>
      </Panel>
    );
  }
  return (
    <Panel title={t('secondFactor.enrolTitle')} testId="second-factor-enrol">
      <p>{t('secondFactor.enrolIntro')}</p>
      <p>{t('secondFactor.enrolStepScan')}</p>
      <LinkQrCode uri={enrolment.uri} label={t('secondFactor.qrLabel')} />
      <p>{t('secondFactor.enrolStepAdd')}</p>
      <p>
        <code className="second-factor-key" data-testid="second-factor-secret" aria-label={t('secondFactor.keyLabel')}>
          {enrolment.secret.match(/.{1,4}/g)?.join(' ')}
        </code>
      </p>
      <p>
        <a href={enrolment.uri}>{t('secondFactor.openInApp')}</a>
      </p>
      <p>{t('secondFactor.enrolStepCode')}</p>
      <CodeForm
        label={t('secondFactor.codeLabel')}
        submit={t('secondFactor.confirm')}
        busyLabel={t('secondFactor.checking')}
        send={async (code) => onConfirmed((await confirmSecondFactor(code)).recoveryCodes)}
      />
    </Panel>
  );
}

function Check({ onPassed }: { onPassed: () => void }) {
  const { t } = useI18n();
  return (
    <Panel title={t('secondFactor.checkTitle')} testId="second-factor-check">
      <p>{t('secondFactor.checkIntro')}</p>
      <CodeForm
        label={t('secondFactor.checkCodeLabel')}
        submit={t('secondFactor.check')}
        busyLabel={t('secondFactor.checking')}
        send={async (code) => {
          await checkSecondFactor(code);
          onPassed();
        }}
      />
      <p className="muted">{t('secondFactor.checkRecoveryHint')}</p>
    </Panel>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <main className="not-authorised second-factor" data-testid="second-factor-recovery">
      <div className="panel">
        <h1>{t('secondFactor.recoveryTitle')}</h1>
        <p>{t('secondFactor.recoveryIntro')}</p>
        <ul className="second-factor-codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('secondFactor.recoverySaved')}
        </button>
      </div>
    </main>
  );
}
