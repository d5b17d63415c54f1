import { LIMITS, MESSAGES } from '@mboa/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@mboa/web-core';
import { confirmPasswordReset, requestPasswordReset, verifyPasswordReset } from '../api/endpoints.js';
import { PasswordInput } from '../auth/PasswordInput.js';
import { isPasswordProblem, validateNewPassword, validateResetCode, validateResetEmail } from '../auth/validation.js';
import { t } from '../i18n/index.js';
import { FormError } from '../ui/FormError.js';
import { useToast } from '../ui/toast.js';

const serverText = (e: unknown) => (e instanceof ApiError && e.message ? e.message : MESSAGES.passwordReset.fallback);

/** Counts down from `seconds` to 0 once started; restart by changing `runId`. */
function useCountdown(runId: number, seconds: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (runId === 0) return;
    setLeft(seconds);
    const timer = setInterval(() => setLeft((s) => (s <= 1 ? (clearInterval(timer), 0) : s - 1)), 1000);
    return () => clearInterval(timer);
  }, [runId, seconds]);
  return left;
}

export default function ResetPassword() {
  const navigate = useNavigate();
  const notify = useToast();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [countdownRun, setCountdownRun] = useState(0);
  const secondsLeft = useCountdown(countdownRun, LIMITS.passwordReset.countdownSeconds);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(serverText(e));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    run(async () => {
      const result = await requestPasswordReset(email.trim());
      setInfo(result?.message ?? MESSAGES.passwordReset.requestSent);
      setStep(2);
      setCountdownRun((n) => n + 1);
    });

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    const problem = validateResetEmail(email);
    if (problem) return setError(problem);
    void sendCode();
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const problem = validateResetCode(code);
    if (problem) return setError(problem);
    void run(async () => {
      await verifyPasswordReset(email.trim(), code.trim());
      setInfo(null);
      setStep(3);
    });
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    if (problem) return setError(problem);
    setError(null);
    void run(async () => {
      const result = await confirmPasswordReset(email.trim(), password);
      notify('success', result?.message ?? MESSAGES.passwordReset.confirmSuccess);
      // The flow starts over next time.
      setStep(1);
      setEmail('');
      setCode('');
      setPassword('');
      setConfirm('');
      navigate('/login', { replace: true });
    });
  }

  return (
    <div className="auth-card">
      <Link to="/login" className="back-link">
        {t.reset.backToLogin}
      </Link>
      <h1>{t.reset.title}</h1>
      <p className="muted small">{t.reset.stepOf(step, 3)}</p>
      {step === 1 ? (
        <form onSubmit={submitEmail} noValidate className="stack">
          <p>{t.reset.stepEmail}</p>
          <label className="field">
            <span>{t.reset.email}</span>
            <input type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t.app.sending : t.reset.sendCode}
          </button>
        </form>
      ) : step === 2 ? (
        <form onSubmit={submitCode} noValidate className="stack">
          <p>{t.reset.stepCode(email.trim())}</p>
          {info ? (
            <p className="form-success" role="status">
              {info}
            </p>
          ) : null}
          <label className="field">
            <span>{t.reset.code}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.passwordReset.codeLength}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t.reset.verifyCode}
          </button>
          {secondsLeft > 0 ? (
            <p className="muted small center" aria-live="polite">
              {t.reset.resendIn(secondsLeft)}
            </p>
          ) : (
            <button type="button" className="link-button center" disabled={busy} onClick={() => void sendCode()}>
              {t.ui.resendCode}
            </button>
          )}
        </form>
      ) : (
        <form onSubmit={submitPassword} noValidate className="stack">
          <p>{t.reset.stepPassword}</p>
          <label className="field">
            <span>{t.reset.newPassword}</span>
            <PasswordInput
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={isPasswordProblem(error) ? 'reset-pw-error' : undefined}
              aria-invalid={isPasswordProblem(error) ? true : undefined}
            />
          </label>
          {/* Why the new password is refused (too common, the e-mail, …), right under the field. */}
          {isPasswordProblem(error) ? (
            <p id="reset-pw-error" className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <label className="field">
            <span>{t.reset.confirmPassword}</span>
            <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </label>
          <FormError message={isPasswordProblem(error) ? null : error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t.reset.savePassword}
          </button>
        </form>
      )}
    </div>
  );
}
