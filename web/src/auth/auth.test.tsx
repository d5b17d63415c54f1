import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Login from '../pages/Login.js';
import ResetPassword from '../pages/ResetPassword.js';
import Signup from '../pages/Signup.js';
import { mockFetch, renderApp, user } from '../test/utils.js';
import { adminRedirectTarget, browser } from './redirect.js';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('Login', () => {
  it('needs every field before any call, and a valid email', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => undefined);
    renderApp(<Login />, { path: '/login' });
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.common.allFieldsRequired);
    await u.type(screen.getByLabelText('Email'), 'not-an-email');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.invalidEmail);
    expect(calls).toHaveLength(0);
  });

  it('shows "Invalid email or password." on 401 and the error list otherwise', async () => {
    const u = userEvent.setup();
    let reply = { status: 401, body: { message: 'whatever' } } as { status: number; body: unknown };
    const { calls } = mockFetch(() => reply);
    renderApp(<Login />, { path: '/login' });
    await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.auth.invalidCredentials)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/login', body: { email: 'ada@example.cm', password: 'secret123', rememberMe: true } });

    reply = { status: 400, body: { message: 'Bad', errors: ['email: bad', 'password: short'] } };
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('email: bad')).toBeInTheDocument();
    expect(screen.getByText('password: short')).toBeInTheDocument();

    reply = { status: 500, body: {} };
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.common.unexpected)).toBeInTheDocument();
  });

  it('goes to the remembered page after login, or home', async () => {
    const u = userEvent.setup();
    sessionStorage.setItem('mboa.redirect', '/property-details/p9');
    mockFetch(() => ({ body: { user: user(), message: 'Login successful' } }));
    const { router } = renderApp(<Login />, { path: '/login', extraRoutes: [{ path: '/property-details/:id', element: <p>details</p> }] });
    await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/property-details/p9'));
  });

  it('goes back to the admin page that sent a signed-out admin here', async () => {
    const u = userEvent.setup();
    const leave = vi.spyOn(browser, 'leave').mockImplementation(() => {});
    mockFetch(() => ({ body: { user: user({ role: 'admin' }), message: 'Login successful' } }));
    const { router } = renderApp(<Login />, { path: '/login' });
    await act(() => router.navigate('/login?redirect=%2Fadmin%2Fusers%3Ffilter%3Dbanned'));
    await u.type(screen.getByLabelText('Email'), 'grace@example.cm');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/admin/users?filter=banned'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('takes staff who signed in here to the admin area, where their second factor is asked', async () => {
    const u = userEvent.setup();
    const leave = vi.spyOn(browser, 'leave').mockImplementation(() => {});
    mockFetch(() => ({ body: { user: user({ role: 'admin' }), message: 'Login successful' } }));
    const { router } = renderApp(<Login />, { path: '/login' });
    await u.type(screen.getByLabelText('Email'), 'grace@example.cm');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/admin/'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('honours only same-origin /admin paths as a redirect', () => {
    expect(adminRedirectTarget('/admin')).toBe('/admin');
    expect(adminRedirectTarget('/admin/property-review/p1')).toBe('/admin/property-review/p1');
    for (const bad of [null, '', '/', '/profile', '/administrator', '//evil.example/admin', 'https://evil.example/admin/', '/admin\\..\\x', 'javascript:alert(1)']) {
      expect(adminRedirectTarget(bad)).toBeNull();
    }
  });

  it('links to reset and sign-up', () => {
    renderApp(<Login />, { path: '/login' });
    expect(screen.getByRole('link', { name: MESSAGES.ui.forgotPassword }).getAttribute('href')).toBe('/reset-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });
});

describe('Signup', () => {
  it('checks fields in order before any call: required, email, exactly 9 WhatsApp digits', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => undefined);
    renderApp(<Signup />, { path: '/signup' });
    await u.click(screen.getByRole('button', { name: /Renter/ }));
    await u.click(screen.getByRole('checkbox'));
    const submit = () => u.click(screen.getByRole('button', { name: 'Sign Up' }));
    await u.type(screen.getByLabelText('Email'), 'x');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.common.allFieldsRequired);
    await u.type(screen.getByLabelText('Full name'), 'Ada');
    await u.type(screen.getByLabelText('WhatsApp number'), '67400');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.invalidEmail);
    await u.type(screen.getByLabelText('Email'), '@example.cm');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.whatsappExactDigits);
    expect(calls).toHaveLength(0);
  });

  it('two steps; digits-only WhatsApp capped at 9; Sign Up disabled until terms agreed; success dialog per role', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ status: 201, body: { user: user({ name: 'Paul Owner', role: 'landlord' }), message: 'Signup successful' } }));
    const { router } = renderApp(<Signup />, { path: '/signup' });
    expect(screen.getByRole('heading', { name: MESSAGES.ui.joinAs })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Landlord/ }));
    expect(screen.getByRole('heading', { name: MESSAGES.ui.createAccount })).toBeInTheDocument();

    await u.type(screen.getByLabelText('Full name'), 'Paul Owner');
    await u.type(screen.getByLabelText('Email'), 'paul@example.cm');
    const wa = screen.getByLabelText('WhatsApp number');
    await u.type(wa, '6a7-7 000 0299');
    expect(wa).toHaveValue('677000029');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    expect(submit).toBeDisabled();
    await u.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await u.clear(wa);
    await u.type(wa, '6770');
    await u.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.whatsappExactDigits);
    expect(calls).toHaveLength(0);
    await u.type(wa, '00029');
    await u.click(submit);

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.ui.signupSuccessTitle });
    expect(dialog).toHaveTextContent('Welcome, Paul Owner!');
    expect(dialog).toHaveTextContent('contact you on WhatsApp');
    expect(calls[0]?.body).toEqual({
      name: 'Paul Owner',
      email: 'paul@example.cm',
      password: 'secret123',
      role: 'landlord',
      whatsapp: '677000029',
      agreeToTerms: true,
    });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells renters they can browse right away, and Back returns to step 1', async () => {
    const u = userEvent.setup();
    mockFetch(() => ({ status: 201, body: { user: user({ name: 'Ada' }), message: 'ok' } }));
    renderApp(<Signup />, { path: '/signup' });
    await u.click(screen.getByRole('button', { name: /Renter/ }));
    await u.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('heading', { name: MESSAGES.ui.joinAs })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Renter/ }));
    await u.type(screen.getByLabelText('Full name'), 'Ada');
    await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
    await u.type(screen.getByLabelText('WhatsApp number'), '674000001');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('You can start browsing properties right away.')).toBeInTheDocument();
  });

  it('shows the server message, else the fallback', async () => {
    const u = userEvent.setup();
    let reply: { status: number; body: unknown } = { status: 409, body: { message: MESSAGES.auth.emailAlreadyRegistered } };
    mockFetch(() => reply);
    renderApp(<Signup />, { path: '/signup' });
    await u.click(screen.getByRole('button', { name: /Renter/ }));
    await u.type(screen.getByLabelText('Full name'), 'Ada');
    await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
    await u.type(screen.getByLabelText('WhatsApp number'), '674000001');
    await u.type(screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.auth.emailAlreadyRegistered)).toBeInTheDocument();
    reply = { status: 500, body: null };
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.common.somethingWentWrong)).toBeInTheDocument();
  });
});

