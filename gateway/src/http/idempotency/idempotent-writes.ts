import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { IDEMPOTENT_REPLAYED_HEADER, LIMITS, MESSAGES } from '@mboa/contracts';
import { CurrentSession } from '../../auth/current-session.js';
import { refuseUnread } from '../../uploads/multipart-upload.js';
import { AnswerStore, type KeptAnswer } from './answer-store.js';
import { captureAnswer } from './captured-answer.js';
import { readFingerprint, watchBody } from './fingerprint.js';
import { readKeyHeader } from './key-header.js';
import { rememberPostingKey } from './posting-key.js';

/** The methods whose answers a key keeps; GET and HEAD are safe to send again as they are. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `Idempotency-Key` on every /api write (docs/api.md#idempotency-key). The first request with a key
 * claims it and runs as usual; its 2xx answer is kept (status, body, the headers in
 * captured-answer.ts) for a day, in Redis so every replica sees it. A repeat with the same request
 * gets that answer again with `Idempotent-Replayed: true`, a different request 422, and a repeat
 * while the first still runs 409 with Retry-After. Any other answer of the first (4xx: nothing was
 * done; 5xx: the caller must be able to try again) frees the key.
 */
@Injectable()
export class IdempotentWrites {
  private readonly log = new Logger('idempotency');

  constructor(
    private readonly store: AnswerStore,
    private readonly session: CurrentSession,
  ) {}

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (!WRITES.has(req.method)) return next();
    const header = readKeyHeader(req.headers['idempotency-key']);
    if (header.kind === 'absent') return next();
    if (header.kind === 'invalid') return refuse(req, res, 400, MESSAGES.idempotency.keyInvalid);
    this.handle(req, res, next, header.key).catch((error: unknown) => {
      this.log.error(`idempotency key check failed: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) return;
      res.setHeader('Retry-After', String(LIMITS.http.serviceDownRetryAfterSeconds));
      refuse(req, res, 503, MESSAGES.common.serviceUnavailable);
    });
  };

  private async handle(req: Request, res: Response, next: NextFunction, key: string): Promise<void> {
    const id = await this.keyId(req, key);
    const claim = await this.store.claim(id);
    if (claim.kind === 'running') {
      res.setHeader('Retry-After', String(LIMITS.idempotency.inProgressRetryAfterSeconds));
      return refuse(req, res, 409, MESSAGES.idempotency.inProgress);
    }
    if (claim.kind === 'done') {
      const fingerprint = await readFingerprint(req);
      // The client went away mid-body: nobody to answer.
      if (fingerprint === null) return;
      if (fingerprint !== claim.answer.fingerprint) return refuse(req, res, 422, MESSAGES.idempotency.keyReused);
      return replay(res, claim.answer);
    }
    rememberPostingKey(req, id);
    this.run(req, res, id, claim.lease);
    next();
  }

  /**
   * Whose key it is: the signed-in person (whatever their second factor, so a staff session short
   * of it keeps its keys), else nobody in particular: a sign-up or a sign-in has no person yet.
   * Then the method and path, so one key on two routes names two requests. An anonymous key is
   * shared only by whoever knows both the key (random, never shown) and the whole body (for a
   * sign-in, the password): a repeat of another body is refused (422), never answered.
   */
  private async keyId(req: Request, key: string): Promise<string> {
    const user = await this.session.anyFactor(req);
    const scope = user ? `user:${user.id}` : 'anonymous';
    const path = req.originalUrl.split('?')[0];
    return createHash('sha256').update(`${scope}\0${req.method}\0${path}\0${key}`).digest('base64url');
  }

  /** The first request with the key: renew its lease while it works, then keep or free the key. */
  private run(req: Request, res: Response, id: string, lease: string): void {
    const body = watchBody(req);
    const answer = captureAnswer(res);
    // The lease outlives a crashed replica by at most leaseMs; a live request renews it up to the
    // longest a request may take (the server cuts it there anyway).
    const renewUntil = Date.now() + LIMITS.http.requestTimeoutMs;
    const renewal = setInterval(() => {
      if (Date.now() > renewUntil) return clearInterval(renewal);
      this.store.renew(id, lease).catch(() => undefined);
    }, LIMITS.idempotency.leaseRenewMs);
    renewal.unref();
    void answer
      .then(async ({ status, headers, body: bytes, oversized }) => {
        clearInterval(renewal);
        if (status >= 200 && status < 300 && !oversized) {
          // A handler may answer before reading every byte (a body it ignores): read the rest for the fingerprint.
          body.readRest();
          const fingerprint = await body.fingerprint;
          if (fingerprint !== null) return this.store.finish(id, lease, { fingerprint, status, headers, body: bytes.toString('base64') });
        }
        await this.store.release(id, lease);
      })
      .catch((error: unknown) => {
        clearInterval(renewal);
        this.log.error(`keeping an answer failed: ${error instanceof Error ? error.message : String(error)}`);
      });
  }
}

function refuse(req: Request, res: Response, status: number, message: string): void {
  refuseUnread(req, res);
  res.status(status).json({ message });
}

function replay(res: Response, answer: KeptAnswer): void {
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.end(Buffer.from(answer.body, 'base64'));
}
