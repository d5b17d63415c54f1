import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, MESSAGES, translateText } from '@mboa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError, useI18n } from '@mboa/web-core';
import { confirmPasswordReset, requestPasswordReset, verifyPasswordReset } from '../api/endpoints.js';
import { PasswordInput } from '../auth/PasswordInput.js';
import { formProblem } from '../forms/formProblem.js';
import { isPasswordProblem, newPasswordFormSchema, resetCodeFormSchema, resetEmailFormSchema, resetStartsOver } from '../forms/schemas.js';
import { CheckingPerson } from '../auth/CheckingPerson.js';
import { FormError } from '../ui/FormError.js';
import { useToast } from '../ui/toast.js';
import '../i18n/parts/login.js';

const serverText = (e: unknown) => (e instanceof ApiError && e.message ? e.message : MESSAGES.passwordReset.fallback);

/** Counts down from `seconds` to 0 each time `start` is called (a new start begins again). */
function useCountdown(seconds: number): [left: number, start: () => void] {
  const [left, setLeft] = useState(0);
  const [run, setRun] = useState(0);
  useEffect(() => {
    if (run === 0) return;
    const timer = setInterval(() => setLeft((s) => (s <= 1 ? (clearInterval(timer), 0) : s - 1)), 1000);
    return () => clearInterval(timer);
  }, [run]);
  const start = useCallback(() => {
    setLeft(seconds);
    setRun((n) => n + 1);
  }, [seconds]);
  return [left, start];
}

export default function ResetPassword() {
  const { t, m, language } = useI18n();
  const navigate = useNavigate();
  const notify = useToast();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  // The e-mail the code was sent to; steps 2 and 3 are about it.
  const [email, setEmail] = useState('');
  // The server's refusal; each step's schema problems come from its form state.
  const [serverError, setServerError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown(LIMITS.passwordReset.countdownSeconds);
  // The message changes when the person submits again, not while typing.
  const emailForm = useForm({ resolver: zodResolver(resetEmailFormSchema), defaultValues: { email: '' }, reValidateMode: 'onSubmit' });
  const codeForm = useForm({ resolver: zodResolver(resetCodeFormSchema), defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  const passwordForm = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { email: '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const error =
    step === 1
      ? formProblem(emailForm.formState.errors, ['email'], MESSAGES.passwordReset.emailRequired)
      : step === 2
        ? formProblem(codeForm.formState.errors, ['code'], MESSAGES.passwordReset.codeRequired)
        : formProblem(passwordForm.formState.errors, ['newPassword', 'confirmPassword'], MESSAGES.passwordReset.fillAllFields);
  const shown = error ?? serverError;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setServerError(null);
    try {
      await action();
    } catch (e) {
      setServerError(serverText(e));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (to: string) =>
    run(async () => {
      const result = await requestPasswordReset(to);
      setEmail(to);
      setInfo(result?.message ?? MESSAGES.passwordReset.requestSent);
      setStep(2);
      startCountdown();
    });

  const submitEmail = emailForm.handleSubmit(({ email: to }) => sendCode(to));

  /**
   * The server's refusal says only a new code mends it: back to the first step, the e-mail kept,
   * with the reason shown there (by `run`), so a new code is one click away.
   */
  const startOverIfNeeded = (e: unknown): never => {
    if (resetStartsOver(serverText(e))) {
      emailForm.setValue('email', email);
      codeForm.reset();
      passwordForm.reset();
      setInfo(null);
      setStep(1);
    }
    throw e;
  };

  const submitCode = codeForm.handleSubmit(({ code }) =>
    run(async () => {
      await verifyPasswordReset(email, code).catch(startOverIfNeeded);
      setInfo(null);
      passwordForm.setValue('email', email);
      setStep(3);
    }),
  );

  const submitPassword = passwordForm.handleSubmit(({ newPassword }) =>
    run(async () => {
      const result = await confirmPasswordReset(email, newPassword).catch(startOverIfNeeded);
      notify('success', result?.message ?? m.passwordReset.confirmSuccess);
      // The flow starts over next time.
      setStep(1);
      setEmail('');
      emailForm.reset();
      codeForm.reset();
      passwordForm.reset();
      void navigate('/login', { replace: true });
    }),
  );

  const codeField = codeForm.register('code');
  return (
    <div className="auth-card">
      <Link to="/login" className="back-link">
        {t('reset.backToLogin')}
      </Link>
      <h1>{t('reset.title')}</h1>
      <p className="muted small">{t('reset.stepOf', { step, total: 3 })}</p>
      {step === 1 ? (
        <form onSubmit={(e) => void submitEmail(e)} noValidate className="stack">
          <p>{t('reset.stepEmail')}</p>
          <label className="field">
            <span>{t('reset.email')}</span>
            <input type="email" inputMode="email" autoComplete="email" {...emailForm.register('email')} />
          </label>
          <CheckingPerson />
          <FormError message={shown} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? t('app.sending') : t('reset.sendCode')}
          </button>
        </form>
      ) : step === 2 ? (
        <form onSubmit={(e) => void submitCode(e)} noValidate className="stack">
          <p>{t('reset.stepCode', { email })}</p>
          {info ? (
            <p className="form-success" role="status">
              {translateText(info, language)}
            </p>
          ) : null}
          <label className="field">
            <span>{t('reset.code')}</span>
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.passwordReset.codeLength}
              {...codeField}
              onChange={(e) => {
                // The code is digits only.
                e.target.value = e.target.value.replace(/\D/g, '');
                void codeField.onChange(e);
              }}
            />
          </label>
          <CheckingPerson />
          <FormError message={shown} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t('reset.verifyCode')}
          </button>
          {secondsLeft > 0 ? (
            <p className="muted small center" aria-live="polite">
              {t('reset.resendIn', { seconds: secondsLeft })}
            </p>
          ) : (
            <button type="button" className="link-button center" disabled={busy} onClick={() => void sendCode(email)}>
              {m.ui.resendCode}
            </button>
          )}
        </form>
      ) : (
        <form onSubmit={(e) => void submitPassword(e)} noValidate className="stack">
          <p>{t('reset.stepPassword')}</p>
          <label className="field">
            <span>{t('reset.newPassword')}</span>
            <PasswordInput
              autoComplete="new-password"
              {...passwordForm.register('newPassword')}
              aria-describedby={isPasswordProblem(shown) ? 'reset-pw-error' : undefined}
              aria-invalid={isPasswordProblem(shown) ? true : undefined}
            />
          </label>
          {/* Why the new password is refused (too common, the e-mail, …), right under the field. */}
          {isPasswordProblem(shown) ? (
            <p id="reset-pw-error" className="form-error" role="alert">
              {translateText(shown, language)}
            </p>
          ) : null}
          <label className="field">
            <span>{t('reset.confirmPassword')}</span>
            <PasswordInput autoComplete="new-password" {...passwordForm.register('confirmPassword')} />
          </label>
          <CheckingPerson />
          <FormError message={isPasswordProblem(shown) ? null : shown} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t('reset.savePassword')}
          </button>
        </form>
      )}
    </div>
  );
}
