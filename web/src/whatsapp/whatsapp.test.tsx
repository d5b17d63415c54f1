import { LIMITS, MESSAGES, MESSAGES_FR, type WhatsAppProofReply } from '@mboa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PostProperty from '../pages/PostProperty.js';
import { i18n, mockFetch, renderApp, user } from '../test/utils.js';
import WhatsAppSection from './WhatsAppSection.js';

const RULES = LIMITS.whatsappProof;
const PROVEN_AT = '2026-11-20T10:00:00.000Z';

/**
 * The server side of the profile's WhatsApp number: the proof, a code sent (the right one is
 * 123456), the code typed back, and a change of number (9 digits, as at sign-up).
 */
function serve(initial: WhatsAppProofReply) {
  let state = initial;
  return mockFetch<{ code?: string; whatsapp?: string }>(({ method, path, body, headers }) => {
    const fr = headers.get('accept-language') === 'fr';
    if (method === 'GET' && path === '/api/me/whatsapp') return { body: state };
    if (method === 'POST' && path === '/api/me/whatsapp/code') {
      return { body: { ...state, message: fr ? MESSAGES_FR.whatsappProof.codeSent : MESSAGES.whatsappProof.codeSent, expiresInSeconds: 600, resendAfterSeconds: RULES.resendMinSeconds } };
    }
    if (method === 'POST' && path === '/api/me/whatsapp/verify') {
      // Spaces are for reading, as the server's schema says.
      if (body.code?.replace(/\s/g, '') !== '123456') return { status: 400, body: { message: fr ? MESSAGES_FR.whatsappProof.codeInvalid : MESSAGES.whatsappProof.codeInvalid } };
      state = { whatsapp: state.whatsapp, whatsappProvenAt: PROVEN_AT };
      return { body: { ...state, message: MESSAGES.whatsappProof.proven } };
    }
    if (method === 'PATCH' && path === '/api/user/me' && body.whatsapp === undefined) return { body: { message: MESSAGES.auth.profileUpdated, user: user() } };
    if (method === 'PATCH' && path === '/api/user/me') {
      if (!/^\d{9}$/.test(body.whatsapp ?? '')) return { status: 400, body: { message: MESSAGES.auth.whatsappExactDigits, errors: [`whatsapp: ${MESSAGES.auth.whatsappExactDigits}`] } };
      state = { whatsapp: body.whatsapp!, whatsappProvenAt: null };
      return { body: { message: MESSAGES.whatsappProof.numberChanged, user: user({ role: 'landlord', isVerified: true, whatsapp: body.whatsapp, language: 'en' }) } };
    }
    return undefined;
  });
}

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const section = () => within(screen.getByRole('region', { name: 'Your WhatsApp number' }));

