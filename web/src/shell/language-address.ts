import type { Language } from '@mboa/web-core';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** `search` (`?a=1&lang=en`) with its `lang` set to `language`, every other parameter kept in place. */
export function searchInLanguage(search: string, language: Language): string {
  const params = new URLSearchParams(search);
  params.set('lang', language);
  return `?${params.toString()}`;
}

/**
 * What the FR | EN switch does besides the cookie on the public app: the page moves to its own
 * address in the chosen language (`?lang=fr`), so each language has one address to share, bookmark
 * and index, and a reload stays in it (the address's `lang` decides first: libs/web-core i18n.ts
 * and the gateway's page-language.ts). The history entry is replaced, not added (Back does not
 * undo a language), with the path, the rest of the query, the hash and the page's state kept and
 * the scroll position left alone.
 */
export function useLanguageAddress(): (language: Language) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (language: Language) => {
      void navigate(
        { pathname: location.pathname, search: searchInLanguage(location.search, language), hash: location.hash },
        { replace: true, state: location.state as unknown, preventScrollReset: true },
      );
    },
    [location, navigate],
  );
}
