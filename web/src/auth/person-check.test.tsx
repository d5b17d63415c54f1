import { LIMITS, MESSAGES, MESSAGES_FR, PERSON_CHECK_HEADER, readPersonCheckAnswer } from '@mboa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it } from 'vitest';
import Login from '../pages/Login.js';
import Signup from '../pages/Signup.js';
import { i18n, mockFetch, renderApp, user, type Call } from '../test/utils.js';

/**
 * The person check (docs/api.md#the-person-check) as a person on a carrier's shared address meets
 * it: the gateway's 429 carries a challenge, the screen says it is checking, solves it and sends
 * the same request again with the answer. The stand-in server below makes and checks challenges
 * with ALTCHA as the gateway does, at a small number of tries.
 */
const secrets = { hmacSignatureSecret: 'test signature secret', hmacKeySignatureSecret: 'test key secret' };
// Enough tries that the check lasts a moment on this machine, so the screen's message can be seen.
const TRIES = 150;
// The machine running the tests is shared: the check and the renders after it get time.
const WAIT = { timeout: 10_000 };

const challenge = () =>
  createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: LIMITS.personCheck.iterationsPerTry,
    counter: TRIES,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 60,
    ...secrets,
  });

async function answered(call: Call): Promise<boolean> {
  const answer = readPersonCheckAnswer(call.headers.get(PERSON_CHECK_HEADER) ?? undefined);
  if (!answer) return false;
  return (await verifySolution({ challenge: answer.challenge, solution: answer.solution, deriveKey, ...secrets })).verified;
}

/** The gateway past the address's allowance: a challenge until the request carries its answer. */
function carrierAddressServer(path: string, success: unknown) {
  const { calls } = mockFetch(async (call) => {
    if (call.path !== path) return undefined;
    if (await answered(call)) return { body: success };
    return { status: 429, body: { message: MESSAGES.common.tooManyAttempts, personCheck: await challenge() } };
  });
  // The page's other calls (its language on the profile, …) are not this test's concern.
  return () => calls.filter((c) => c.path === path);
}

async function logIn() {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
  await u.type(screen.getByLabelText('Password'), 'secret123');
  await u.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Login behind an address past its allowance', () => {
  it('says it is checking, solves the challenge and signs in with the answer', async () => {
    const loginCalls = carrierAddressServer('/api/auth/login', { user: user({ language: 'en' }), message: 'Login successful' });
    const { router } = renderApp(<Login />, { path: '/login' });
    await logIn();
    expect(await screen.findByText(MESSAGES.personCheck.checking, undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), WAIT);
    expect(screen.queryByText(MESSAGES.personCheck.checking)).toBeNull();
    const [first, again] = loginCalls();
    expect(loginCalls()).toHaveLength(2);
    expect(first.headers.get(PERSON_CHECK_HEADER)).toBeNull();
    // The same request again, with the answer.
    expect(again).toMatchObject({ method: 'POST', path: '/api/auth/login', body: first.body });
    expect(await answered(again)).toBe(true);
  });

  it('asks only once: a second challenge after an answer shows the refusal instead of looping', async () => {
    const { calls } = mockFetch(async (call) =>
      call.path === '/api/auth/login' ? { status: 429, body: { message: MESSAGES.common.tooManyAttempts, personCheck: await challenge() } } : undefined,
    );
    renderApp(<Login />, { path: '/login' });
    await logIn();
    expect(await screen.findByText(MESSAGES.common.tooManyAttempts, undefined, WAIT)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(2);
    expect(screen.queryByText(MESSAGES.personCheck.checking)).toBeNull();
  });

  it('a plain 429 (the account is locked) is shown as it is, with no check', async () => {
    const { calls } = mockFetch(() => ({ status: 429, body: { message: MESSAGES.common.tooManyAttempts } }));
    renderApp(<Login />, { path: '/login' });
    await logIn();
    expect(await screen.findByText(MESSAGES.common.tooManyAttempts, undefined, WAIT)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says so in French', async () => {
    await i18n.changeLanguage('fr');
    carrierAddressServer('/api/auth/login', { user: user({ language: 'fr' }), message: 'Login successful' });
    renderApp(<Login />, { path: '/login' });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Adresse e-mail'), 'ada@example.cm');
    await u.type(screen.getByLabelText('Mot de passe'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(MESSAGES_FR.personCheck.checking, undefined, WAIT)).toBeInTheDocument();
  });
});

describe('Sign-up behind an address past its allowance', () => {
  it('creates the account after the check', async () => {
    const signupCalls = carrierAddressServer('/api/auth/signup', { user: user({ language: 'en' }), message: 'Signup successful' });
    renderApp(<Signup />, { path: '/signup' });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /Renter/ }));
    await u.type(screen.getByLabelText('Full name'), 'Ada Nkem');
    await u.type(screen.getByLabelText('Email'), 'ada@example.cm');
    await u.type(screen.getByLabelText('WhatsApp number'), '674000001');
    await u.type(screen.getByLabelText('Password'), 'correct horse battery');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MESSAGES.personCheck.checking, undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(signupCalls()).toHaveLength(2), WAIT);
    expect(await answered(signupCalls()[1])).toBe(true);
    expect(await screen.findByRole('dialog', { name: MESSAGES.ui.signupSuccessTitle }, WAIT)).toBeInTheDocument();
  });
});
