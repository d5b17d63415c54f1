import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addTexts,
  api,
  ApiError,
  currentLanguage,
  I18nProvider,
  initialLanguage,
  LANGUAGE_COOKIE,
  NETWORK_RETRIES,
  preferredLanguage,
  retryOnNetworkFailure,
  startI18n,
  startServerI18n,
  toQueryString,
  translate,
  useI18n,
  type LanguageBundle,
} from './index.js';

/** `t` over a test's own catalog, whose keys are not the app's (web's tsc types them with its own). */
function say(t: unknown, key: string, options?: { count: number }): string {
  return (t as (key: string, options?: { count: number }) => string)(key, options);
}

function answer(status: number, body: unknown) {
  const spy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

describe('api client (both apps)', () => {
  // As in the apps, calls are made once the visit's language is loaded (its texts are the fallbacks).
  beforeAll(() => startI18n((language) => Promise.resolve({ catalog: {}, messages: language === 'fr' ? MESSAGES_FR : MESSAGES }), { language: 'en' }).ready);

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
  it("follows the browser's first language we have, and French when in doubt", () => {
    expect(preferredLanguage(['fr-CM', 'en-GB'])).toBe('fr');
    expect(preferredLanguage(['de-DE', 'en-US', 'fr'])).toBe('en');
    expect(preferredLanguage(['de-DE'])).toBe('fr');
    expect(preferredLanguage([])).toBe('fr');
  });

  it("starts in the address's language, else the device's remembered one, else the browser's", () => {
    const forget = () => (document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`);
    forget();
    const languages = vi.spyOn(navigator, 'languages', 'get');
    try {
      languages.mockReturnValue(['en-US', 'en']);
      expect(initialLanguage()).toBe('en');
      languages.mockReturnValue(['de-DE']);
      expect(initialLanguage()).toBe('fr');
      history.pushState(null, '', '/property-details/abc?lang=en');
      expect(initialLanguage()).toBe('en');
      // The address decides over the device's earlier choice: each language has its own address.
      document.cookie = `${LANGUAGE_COOKIE}=fr; Path=/`;
      expect(initialLanguage()).toBe('en');
      history.pushState(null, '', '/property-details/abc');
      expect(initialLanguage()).toBe('fr');
      // A `lang` that is not one of ours is no choice.
      history.pushState(null, '', '/property-details/abc?lang=de');
      expect(initialLanguage()).toBe('fr');
    } finally {
      languages.mockRestore();
      history.pushState(null, '', '/');
      forget();
    }
  });

  it('finds the texts of a catalog part once the code that shows them has loaded it, in each language, under their usual keys', async () => {
    const catalogs = { en: { map: { title: 'Where it is' } }, fr: { map: { title: 'Où se trouve le bien' } } };
    const { i18n, ready } = startI18n((language) => Promise.resolve({ catalog: catalogs[language], messages: language === 'fr' ? MESSAGES_FR : MESSAGES }), { language: 'en' });
    await ready;
    // Before the part is there, a key of it is not a text yet (the key itself, as any unknown key).
    expect(say(i18n.t, 'map.pinHelp')).toBe('map.pinHelp');
    addTexts({ en: { map: { pinHelp: 'A pin is optional.' } }, fr: { map: { pinHelp: 'L’épingle est facultative.' } } });
    expect(say(i18n.t, 'map.pinHelp')).toBe('A pin is optional.');
    // The first catalog's own texts of the same group are still there.
    expect(say(i18n.t, 'map.title')).toBe('Where it is');
    await i18n.changeLanguage('fr');
    expect(say(i18n.t, 'map.pinHelp')).toBe('L’épingle est facultative.');
    expect(say(i18n.t, 'map.title')).toBe('Où se trouve le bien');
    await i18n.changeLanguage('en');
  });

  it('switches language at once, remembers it in a cookie and <html lang>, and the API asks for it', async () => {
    const catalogs = {
      en: { found_one: '{{count}} property found', found_other: '{{count}} properties found' },
      fr: { found_one: '{{count}} bien trouvé', found_other: '{{count}} biens trouvés', found_many: '{{count}} de biens trouvés' },
    };
    const { i18n, ready } = startI18n((language) => Promise.resolve({ catalog: catalogs[language], messages: language === 'fr' ? MESSAGES_FR : MESSAGES }), { language: 'en' });
    await ready;
    // This catalog is the test's own, not the app's whose keys `i18n.t` is typed with.
    const t = i18n.t.bind(i18n) as unknown as (key: string, options: { count: number }) => string;
    expect(t('found', { count: 0 })).toBe('0 properties found');
    await i18n.changeLanguage('fr');
    // French counts 0 and 1 as singular: the library's plural rules, not ours.
    expect(t('found', { count: 0 })).toBe('0 bien trouvé');
    expect(t('found', { count: 2 })).toBe('2 biens trouvés');
    // French has a third form for counts such as a million, which the catalogs must give (no fallback).
    expect(t('found', { count: 1_000_000 })).toBe('1000000 de biens trouvés');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=fr`);
    expect(currentLanguage()).toBe('fr');

    const spy = answer(502, undefined);
    await expect(api('/me')).rejects.toMatchObject({ message: MESSAGES_FR.common.unexpected });
    expect(new Headers(spy.mock.calls[0][1]?.headers).get('Accept-Language')).toBe('fr');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('fills placeholders as given (React escapes), falls back to a default value, and shows a missing key as itself', () => {
    const catalog = { greeting: 'Hello {{name}}, {{n, number}} new', nested: { title: '« {{title}} »' }, steps: ['One', 'Two'] };
    expect(translate(catalog, 'en', 'greeting', { name: '<b>Ama & Co</b>', n: 1234 })).toBe('Hello <b>Ama & Co</b>, 1,234 new');
    expect(translate(catalog, 'fr', 'nested.title', { title: 'Studio' })).toBe('« Studio »');
    // A placeholder not given is left empty, never shown as `{{title}}`.
    expect(translate(catalog, 'en', 'nested.title')).toBe('«  »');
    expect(translate(catalog, 'en', 'labels.propertyType.villa', { defaultValue: 'villa' })).toBe('villa');
    expect(translate(catalog, 'en', 'no.such.key')).toBe('no.such.key');
    expect(translate(catalog, 'en', 'steps', { returnObjects: true })).toEqual(['One', 'Two']);
    // A group asked for as one text is not shown as "[object Object]".
    expect(translate(catalog, 'en', 'nested')).toBe('nested');
  });

  it('keeps the shown language until the other one has loaded, then every screen switches at once', async () => {
    const catalogs = { en: { hello: 'Hello' }, fr: { hello: 'Bonjour' } };
    let loaded: () => void = () => undefined;
    const { i18n, ready } = startI18n(
      (language) =>
        language === 'en'
          ? Promise.resolve({ catalog: catalogs.en, messages: MESSAGES })
          : new Promise<LanguageBundle<object>>((resolve) => (loaded = () => resolve({ catalog: catalogs.fr, messages: MESSAGES_FR }))),
      { language: 'en' },
    );
    await ready;
    function Greeting({ id }: { id: string }) {
      const { t, language } = useI18n();
      return createElement('p', { 'data-testid': id, lang: language }, say(t, 'hello'));
    }
    render(createElement('div', null, createElement(Greeting, { id: 'a' }), createElement(Greeting, { id: 'b' })));
    let switched: Promise<unknown> = Promise.resolve();
    act(() => {
      switched = i18n.changeLanguage('fr');
    });
    expect(screen.getByTestId('a').textContent).toBe('Hello');
    expect(currentLanguage()).toBe('en');
    await act(async () => {
      loaded();
      await switched;
    });
    expect([screen.getByTestId('a').textContent, screen.getByTestId('b').textContent]).toEqual(['Bonjour', 'Bonjour']);
    expect(screen.getByTestId('b').getAttribute('lang')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('a').textContent).toBe('Hello');
  });

  it('shows the last language asked for when an earlier one loads later', async () => {
    let loaded: () => void = () => undefined;
    const { i18n, ready } = startI18n(
      (language) =>
        language === 'en'
          ? Promise.resolve({ catalog: { hello: 'Hello' }, messages: MESSAGES })
          : new Promise<LanguageBundle<object>>((resolve) => (loaded = () => resolve({ catalog: { hello: 'Bonjour' }, messages: MESSAGES_FR }))),
      { language: 'en' },
    );
    await ready;
    const french = i18n.changeLanguage('fr');
    await i18n.changeLanguage('en');
    loaded();
    await french;
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // French is loaded now: asked again, it comes at once.
    await i18n.changeLanguage('fr');
    expect(say(i18n.t, 'hello')).toBe('Bonjour');
    await i18n.changeLanguage('en');
  });

  it("draws two pages on the server at once, each in its own language, whatever the browser's texts say", () => {
    const bundle = (hello: string, messages: LanguageBundle<object>['messages']) => ({ catalog: { hello, count_one: '{{count}} annonce', count_other: '{{count}} annonces' }, messages });
    const server = startServerI18n({ en: bundle('Hello', MESSAGES), fr: bundle('Bonjour', MESSAGES_FR) });
    function Page() {
      const { t, language, m } = useI18n();
      return createElement('p', { lang: language }, `${say(t, 'hello')} ${say(t, 'count', { count: 0 })} ${m.common.unexpected}`);
    }
    const draw = (language: 'en' | 'fr') => renderToString(createElement(I18nProvider, { i18n: server[language] }, createElement(Page)));
    expect(draw('fr')).toBe(`<p lang="fr">Bonjour 0 annonce ${MESSAGES_FR.common.unexpected}</p>`);
    expect(draw('en')).toBe(`<p lang="en">Hello 0 annonces ${MESSAGES.common.unexpected}</p>`);
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