describe('the profile\u2019s WhatsApp number', () => {
  it('confirms the number with the code sent to it: a wrong code is refused in the server\u2019s words, the right one confirms', async () => {
    const { calls } = serve({ whatsapp: '674000001', whatsappProvenAt: null });
    renderApp(<WhatsAppSection />, { path: '/profile', signedIn: user({ role: 'landlord', isVerified: true }) });
    expect(await screen.findByTestId('whatsapp-number')).toHaveTextContent('674000001');
    expect(section().getByText('Not confirmed yet')).toBeInTheDocument();

    fireEvent.click(section().getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(MESSAGES.whatsappProof.codeSent)).toBeInTheDocument();
    const input = section().getByLabelText(`The ${RULES.codeLength}-digit code from WhatsApp`);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    // No second code before the wait the server gave.
    expect(section().getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    expect(section().getByText(`You can ask for a new code in ${RULES.resendMinSeconds} s.`)).toBeInTheDocument();

    const confirm = section().getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.whatsappProof.codeInvalid);

    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(section().getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MESSAGES.whatsappProof.proven)).toBeInTheDocument();
    expect(section().getByText('Confirmed on 20 Nov 2026')).toBeInTheDocument();
    expect(section().queryByRole('button', { name: /code/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/me/whatsapp/code', undefined],
      ['/api/me/whatsapp/verify', { code: '654321' }],
      ['/api/me/whatsapp/verify', { code: '123 456' }],
    ]);
  });

  it('counts down to the next code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ whatsapp: '674000001', whatsappProvenAt: null });
    renderApp(<WhatsAppSection />, { path: '/profile', signedIn: user({ role: 'landlord', isVerified: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText(`You can ask for a new code in ${RULES.resendMinSeconds} s.`)).toBeInTheDocument();
    for (let i = 0; i < RULES.resendMinSeconds; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(section().getByRole('button', { name: 'Send a new code' })).toBeEnabled());
    expect(section().queryByText(/You can ask for a new code/)).toBeNull();
  });

  it('changes the number: a wrong one is refused as at sign-up; the new one is not confirmed and must be', async () => {
    const { calls } = serve({ whatsapp: '674000001', whatsappProvenAt: PROVEN_AT });
    renderApp(<WhatsAppSection />, { path: '/profile', signedIn: user({ role: 'landlord', isVerified: true }) });
    expect(await screen.findByText('Confirmed on 20 Nov 2026')).toBeInTheDocument();
    fireEvent.click(section().getByRole('button', { name: 'Change number' }));
    const field = section().getByLabelText('New WhatsApp number');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(field, { target: { value: '67700' } });
    fireEvent.click(section().getByRole('button', { name: 'Save number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.whatsappExactDigits);

    fireEvent.change(section().getByLabelText('New WhatsApp number'), { target: { value: '677889900' } });
    fireEvent.click(section().getByRole('button', { name: 'Save number' }));
    expect(await screen.findByText(MESSAGES.whatsappProof.numberChanged)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('whatsapp-number')).toHaveTextContent('677889900'));
    expect(section().getByText('Not confirmed yet')).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Send me a code' })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'PATCH' && c.body.whatsapp).map((c) => c.body)).toEqual([{ whatsapp: '67700' }, { whatsapp: '677889900' }]);
  });

  it('reads in French', async () => {
    await i18n.changeLanguage('fr');
    serve({ whatsapp: '674000001', whatsappProvenAt: null });
    renderApp(<WhatsAppSection />, { path: '/profile', signedIn: user({ role: 'renter', language: 'fr' }) });
    expect(await screen.findByRole('heading', { name: 'Votre numéro WhatsApp' })).toBeInTheDocument();
    expect(await screen.findByText('Pas encore confirmé')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyez-moi un code' }));
    expect(await screen.findByText(MESSAGES_FR.whatsappProof.codeSent)).toBeInTheDocument();
    expect(screen.getByLabelText(`Le code à ${RULES.codeLength} chiffres reçu sur WhatsApp`)).toBeInTheDocument();
  });
});

/** The gateway's answer to the posting, as XMLHttpRequest hands it over (uploads use XHR for progress). */
class FakeUpload {
  static sent = 0;
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    FakeUpload.sent += 1;
    setTimeout(() => {
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 0);
  }
}

describe('the post wizard and an unconfirmed number', () => {
  const landlord = user({ role: 'landlord', isVerified: true });

  it('tells a landlord at the start, with a link to confirm it, and still lets them fill the form', async () => {
    serve({ whatsapp: '674000001', whatsappProvenAt: null });
    renderApp(<PostProperty />, { path: '/post-property', signedIn: landlord });
    const notice = await screen.findByTestId('number-notice');
    expect(within(notice).getByRole('heading', { name: 'Confirm your WhatsApp number first' })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Confirm my number' }).getAttribute('href')).toBe('/profile#whatsapp');
    expect(screen.getByLabelText('Residential')).toBeEnabled();
  });

  it('says nothing to a landlord whose number is confirmed, nor to staff (who are never asked)', async () => {
    const { calls } = serve({ whatsapp: '674000001', whatsappProvenAt: PROVEN_AT });
    const { unmount } = renderApp(<PostProperty />, { path: '/post-property', signedIn: landlord });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/me/whatsapp')).toBe(true));
    expect(screen.queryByTestId('number-notice')).toBeNull();
    unmount();
    calls.length = 0;
    renderApp(<PostProperty />, { path: '/post-property', signedIn: user({ role: 'admin', isVerified: true }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path === '/api/me/whatsapp')).toBe(false);
    expect(screen.queryByTestId('number-notice')).toBeNull();
  });

  it('maps the server\u2019s refusal of the posting to the notice, and keeps what was entered', async () => {
    // The number looked confirmed when the page opened (changed since, in another tab).
    serve({ whatsapp: '674000001', whatsappProvenAt: PROVEN_AT });
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answer = { status: 403, body: { message: MESSAGES.whatsappProof.requiredToPost, errors: [`whatsapp: ${MESSAGES.whatsappProof.requiredToPost}`] } };
    const u = userEvent.setup();
    renderApp(<PostProperty />, { path: '/post-property', signedIn: landlord });
    const next = () => screen.getByRole('button', { name: 'Continue' });
    await u.click(screen.getByLabelText('Residential'));
    await u.selectOptions(screen.getByLabelText(/Property type/), 'studio');
    await u.click(next());
    await u.type(screen.getByRole('combobox'), 'bue');
    await u.click(screen.getByRole('option', { name: 'Buea' }));
    await u.type(screen.getByLabelText(/Neighbourhood/), 'Molyko');
    await u.click(next());
    await u.type(screen.getByLabelText(/Bedrooms/), '1');
    await u.type(screen.getByLabelText(/Toilets/), '1');
    await u.type(screen.getByLabelText(/Size/), '20');
    await u.click(next());
    await u.type(screen.getByLabelText(/Title/), 'Studio near the junction');
    await u.type(screen.getByLabelText(/Description/), 'Quiet area');
    await u.click(next());
    await u.type(screen.getByLabelText(/Price/), '35000');
    await u.selectOptions(screen.getByLabelText(/Payment term/), 'monthly');
    await u.click(next());
    await u.click(next());
    await u.click(next());
    await u.click(screen.getByRole('button', { name: 'Post Property' }));

    const notice = await screen.findByRole('alert');
    expect(notice.getAttribute('data-testid')).toBe('number-notice');
    expect(within(notice).getByRole('link', { name: 'Confirm my number' }).getAttribute('href')).toBe('/profile#whatsapp');
    expect(screen.queryByText(MESSAGES.property.submitFailed, { exact: false })).toBeNull();
    expect(FakeUpload.sent).toBe(1);
    // Still on the preview, with what was entered.
    expect(screen.getByText('Step 8 of 8')).toBeInTheDocument();
    expect(screen.getByText('Studio near the junction')).toBeInTheDocument();
  });
});
