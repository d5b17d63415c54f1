import { hostname } from 'node:os';
import type { Msg, MsgCallback, NatsConnection, Subscription } from '@nats-io/nats-core';
import { ClientNats, ServerNats } from '@nestjs/microservices';
import type { MsPattern, NatsContext, NatsOptions, WritePacket } from '@nestjs/microservices';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '../logging/request-context.js';
import { rpcHandledDuration } from '../metrics/standard.js';
import { startRpcServerSpan, type ServerSpan } from '../tracing/context.js';
import { natsServers } from './subjects.js';

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
  /** Nest keeps these private; the server keeps its own to drain them on close. */
  private readonly queue: string | undefined;
  private readonly serviceName: string | undefined;
  private connection: NatsConnection | undefined;
  private readonly ownSubscriptions: Subscription[] = [];
  private inFlight = 0;
  private answeredCount = 0;
  private idleWaiters: Array<() => void> = [];
  /** The span of each request being handled (tracing on), ended with its final answer. */
  private readonly spans = new WeakMap<Msg, ServerSpan>();

  constructor(options: NatsClientOptions) {
    const { subjectPrefix, shutdownGraceMs, ...rest } = options;
    // Our close() does the graceful part; Nest's would only wait a fixed period.
    super({ ...rest, servers: natsServers(rest.servers), gracefulShutdown: false });
    this.subjectPrefix = subjectPrefix ?? '';
    this.shutdownGraceMs = shutdownGraceMs ?? 20_000;
    this.queue = typeof rest.queue === 'string' ? rest.queue : undefined;
    this.serviceName = typeof rest.name === 'string' ? rest.name : undefined;
  }

  override bindEvents(client: NatsConnection): void {
    this.connection = client;
    const name = this.serviceName;
    for (const [channel, handlerRef] of this.messageHandlers) {
      const extraQueue: unknown = handlerRef.extras?.queue;
      const queue = typeof extraQueue === 'string' ? extraQueue : this.queue;
      // Nest's handler for the bare pattern (it logs a subscription error, else handles the message).
      const callback = this.getMessageHandler(channel) as MsgCallback<Msg>;
      this.ownSubscriptions.push(client.subscribe(this.subjectPrefix + channel, { queue, callback }));
      if (name && channel === `${name}.health`) {
        this.ownSubscriptions.push(client.subscribe(instanceHealthSubject(name, this.subjectPrefix), { callback }));
      }
    }
  }

  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    const header = natsMsg.headers?.get(REQUEST_ID_HEADER);
    // A server span, child of the caller's (its context in the headers), when tracing is on.
    const traced = startRpcServerSpan(channel, (key) => natsMsg.headers?.get(key) || undefined);
    let handle = (): Promise<unknown> => super.handleMessage(channel, natsMsg);
    if (traced) {
      this.spans.set(natsMsg, traced);
      const untraced = handle;
      // A message without a reply subject has no answer to wait for: its span ends with the handling.
      handle = () => traced.run(untraced).finally(() => natsMsg.reply || traced.answered());
    }
    return header ? runWithRequestId(requestIdFrom(header), handle) : handle();
  }

  /** Counts a request from its arrival until its final answer is sent. */
  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: WritePacket) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    if (!natsMsg.reply) return publish;
    const pattern = natsMsg.subject.startsWith(this.subjectPrefix) ? natsMsg.subject.slice(this.subjectPrefix.length) : natsMsg.subject;
    const stop = rpcHandledDuration.startTimer();
    const span = this.spans.get(natsMsg);
    this.inFlight++;
    let answered = false;
    return (response: WritePacket): unknown => {
      const result: unknown = publish(response);
      if (!answered && (response.isDisposed || response.err !== undefined)) {
        answered = true;
        this.answeredCount++;
        const seconds = stop({ pattern });
        // A handler's failure is an answer (Nest caught it), not a throw: the span is marked here.
        span?.answered(response.err !== undefined && failedStatus(response.err) ? errorText(response.err) : undefined);
        if (!pattern.endsWith('.health') && !pattern.includes('.health.')) {
          this.logger.log({ msg: 'request handled', pattern, durationMs: Math.round(seconds * 1000), ...(response.err !== undefined ? { failed: true } : {}) });
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

  /** A round trip to the NATS server, for the readiness probe: fails before listen() connected and after close(). */
  async ping(): Promise<void> {
    const nc = this.connection;
    if (!nc || nc.isClosed()) throw new Error('not connected to NATS');
    await nc.rtt();
  }

  /** Requests received and not yet answered. */
  get pending(): number {
    return this.inFlight;
  }

  /** Stop taking new requests, answer those in flight (up to the grace period), drain, close. */
  override async close(): Promise<void> {
    const nc = this.connection;
    if (!nc) return;
    this.connection = undefined;
    const subscriptions = this.ownSubscriptions.splice(0);
    // drain(): unsubscribes, and still handles what the server had already routed to us.
    await Promise.all(subscriptions.map((sub) => sub.drain().catch(() => undefined)));
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
    super({ ...rest, servers: natsServers(rest.servers) });
    this.subjectPrefix = subjectPrefix ?? '';
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return this.subjectPrefix + super.normalizePattern(pattern);
  }

  /**
   * Hears a broadcast (plain NATS publish: every listener gets each message) on `subject`, prefixed
   * like the patterns, on this client's connection. Returns a function that stops listening.
   */
  async listen(subject: string, callback: (data: Uint8Array) => void): Promise<() => void> {
    await this.connect();
    const connection = this.natsClient as unknown as NatsConnection;
    const subscription = connection.subscribe(this.subjectPrefix + subject, { callback: (_err: Error | null, msg: Msg) => callback(msg.data) });
    return () => subscription.unsubscribe();
  }
}

/** An answer that is the service's fault (5xx, or anything not a ServiceException's refusal). */
function failedStatus(err: unknown): boolean {
  const status = err && typeof err === 'object' ? (err as { status?: unknown }).status : undefined;
  return typeof status !== 'number' || status >= 500;
}

function errorText(err: unknown): string {
  const message = err && typeof err === 'object' ? (err as { message?: unknown }).message : err;
  return typeof message === 'string' ? message : 'failed';
}
