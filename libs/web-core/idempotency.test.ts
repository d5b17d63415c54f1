import { IDEMPOTENCY_KEY_HEADER, MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startI18n, upload } from './index.js';

// The gateway cannot run in jsdom: fetch and XMLHttpRequest stand in for the network here, and the
// gateway's side of the key is proven against the real services (idempotent-writes.e2e.test.ts).

const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER];

beforeAll(() => startI18n((language) => Promise.resolve({ catalog: {}, messages: language === 'fr' ? MESSAGES_FR : MESSAGES }), { language: 'en' }).ready);
afterEach(() => vi.useRealTimers());

describe('Idempotency-Key from the api client (both apps)', () => {
  it('sends a fresh quoted key with each write and none with a read', async () => {
    const spy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', spy);
    await api('/me');
    await api('/favourites', { body: { propertyId: 'p1' } });
    await api('/favourites', { body: { propertyId: 'p1' } });
    await api('/admin/users/u1', { method: 'DELETE' });
    const keys = spy.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toBeUndefined();
    for (const key of keys.slice(1)) expect(key).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(new Set(keys.slice(1)).size).toBe(3);
  });

  it('sends a write again under the same key when its answer was lost, and when the server is still at it', async () => {
    vi.useFakeTimers();
    let sends = 0;
    const spy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
      sends += 1;
      if (sends === 1) throw new TypeError('Failed to fetch');
      if (sends === 2) return new Response(JSON.stringify({ message: MESSAGES.idempotency.inProgress }), { status: 409, headers: { 'Retry-After': '2' } });
      return new Response(JSON.stringify({ id: 'r1' }), { status: 201, headers: { 'Idempotent-Replayed': 'true' } });
    });
    vi.stubGlobal('fetch', spy);
    const made = api<{ id: string }>('/properties/p1/reports', { body: { reason: 'scam' }, idempotencyKey: 'report-p1' });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(made).resolves.toEqual({ id: 'r1' });
    expect(spy.mock.calls.map(([, init]) => keyOf(init))).toEqual(['"report-p1"', '"report-p1"', '"report-p1"']);
  });

  it('tells at once when the device is offline: nothing left it, so nothing is sent again', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const spy = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', spy);
    await expect(api('/auth/logout', { method: 'POST' })).rejects.toMatchObject({ status: 0 });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('takes a conflict of the request itself (a 409 without Retry-After) as the answer', async () => {
    const spy = vi.fn(async () => new Response(JSON.stringify({ message: MESSAGES.auth.emailAlreadyRegistered }), { status: 409 }));
    vi.stubGlobal('fetch', spy);
    await expect(api('/auth/signup', { body: {} })).rejects.toMatchObject({ status: 409 });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('sends an upload again under its key after a lost answer', async () => {
    vi.useFakeTimers();
    const sent: { key: string; form: FormData }[] = [];
    class FakeUpload {
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
        sent.push({ key: this.headers[IDEMPOTENCY_KEY_HEADER], form });
        setTimeout(() => {
          if (sent.length === 1) return this.onerror?.();
          this.status = 201;
          this.responseText = JSON.stringify({ id: 'p9' });
          this.onload?.();
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const form = new FormData();
    form.append('title', 'Studio');
    const posted = upload<{ id: string }>('/property/post', form, () => undefined, 'failed', { idempotencyKey: 'draft-key' });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(posted).resolves.toEqual({ id: 'p9' });
    expect(sent.map((s) => s.key)).toEqual(['"draft-key"', '"draft-key"']);
  });
});