/** The texts a screen reader reads with a field (its aria-describedby). */
function descriptionOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('Password refusals', () => {
  it('sign-up shows why the server refused the password under the password field', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ status: 400, body: { message: MESSAGES.auth.passwordTooCommon, errors: [MESSAGES.auth.passwordTooCommon] } }));
    renderApp(<Signup />, { path: '/signup' });
    await u.click(screen.getByRole('button', { name: /Renter/ }));
    await u.type(screen.getByLabelText('Full name'), 'Ada');
    await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
    await u.type(screen.getByLabelText('WhatsApp number'), '674000001');
    const password = screen.getByLabelText('Password');
    await u.type(password, '        ');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    // Eight spaces are refused before any call, under the field.
    expect(calls).toHaveLength(0);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(password)).toContain(MESSAGES.auth.passwordAllWhitespace);
    await u.clear(password);
    await u.type(password, 'password1');
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(descriptionOf(password)).toContain(MESSAGES.auth.passwordTooCommon));
    expect(calls).toHaveLength(1);
  });

  it('reset shows why the new password is refused under the new-password field', async () => {
    const replies: Record<string, { status?: number; body: unknown }> = {
      '/api/auth/password-reset/request': { body: { message: MESSAGES.passwordReset.requestSent } },
      '/api/auth/password-reset/verify': { body: { message: MESSAGES.passwordReset.codeVerified } },
      '/api/auth/password-reset/confirm': { status: 400, body: { message: MESSAGES.auth.passwordLikeEmail } },
    };
    mockFetch(({ path }) => replies[path]);
    renderApp(<ResetPassword />, { path: '/reset-password' });
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    click('Send Code');
    fireEvent.change(await screen.findByLabelText('Reset code'), { target: { value: '123456' } });
    click('Verify Code');
    const field = await screen.findByLabelText('New password');
    fireEvent.change(field, { target: { value: 'ada@example.cm' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'ada@example.cm' } });
    click('Reset Password');
    await waitFor(() => expect(descriptionOf(field)).toBe(MESSAGES.auth.passwordLikeEmail));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Reset password', () => {
  it('runs the three steps with their messages and the 60 s countdown', async () => {
    const replies: Record<string, { status?: number; body: unknown }> = {
      '/api/auth/password-reset/request': { body: { message: MESSAGES.passwordReset.requestSent } },
      '/api/auth/password-reset/verify': { status: 400, body: { message: MESSAGES.passwordReset.codeInvalid } },
      '/api/auth/password-reset/confirm': { body: { message: MESSAGES.passwordReset.confirmSuccess } },
    };
    const { calls } = mockFetch(({ path }) => replies[path]);
    const { router } = renderApp(<ResetPassword />, { path: '/reset-password' });
    const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

    // The form checks its schema before any call (a microtask: the alert comes right after).
    click('Send Code');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.emailRequired);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    vi.useFakeTimers();
    click('Send Code');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(MESSAGES.passwordReset.requestSent)).toBeInTheDocument();
    expect(screen.getByText(/new code in 60 s/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.ui.resendCode })).toBeNull();

    click('Verify Code');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.codeRequired);
    fireEvent.change(screen.getByLabelText('Reset code'), { target: { value: '123456' } });
    click('Verify Code');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.codeInvalid);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('button', { name: MESSAGES.ui.resendCode })).toBeInTheDocument();
    vi.useRealTimers();

    replies['/api/auth/password-reset/verify'] = { body: { message: MESSAGES.passwordReset.codeVerified } };
    click('Verify Code');
    await screen.findByLabelText('New password');
    click('Reset Password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.fillAllFields);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'newsecret1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'newsecret2' } });
    click('Reset Password');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.passwordsDoNotMatch));
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'newsecret1' } });
    click('Reset Password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.at(-1)).toMatchObject({ path: '/api/auth/password-reset/confirm', body: { email: 'ada@example.cm', newPassword: 'newsecret1' } });
  });

  it('refuses a code that is not 6 digits before any call, with the server\'s text', async () => {
    const { calls } = mockFetch(() => ({ body: { message: MESSAGES.passwordReset.requestSent } }));
    renderApp(<ResetPassword />, { path: '/reset-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    fireEvent.change(await screen.findByLabelText('Reset code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.codeFormat);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/password-reset/request']);
  });

  it.each([
    ['a spent or expired reset cookie', MESSAGES.passwordReset.resetTokenInvalid],
    ['no reset cookie in this browser, answered in French', MESSAGES_FR.passwordReset.verifyFirst],
  ])('a confirm refused for %s takes the person back to the first step, the e-mail kept and the reason shown', async (_label, message) => {
    const replies: Record<string, { status?: number; body: unknown }> = {
      '/api/auth/password-reset/request': { body: { message: MESSAGES.passwordReset.requestSent } },
      '/api/auth/password-reset/verify': { body: { message: MESSAGES.passwordReset.codeVerified } },
      '/api/auth/password-reset/confirm': { status: 400, body: { message } },
    };
    const { calls } = mockFetch(({ path }) => replies[path]);
    const { router } = renderApp(<ResetPassword />, { path: '/reset-password' });
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    click('Send Code');
    fireEvent.change(await screen.findByLabelText('Reset code'), { target: { value: '123456' } });
    click('Verify Code');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'newsecret1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'newsecret1' } });
    click('Reset Password');
    expect(await screen.findByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.cm');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(router.state.location.pathname).toBe('/reset-password');
    // A new code is one click away.
    click('Send Code');
    await screen.findByLabelText('Reset code');
    expect(calls.filter((c) => c.path === '/api/auth/password-reset/request')).toHaveLength(2);
  });

  it.each([
    ['in English', MESSAGES.passwordReset.askHereFirst],
    ['in French', MESSAGES_FR.passwordReset.askHereFirst],
  ])('a verify refused because this browser did not ask for the code goes back to the first step, the e-mail kept and the reason shown (%s)', async (_label, message) => {
    const replies: Record<string, { status?: number; body: unknown }> = {
      '/api/auth/password-reset/request': { body: { message: MESSAGES.passwordReset.requestSent } },
      '/api/auth/password-reset/verify': { status: 400, body: { message } },
    };
    const { calls } = mockFetch(({ path }) => replies[path]);
    renderApp(<ResetPassword />, { path: '/reset-password' });
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    click('Send Code');
    fireEvent.change(await screen.findByLabelText('Reset code'), { target: { value: '123456' } });
    click('Verify Code');
    expect(await screen.findByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.cm');
    expect(screen.queryByLabelText('Reset code')).toBeNull();
    click('Send Code');
    await screen.findByLabelText('Reset code');
    expect(calls.filter((c) => c.path === '/api/auth/password-reset/request')).toHaveLength(2);
  });

  it('a wrong code keeps the person on the code step', async () => {
    mockFetch(({ path }) =>
      path === '/api/auth/password-reset/verify'
        ? { status: 400, body: { message: MESSAGES.passwordReset.codeInvalid } }
        : { body: { message: MESSAGES.passwordReset.requestSent } },
    );
    renderApp(<ResetPassword />, { path: '/reset-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    fireEvent.change(await screen.findByLabelText('Reset code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordReset.codeInvalid);
    expect(screen.getByLabelText('Reset code')).toBeInTheDocument();
  });

  it('sends verify and confirm with the browser\'s cookies: the reset cookie verify set goes back with confirm', async () => {
    const { spy } = mockFetch(() => ({ body: { message: MESSAGES.passwordReset.codeVerified } }));
    renderApp(<ResetPassword />, { path: '/reset-password' });
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    click('Send Code');
    fireEvent.change(await screen.findByLabelText('Reset code'), { target: { value: '123456' } });
    click('Verify Code');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'newsecret1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'newsecret1' } });
    click('Reset Password');
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(3));
    for (const [, init] of spy.mock.calls) expect(init?.credentials).toBe('include');
  });

  it('falls back to "Something went wrong" without a server message', async () => {
    mockFetch(() => ({ status: 500, body: null }));
    renderApp(<ResetPassword />, { path: '/reset-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.cm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(MESSAGES.passwordReset.fallback)).toBeInTheDocument();
  });
});
