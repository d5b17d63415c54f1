import { SIGNUP_ROLES, WHATSAPP_PLACEHOLDER, type SignupRole } from '@mboa/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@mboa/web-core';
import { signup } from '../api/endpoints.js';
import { PasswordInput } from '../auth/PasswordInput.js';
import { cleanWhatsapp, isPasswordProblem, validateSignup } from '../auth/validation.js';
import { t } from '../i18n/index.js';
import { useSession } from '../session/session.js';
import { Dialog } from '../ui/Dialog.js';
import { FormError } from '../ui/FormError.js';

export default function Signup() {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [role, setRole] = useState<SignupRole | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [whatsapp, setWhatsapp] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [welcome, setWelcome] = useState<{ name: string; role: SignupRole } | null>(null);

  /** A reason about the password goes under the password field; anything else below the form. */
  function showError(message: string | null) {
    setPasswordError(isPasswordProblem(message) ? message : null);
    setError(isPasswordProblem(message) ? null : message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!role) return;
    const problem = validateSignup({ name, email, password, whatsapp });
    if (problem) return showError(problem);
    setBusy(true);
    showError(null);
    try {
      const result = await signup({ name: name.trim(), email: email.trim(), password, role, whatsapp, agreeToTerms: agree });
      setUser(result.user);
      setWelcome({ name: result.user?.name ?? name.trim(), role });
    } catch (e) {
      showError(e instanceof ApiError && e.message ? e.message : t.common.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  }

  if (!role) {
    return (
      <div className="auth-card">
        <Link to="/" className="back-link">
          {t.login.backHome}
        </Link>
        <h1>{t.ui.joinAs}</h1>
        <p className="muted">{t.signup.chooseRoleHint}</p>
        <div className="role-list">
          {SIGNUP_ROLES.map((r) => (
            <button key={r} type="button" className="role-option" onClick={() => setRole(r)}>
              <strong>{t.signup.roles[r].title}</strong>
              <span>{t.signup.roles[r].text}</span>
            </button>
          ))}
        </div>
        <p className="center">
          {t.signup.haveAccount} <Link to="/login">{t.signup.loginLink}</Link>
        </p>
      </div>
    );
  }

  const owner = welcome?.role === 'landlord' || welcome?.role === 'caretaker';
  return (
    <div className="auth-card">
      <button type="button" className="link-button back-link" onClick={() => (setRole(null), showError(null))}>
        ← {t.app.back}
      </button>
      <h1>{t.ui.createAccount}</h1>
      <p className="muted">{t.signup.joiningAs(t.signup.roles[role].title)}</p>
      <form onSubmit={submit} noValidate className="stack">
        <label className="field">
          <span>{t.signup.name}</span>
          <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <label className="field">
          <span>{t.signup.email}</span>
          <input type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <div className="field">
          <label htmlFor="signup-whatsapp">{t.signup.whatsapp}</label>
          <input
            id="signup-whatsapp"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={WHATSAPP_PLACEHOLDER}
            value={whatsapp}
            onChange={(e) => setWhatsapp(cleanWhatsapp(e.target.value))}
            aria-describedby="signup-wa-hint"
          />
          <small id="signup-wa-hint" className="muted">
            {t.signup.whatsappHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="signup-password">{t.signup.password}</label>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={passwordError ? 'signup-pw-error signup-pw-hint' : 'signup-pw-hint'}
            aria-invalid={passwordError ? true : undefined}
          />
          {passwordError ? (
            <p id="signup-pw-error" className="form-error" role="alert">
              {passwordError}
            </p>
          ) : null}
          <small id="signup-pw-hint" className="muted">
            {t.signup.passwordHint}
          </small>
        </div>
        <label className="check">
          <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
          <span>
            {t.signup.agreePrefix}
            <Link to="/terms" target="_blank">
              {t.signup.agreeTerms}
            </Link>
            {t.signup.agreeAnd}
            <Link to="/privacy" target="_blank">
              {t.signup.agreePrivacy}
            </Link>
          </span>
        </label>
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!agree || busy}>
          {busy ? t.signup.submitting : t.signup.submit}
        </button>
      </form>
      <p className="center">
        {t.signup.haveAccount} <Link to="/login">{t.signup.loginLink}</Link>
      </p>
      <Dialog
        open={welcome !== null}
        title={t.ui.signupSuccessTitle}
        onClose={() => navigate('/', { replace: true })}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => navigate('/', { replace: true })} data-autofocus>
            {t.signup.continue}
          </button>
        }
      >
        <p>
          <strong>{welcome ? t.signup.welcome(welcome.name) : ''}</strong>
        </p>
        <p>{owner ? t.signup.ownerNext : t.signup.renterNext}</p>
      </Dialog>
    </div>
  );
}
