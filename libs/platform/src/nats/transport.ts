import { ClientNats, ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';

type NatsClientOptions = Required<NatsOptions>['options'] & { subjectPrefix?: string };

/**
 * Nest's NATS server subscribes each handler on its bare pattern; this one subscribes on
 * `prefix + pattern` (in a queue group, so replicas share the work) while still dispatching by
 * the bare pattern.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly subjectPrefix: string;

  constructor(options: NatsClientOptions) {
    const { subjectPrefix, ...rest } = options;
    super(rest as any);
    this.subjectPrefix = subjectPrefix ?? '';
  }

  override bindEvents(client: any): void {
    const defaultQueue = (this as any).getOptionsProp((this as any).options, 'queue');
    for (const channel of [...this.messageHandlers.keys()]) {
      const handlerRef: any = this.messageHandlers.get(channel);
      const queue = handlerRef?.extras?.queue ?? defaultQueue;
      const sub = client.subscribe(this.subjectPrefix + channel, {
        queue,
        callback: (this as any).getMessageHandler(channel).bind(this),
      });
      (this as any).subscriptions.push(sub);
    }
  }

  /** Stop taking new requests (in-flight ones still answer), then close. */
  async drainAndClose(): Promise<void> {
    for (const sub of (this as any).subscriptions) sub.unsubscribe();
    await this.close();
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
