import { zodResolver } from '@hookform/resolvers/zod';
import { isStaffRole, loginSchema, MESSAGES, type LoginInput } from '@mboa/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, useI18n } from '@mboa/web-core';
import { login } from '../api/endpoints.js';
import { PasswordInput } from '../auth/PasswordInput.js';
import { adminRedirectTarget, browser } from '../auth/redirect.js';
import { formProblem } from '../forms/formProblem.js';
import { useSession } from '../session/session.js';
import { CheckingPerson } from '../auth/CheckingPerson.js';
import { FormError } from '../ui/FormError.js';
import { SITE } from '../config.js';
import '../i18n/parts/login.js';

export default function Login() {
  const { t, m } = useI18n();
  const { setUser, takeRedirect } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The server's refusal; the schema's own problems come from the form state.
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
    // The message under the form changes when the person submits again, not while typing.
    reValidateMode: 'onSubmit',
  });
  const problem = formProblem(form.formState.errors, ['email', 'password']);
  const errors = problem ? [problem] : serverErrors;
  const busy = form.formState.isSubmitting;

  async function submit({ email, password, rememberMe }: LoginInput) {
    setServerErrors([]);
    try {
      const result = await login({ email, password, rememberMe });
      if (!result?.user) throw new ApiError(401, MESSAGES.auth.invalidCredentials);
      setUser(result.user);
      const saved = takeRedirect();
      // Staff sent here by the admin app go back to the admin page they asked for (a full page load);
      // other staff go to the admin area too, which asks the second factor their session still owes.
      const admin = adminRedirectTarget(params.get('redirect')) ?? (isStaffRole(result.user.role) ? SITE.adminUrl : null);
      if (admin) browser.leave(admin);
      else void navigate(saved, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setServerErrors([MESSAGES.auth.invalidCredentials]);
      else if (error instanceof ApiError && error.errors.length) setServerErrors(error.errors);
      else setServerErrors([error instanceof ApiError && error.message ? error.message : MESSAGES.common.unexpected]);
    }
  }

  return (
    <div className="auth-card">
      <Link to="/" className="back-link">
        {t('login.backHome')}
      </Link>
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.subtitle')}</p>
      <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className="stack">
        <label className="field">
          <span>{t('login.email')}</span>
          <input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </label>
        <div className="row-between">
          <label className="check">
            <input type="checkbox" {...form.register('rememberMe')} />
            <span>{t('login.rememberMe')}</span>
          </label>
          <Link to="/reset-password">{m.ui.forgotPassword}</Link>
        </div>
        <CheckingPerson />
        <FormError errors={errors} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="center">
        {t('login.noAccount')} <Link to="/signup">{t('login.signupLink')}</Link>
      </p>
    </div>
  );
}
