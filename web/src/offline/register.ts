import { ACCOUNT_ANSWERS, CACHE_URLS_MESSAGE } from './caches.js';

/**
 * Installs the service worker once the page has loaded and the phone is idle, so its download and
 * the shell's precache never compete with the first screen for a slow connection. Production
 * builds only (the worker is built with the app).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void register(), { timeout: 5000 });
    else setTimeout(() => void register(), 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

async function register(): Promise<void> {
  const firstVisit = !navigator.serviceWorker.controller;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const ready = await navigator.serviceWorker.ready;
    // The scripts this page loaded before the worker existed, the language texts among them: the
    // worker keeps them, read from the browser's HTTP cache (they are immutable), not downloaded again.
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.href);
    // Who is signed in and their favourites (each 401 when nobody is, which is not kept): asked
    // through the worker once, on the visit that installs it, whose own calls went past it. Later
    // visits' calls go through the worker and keep them fresh.
    const urlsToCache = firstVisit ? [...scripts, ...ACCOUNT_ANSWERS.map((path) => new URL(path, location.origin).href)] : scripts;
    ready.active?.postMessage({ type: CACHE_URLS_MESSAGE, payload: { urlsToCache } });
  } catch (error) {
    // Without a worker the app works as before, online only.
    console.warn('Service worker not installed', error);
  }
}
