import { MESSAGES } from '@mboa/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@mboa/web-core';
import { login } from '../api/endpoints.js';
import { PasswordInput } from '../auth/PasswordInput.js';
import { adminRedirectTarget, browser } from '../auth/redirect.js';
import { validateLogin } from '../auth/validation.js';
import { t } from '../i18n/index.js';
import { useSession } from '../session/session.js';
import { FormError } from '../ui/FormError.js';

export default function Login() {
  const { setUser, takeRedirect } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateLogin(email, password);
    if (problem) return setErrors([problem]);
    setBusy(true);
    setErrors([]);
    try {
      const result = await login({ email: email.trim(), password, rememberMe });
      if (!result?.user) throw new ApiError(401, MESSAGES.auth.invalidCredentials);
      setUser(result.user);
      const saved = takeRedirect();
      // Staff sent here by the admin app go back to the admin page they asked for (a full page load).
      const admin = adminRedirectTarget(params.get('redirect'));
      if (admin) browser.leave(admin);
      else navigate(saved, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setErrors([MESSAGES.auth.invalidCredentials]);
      else if (error instanceof ApiError && error.errors.length) setErrors(error.errors);
      else setErrors([error instanceof ApiError && error.message ? error.message : MESSAGES.common.unexpected]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-card">
      <Link to="/" className="back-link">
        {t.login.backHome}
      </Link>
      <h1>{t.login.title}</h1>
      <p className="muted">{t.login.subtitle}</p>
      <form onSubmit={submit} noValidate className="stack">
        <label className="field">
          <span>{t.login.email}</span>
          <input type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>{t.login.password}</span>
          <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <div className="row-between">
          <label className="check">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            <span>{t.login.rememberMe}</span>
          </label>
          <Link to="/reset-password">{t.ui.forgotPassword}</Link>
        </div>
        <FormError errors={errors} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t.login.submitting : t.login.submit}
        </button>
      </form>
      <p className="center">
        {t.login.noAccount} <Link to="/signup">{t.login.signupLink}</Link>
      </p>
    </div>
  );
}
