import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, SIGNUP_ROLES, translateText, WHATSAPP_PLACEHOLDER, type SignupRole } from '@mboa/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError, useI18n } from '@mboa/web-core';
import { signup } from '../api/endpoints.js';
import { PasswordInput } from '../auth/PasswordInput.js';
import { formProblem } from '../forms/formProblem.js';
import { cleanWhatsapp, isPasswordProblem, SIGNUP_FIELDS, signupFormSchema } from '../forms/schemas.js';
import { useSession } from '../session/session.js';
import { Dialog } from '../ui/Dialog.js';
import { CheckingPerson } from '../auth/CheckingPerson.js';
import { FormError } from '../ui/FormError.js';
import '../i18n/parts/signup.js';

export default function Signup() {
  const { t, m, language } = useI18n();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [role, setRole] = useState<SignupRole | null>(null);
  const [agree, setAgree] = useState(false);
  // The server's refusal; the schema's own problems come from the form state.
  const [serverError, setServerError] = useState<string | null>(null);
  const [welcome, setWelcome] = useState<{ name: string; role: SignupRole } | null>(null);
  const form = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', email: '', whatsapp: '', password: '' },
    // The message changes when the person submits again, not while typing.
    reValidateMode: 'onSubmit',
  });
  const problem = formProblem(form.formState.errors, SIGNUP_FIELDS) ?? serverError;
  // A reason about the password goes under the password field; anything else below the form.
  const passwordError = isPasswordProblem(problem) ? problem : null;
  const error = isPasswordProblem(problem) ? null : problem;
  const busy = form.formState.isSubmitting;

  async function submit({ name, email, whatsapp, password }: { name: string; email: string; whatsapp: string; password: string }) {
    if (!role) return;
    setServerError(null);
    try {
      const result = await signup({ name, email, password, role, whatsapp, agreeToTerms: agree });
      setUser(result.user);
      setWelcome({ name: result.user?.name ?? name, role });
    } catch (e) {
      setServerError(e instanceof ApiError && e.message ? e.message : MESSAGES.common.somethingWentWrong);
    }
  }

  function back() {
    setRole(null);
    setServerError(null);
    form.clearErrors();
  }

  if (!role) {
    return (
      <div className="auth-card">
        <Link to="/" className="back-link">
          {t('login.backHome')}
        </Link>
        <h1>{m.ui.joinAs}</h1>
        <p className="muted">{t('signup.chooseRoleHint')}</p>
        <div className="role-list">
          {SIGNUP_ROLES.map((r) => (
            <button key={r} type="button" className="role-option" onClick={() => setRole(r)}>
              <strong>{t(`signup.roles.${r}.title`)}</strong>
              <span>{t(`signup.roles.${r}.text`)}</span>
            </button>
          ))}
        </div>
        <p className="center">
          {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
        </p>
      </div>
    );
  }

  const whatsappField = form.register('whatsapp');
  const owner = welcome?.role === 'landlord' || welcome?.role === 'caretaker';
  return (
    <div className="auth-card">
      <button type="button" className="link-button back-link" onClick={back}>
        ← {t('app.back')}
      </button>
      <h1>{m.ui.createAccount}</h1>
      <p className="muted">{t('signup.joiningAs', { role: t(`signup.roles.${role}.title`) })}</p>
      <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className="stack">
        <label className="field">
          <span>{t('signup.name')}</span>
          <input autoComplete="name" maxLength={100} {...form.register('name')} />
        </label>
        <label className="field">
          <span>{t('signup.email')}</span>
          <input type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
        </label>
        <div className="field">
          <label htmlFor="signup-whatsapp">{t('signup.whatsapp')}</label>
          <input
            id="signup-whatsapp"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={WHATSAPP_PLACEHOLDER}
            {...whatsappField}
            onChange={(e) => {
              // The field keeps digits only, at most 9, as the person types or pastes.
              e.target.value = cleanWhatsapp(e.target.value);
              void whatsappField.onChange(e);
            }}
            aria-describedby="signup-wa-hint"
          />
          <small id="signup-wa-hint" className="muted">
            {t('signup.whatsappHint')}
          </small>
        </div>
        <div className="field">
          <label htmlFor="signup-password">{t('signup.password')}</label>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            {...form.register('password')}
            aria-describedby={passwordError ? 'signup-pw-error signup-pw-hint' : 'signup-pw-hint'}
            aria-invalid={passwordError ? true : undefined}
          />
          {passwordError ? (
            <p id="signup-pw-error" className="form-error" role="alert">
              {translateText(passwordError, language)}
            </p>
          ) : null}
          <small id="signup-pw-hint" className="muted">
            {t('signup.passwordHint')}
          </small>
        </div>
        <label className="check">
          <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
          <span>
            {t('signup.agreePrefix')}
            <Link to="/terms" target="_blank">
              {t('signup.agreeTerms')}
            </Link>
            {t('signup.agreeAnd')}
            <Link to="/privacy" target="_blank">
              {t('signup.agreePrivacy')}
            </Link>
          </span>
        </label>
        <CheckingPerson />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!agree || busy}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
      <p className="center">
        {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
      </p>
      <Dialog
        open={welcome !== null}
        title={m.ui.signupSuccessTitle}
        onClose={() => void navigate('/', { replace: true })}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => void navigate('/', { replace: true })} data-autofocus>
            {t('signup.continue')}
          </button>
        }
      >
        <p>
          <strong>{welcome ? t('signup.welcome', { name: welcome.name }) : ''}</strong>
        </p>
        <p>{owner ? t('signup.ownerNext') : t('signup.renterNext')}</p>
      </Dialog>
    </div>
  );
}
