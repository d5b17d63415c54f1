import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@mboa/contracts';

/**
 * Counts the HTTP requests in flight and, once stopping, turns new ones away with a clean 503
 * (a keep-alive connection may still bring one after the listener closed).
 */
export class HttpDrain {
  private inFlight = 0;
  private stopping = false;
  private idleWaiters: Array<() => void> = [];

  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.stopping) {
      res.setHeader('Connection', 'close');
      res.setHeader('Retry-After', '5');
      res.status(503).json({ message: MESSAGES.common.serviceUnavailable });
      return;
    }
    this.inFlight++;
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    };
    res.once('finish', end);
    res.once('close', end);
    // Answers finished while stopping close their connection instead of keeping it for reuse.
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
      if (this.stopping && !res.headersSent) res.setHeader('Connection', 'close');
      return writeHead(...args);
    }) as typeof res.writeHead;
    next();
  };

  get pending(): number {
    return this.inFlight;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  beginStopping(): void {
    this.stopping = true;
  }

  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

const drains = new WeakMap<object, HttpDrain>();

export function attachDrain(app: INestApplication, drain: HttpDrain): void {
  drains.set(app, drain);
}

/**
 * Stops a gateway without losing a request: from now on every new request is answered 503 with
 * `Connection: close` (so clients stop reusing connections), the requests in flight are finished
 * (up to `graceMs`), and only once the gateway has been quiet for a moment does the listener close
 * and the Nest app close (NATS client, Redis, database pool). Closing the listener first would
 * reset connections already accepted whose request had not arrived yet.
 */
export async function stopGateway(app: INestApplication, options: { graceMs?: number; quietMs?: number; log?: (msg: string) => void } = {}): Promise<void> {
  const drain = drains.get(app);
  const server = app.getHttpServer() as Server;
  const graceMs = options.graceMs ?? 20_000;
  const deadline = Date.now() + graceMs;
  if (drain) {
    drain.beginStopping();
    if (drain.pending > 0) options.log?.(`finishing ${drain.pending} request(s) in flight`);
    // Quiet = nothing in flight for quietMs; late requests on open connections get their 503 meanwhile.
    const quietMs = options.quietMs ?? 250;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || !(await drain.whenIdle(left))) {
        options.log?.(`${drain.pending} request(s) still in flight after ${graceMs} ms; stopping anyway`);
        break;
      }
      await new Promise((r) => setTimeout(r, Math.min(quietMs, Math.max(0, deadline - Date.now()))));
      if (drain.pending === 0) break;
    }
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections?.();
  await closed;
  await app.close();
}

/**
 * On the first SIGTERM or SIGINT: run `stop` (which stops taking work and finishes what is in
 * flight), then exit 0 (1 if stopping failed). A second signal while stopping changes nothing.
 */
export function stopOnSignals(stop: () => Promise<void>, log: (msg: string) => void = () => undefined): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
