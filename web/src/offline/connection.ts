import { useSyncExternalStore } from 'react';
import { ANSWER_MESSAGE, type AnswerMessage } from './caches.js';

/**
 * What the page knows of its connection: `offline` when the browser says so, `saved` when the last
 * search or details answer came from this device's cache (the network failed or was too slow, as
 * the service worker tells), else `online`. The offline notice reads it.
 */
export type Connection = 'online' | 'offline' | 'saved';

let browserOnline = true;
let lastAnswerFromCache = false;
const listeners = new Set<() => void>();

function current(): Connection {
  if (!browserOnline) return 'offline';
  return lastAnswerFromCache ? 'saved' : 'online';
}
function changed(): void {
  for (const listener of listeners) listener();
}

/** An API answer arrived: from the network (the connection works) or from the cache. */
export function noteAnswer(source: AnswerMessage['source']): void {
  const fromCache = source === 'cache';
  if (fromCache === lastAnswerFromCache) return;
  lastAnswerFromCache = fromCache;
  changed();
}

function noteBrowser(): void {
  const online = navigator.onLine;
  if (online === browserOnline) return;
  browserOnline = online;
  changed();
}

let watching = false;
/** Starts listening (once): the browser's online/offline events and the service worker's messages. */
export function watchConnection(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  browserOnline = navigator.onLine;
  window.addEventListener('online', noteBrowser);
  window.addEventListener('offline', noteBrowser);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<Partial<AnswerMessage> | null>) => {
    if (event.data?.type === ANSWER_MESSAGE && (event.data.source === 'cache' || event.data.source === 'network')) noteAnswer(event.data.source);
  });
}

/** For tests: back to a fresh page's state. */
export function resetConnection(): void {
  window.removeEventListener('online', noteBrowser);
  window.removeEventListener('offline', noteBrowser);
  watching = false;
  browserOnline = true;
  lastAnswerFromCache = false;
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, current, () => 'online');
}
