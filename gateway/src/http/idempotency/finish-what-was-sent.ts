import type { Server } from 'node:http';

/**
 * A request whose body arrived whole is carried out even when its client hangs up before the
 * answer (docs/api.md#idempotency-key): the phone lost its signal, not its mind, and its retry
 * under the same key then gets the kept answer instead of doing it again. By default Node aborts
 * every unanswered request of a connection the client ends, destroying a body still being read
 * (busboy waiting on storage) mid-way; half-open HTTP lets the request finish, and the
 * connection closes once it is answered. A body cut short still fails as before (the parser
 * reports the early end and the connection is destroyed).
 */
export function finishWhatWasSent(server: Server): void {
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}
