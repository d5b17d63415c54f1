import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The HTTP header, and the NATS header, carrying the id of the request that caused some work. */
export const REQUEST_ID_HEADER = 'x-request-id';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `requestId` as the current request's id (logs, outgoing calls, recorded events). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request this code is working for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

// Ids come from callers: keep them short and printable so they can't forge log lines or headers.
const ACCEPTABLE = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The caller's id when it is a sane one, else a new one. */
export function requestIdFrom(value: unknown): string {
  const candidate: unknown = Array.isArray(value) ? value[0] : value;
  return typeof candidate === 'string' && ACCEPTABLE.test(candidate) ? candidate : randomUUID();
}
