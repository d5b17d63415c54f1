import { MESSAGES } from '@mboa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { activeLanguage, api, ApiError, NETWORK_RETRIES, retryOnNetworkFailure, selectCatalog, toQueryString } from './index.js';

function answer(status: number, body: unknown) {
  const spy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

describe('api client (both apps)', () => {
  it('sends JSON with the session cookie to /api and leaves empty filters out of the query', async () => {
    const spy = answer(200, { ok: true });
    await expect(api('/properties/search', { query: { town: 'Buea', search: '  ', rooms: undefined, page: 2 } })).resolves.toEqual({ ok: true });
    expect(spy.mock.calls[0][0]).toBe('/api/properties/search?town=Buea&page=2');
    expect(spy.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include' });

    await api('/admin/users/u1', { method: 'PATCH', body: { name: 'Ada' } });
    expect(spy.mock.calls[1][1]).toMatchObject({ method: 'PATCH', body: '{"name":"Ada"}' });
    expect(toQueryString({})).toBe('');
  });

  it("throws the server's message and field errors with the status", async () => {
    answer(400, { message: 'Validation failed', errors: ['title is required', 7] });
    const error = await api('/property/post', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Validation failed', errors: ['title is required'] });
  });

  it('uses the caller\'s text when the server gives none, and status 0 when the network fails', async () => {
    answer(502, undefined);
    await expect(api('/me', { fallback: MESSAGES.contact.failure })).rejects.toMatchObject({ status: 502, message: MESSAGES.contact.failure });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api('/me')).rejects.toMatchObject({ status: 0, message: MESSAGES.common.unexpected });
  });
});

describe('i18n entry point', () => {
  it('falls back to English for a language without catalogs and picks the catalog of the active one', () => {
    expect(activeLanguage(['fr-CM', 'en-GB'])).toBe('en');
    expect(activeLanguage([])).toBe('en');
    expect(selectCatalog({ en: { hello: 'Hello' } }, 'en')).toEqual({ hello: 'Hello' });
  });
});

describe('data layer', () => {
  it('tries a read again only after a network failure, never after an answer from the server', () => {
    expect(retryOnNetworkFailure(0, new ApiError(0, 'offline'))).toBe(true);
    expect(retryOnNetworkFailure(NETWORK_RETRIES, new ApiError(0, 'offline'))).toBe(false);
    expect(retryOnNetworkFailure(0, new ApiError(500, 'boom'))).toBe(false);
    expect(retryOnNetworkFailure(0, new ApiError(404, 'gone'))).toBe(false);
  });
});
