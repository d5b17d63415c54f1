import { IDEMPOTENCY_KEY_HEADER, MESSAGES } from '@mboa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PostProperty from '../pages/PostProperty.js';
import { i18n, mockFetch, renderApp, user } from '../test/utils.js';

/**
 * The gateway's answers to the postings, as XMLHttpRequest hands them over (uploads use XHR for
 * progress): each send's Idempotency-Key and photo names are recorded. The gateway's side of the
 * key runs for real in idempotent-writes.e2e.test.ts; jsdom has no network and no IndexedDB, so the
 * draft's storage is the one test of draft.test.ts.
 */
class FakeUpload {
  static sends: { key: string; names: string[] }[] = [];
  static answers: { status: number; body: unknown }[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(form: FormData) {
    FakeUpload.sends.push({ key: this.headers[IDEMPOTENCY_KEY_HEADER], names: (form.getAll('propertyImages') as File[]).map((f) => f.name) });
    const answer = FakeUpload.answers.shift() ?? { status: 201, body: { id: 'p1', property: { id: 'p1' } } };
    setTimeout(() => {
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

afterEach(() => {
  FakeUpload.sends = [];
  FakeUpload.answers = [];
});

async function fillAndPost(u: ReturnType<typeof userEvent.setup>) {
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
}

describe('the post wizard and its Idempotency-Key', () => {
  it('sends the same key when the landlord posts the draft again after a failure, and a new one for the next listing', async () => {
    mockFetch(({ method, path }) => (method === 'GET' && path === '/api/me/whatsapp' ? { body: { whatsapp: '674000001', whatsappProvenAt: '2026-11-20T10:00:00.000Z' } } : undefined));
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    // The first send fails on the server's side (nothing kept, the key freed); the second is made.
    FakeUpload.answers = [{ status: 500, body: { message: MESSAGES.common.internalError } }];
    const u = userEvent.setup();
    renderApp(<PostProperty />, { path: '/post-property', signedIn: user({ role: 'landlord', isVerified: true }) });
    await fillAndPost(u);
    await screen.findByRole('button', { name: 'Post Property' });
    await u.click(screen.getByRole('button', { name: 'Post Property' }));
    await vi.waitFor(() => expect(FakeUpload.sends).toHaveLength(2));
    const [first, again] = FakeUpload.sends;
    expect(first.key).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(again.key).toBe(first.key);
    expect(again.names).toEqual(first.names);

    // Once the listing is made, the next posting is another user action with a key of its own.
    await screen.findByText('Property posted!');
    await u.click(screen.getByRole('button', { name: MESSAGES.ui.postAnother }));
    await fillAndPost(u);
    await vi.waitFor(() => expect(FakeUpload.sends).toHaveLength(3));
    expect(FakeUpload.sends[2].key).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(FakeUpload.sends[2].key).not.toBe(first.key);
  });

  it('says the property was already posted when the key made a listing before the draft changed (422), and posts the changed draft under a new key', async () => {
    mockFetch(({ method, path }) => (method === 'GET' && path === '/api/me/whatsapp' ? { body: { whatsapp: '674000001', whatsappProvenAt: '2026-11-20T10:00:00.000Z' } } : undefined));
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.answers = [{ status: 422, body: { message: MESSAGES.idempotency.keyReused } }];
    const u = userEvent.setup();
    renderApp(<PostProperty />, { path: '/post-property', signedIn: user({ role: 'landlord', isVerified: true }) });
    await fillAndPost(u);
    expect(await screen.findByText(i18n.t('post.alreadyPosted'), { exact: false })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Post Property' }));
    await vi.waitFor(() => expect(FakeUpload.sends).toHaveLength(2));
    expect(FakeUpload.sends[1].key).not.toBe(FakeUpload.sends[0].key);
  });
});
