import { hostname } from 'node:os';
import { ClientNats, ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '../logging/request-context.js';
import { rpcHandledDuration } from '../metrics/standard.js';

type NatsClientOptions = Required<NatsOptions>['options'] & {
  subjectPrefix?: string;
  /** How long `close()` waits for requests in flight before closing anyway. */
  shutdownGraceMs?: number;
};

/** This process's own name on the bus, for per-replica subjects (container health checks). */
export function instanceId(): string {
  return hostname().replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The health subject only this replica answers (no queue group), so a container's health check
 * asks this very process rather than whichever replica the queue group picks.
 */
export function instanceHealthSubject(service: string, prefix = '', id = instanceId()): string {
  return `${prefix}${service}.health.instance.${id}`;
}

/**
 * Nest's NATS server subscribes each handler on its bare pattern; this one subscribes on
 * `prefix + pattern` (in a queue group, so replicas share the work) while still dispatching by
 * the bare pattern. It also runs each request under the caller's request id (NATS header
 * `x-request-id`), times it, and on close stops taking requests, finishes those in flight and
 * drains the connection.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly subjectPrefix: string;
  private readonly shutdownGraceMs: number;
  private inFlight = 0;
  private answeredCount = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(options: NatsClientOptions) {
    const { subjectPrefix, shutdownGraceMs, ...rest } = options;
    // Our close() does the graceful part; Nest's would only wait a fixed period.
    super({ ...rest, gracefulShutdown: false } as any);
    this.subjectPrefix = subjectPrefix ?? '';
    this.shutdownGraceMs = shutdownGraceMs ?? 20_000;
  }

  override bindEvents(client: any): void {
    const defaultQueue = (this as any).getOptionsProp((this as any).options, 'queue');
    const name: string | undefined = (this as any).options?.name;
    for (const channel of [...this.messageHandlers.keys()]) {
      const handlerRef: any = this.messageHandlers.get(channel);
      const queue = handlerRef?.extras?.queue ?? defaultQueue;
      const callback = (this as any).getMessageHandler(channel).bind(this);
      (this as any).subscriptions.push(client.subscribe(this.subjectPrefix + channel, { queue, callback }));
      if (name && channel === `${name}.health`) {
        (this as any).subscriptions.push(client.subscribe(instanceHealthSubject(name, this.subjectPrefix), { callback }));
      }
    }
  }

  override async handleMessage(channel: string, natsMsg: any): Promise<any> {
    const header = natsMsg?.headers?.get?.(REQUEST_ID_HEADER);
    const handle = () => super.handleMessage(channel, natsMsg);
    return header ? runWithRequestId(requestIdFrom(header), handle) : handle();
  }

  /** Counts a request from its arrival until its final answer is sent. */
  override getPublisher(natsMsg: any, id: string, ctx: any): any {
    const publish = super.getPublisher(natsMsg, id, ctx);
    if (!natsMsg.reply) return publish;
    const pattern = natsMsg.subject.startsWith(this.subjectPrefix) ? natsMsg.subject.slice(this.subjectPrefix.length) : natsMsg.subject;
    const stop = rpcHandledDuration.startTimer();
    this.inFlight++;
    let answered = false;
    return (response: any) => {
      const result = publish(response);
      if (!answered && (response?.isDisposed || response?.err !== undefined)) {
        answered = true;
        this.answeredCount++;
        const seconds = stop({ pattern });
        if (!pattern.endsWith('.health') && !pattern.includes('.health.')) {
          this.logger.log({ msg: 'request handled', pattern, durationMs: Math.round(seconds * 1000), ...(response?.err !== undefined ? { failed: true } : {}) });
        }
        this.inFlight--;
        if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      }
      return result;
    };
  }

  /** Requests this server has answered (per replica: tests check a queue group answers once). */
  get answered(): number {
    return this.answeredCount;
  }

  /** Requests received and not yet answered. */
  get pending(): number {
    return this.inFlight;
  }

  /** Stop taking new requests, answer those in flight (up to the grace period), drain, close. */
  override async close(): Promise<void> {
    const nc = (this as any).natsClient;
    if (!nc) return;
    const subscriptions: any[] = (this as any).subscriptions.splice(0);
    // drain(): unsubscribes, and still handles what the server had already routed to us.
    await Promise.all(subscriptions.map((sub) => Promise.resolve(sub.drain?.() ?? sub.unsubscribe()).catch(() => undefined)));
    await this.whenIdle(this.shutdownGraceMs);
    if (this.inFlight > 0) this.logger.warn(`closing with ${this.inFlight} request(s) still in flight after ${this.shutdownGraceMs} ms`);
    await nc.drain().catch(() => undefined); // flushes the answers just published
    await super.close();
  }

  private whenIdle(timeoutMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

export class PrefixedNatsClient extends ClientNats {
  private readonly subjectPrefix: string;

  constructor(options: NatsClientOptions) {
    const { subjectPrefix, ...rest } = options;
    super(rest as any);
    this.subjectPrefix = subjectPrefix ?? '';
  }

  protected override normalizePattern(pattern: any): string {
    return this.subjectPrefix + super.normalizePattern(pattern);
  }
}
