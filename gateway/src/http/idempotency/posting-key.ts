import type { Request } from 'express';

/**
 * The Idempotency-Key of the write this request is, as the gateway names it (a hash of the person,
 * method, path and key): handed to the service that owns the write, so a send the gateway could not
 * answer (its wait ran out, the key was freed) and its retry still make one thing, not two.
 */
const keys = new WeakMap<Request, string>();

export function rememberPostingKey(req: Request, id: string): void {
  keys.set(req, id);
}

export const postingKeyOf = (req: Request): string | undefined => keys.get(req);
