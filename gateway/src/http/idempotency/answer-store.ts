import { randomUUID } from 'node:crypto';
import { Injectable, Inject } from '@nestjs/common';
import { LIMITS } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config.js';
import { GatewayRedis } from '../../redis.provider.js';

/** A finished write's answer as its retries get it again (docs/api.md#idempotency-key). */
export interface KeptAnswer {
  fingerprint: string;
  status: number;
  headers: [string, string | string[]][];
  /** The body as sent, base64. */
  body: string;
}

type Entry = { state: 'running'; lease: string } | ({ state: 'done' } & KeptAnswer);

/** What a key holds when a request arrives with it. */
export type Claim = { kind: 'claimed'; lease: string } | { kind: 'running' } | { kind: 'done'; answer: KeptAnswer };

// Compare-and-act, so a replica whose lease ran out (it stalled past it) never ends another's.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const FINISH = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1 end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * The keys in Redis, shared by every gateway replica: `running` with a short lease while the first
 * request works (renewed as it goes), then its answer for LIMITS.idempotency.answerTtlSeconds.
 */
@Injectable()
export class AnswerStore {
  private readonly prefix: string;

  constructor(
    private readonly redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.prefix = `${config.redisPrefix}idempotency:`;
  }

  /** Takes the key for this request, or says who has it. */
  async claim(id: string): Promise<Claim> {
    const key = this.prefix + id;
    // A key may expire between the SET and the GET: then it is free again, so try once more.
    for (let attempt = 0; attempt < 3; attempt++) {
      const lease: Entry = { state: 'running', lease: randomUUID() };
      const leaseText = JSON.stringify(lease);
      const set = await this.redis.client.set(key, leaseText, { NX: true, PX: LIMITS.idempotency.leaseMs });
      if (set === 'OK') return { kind: 'claimed', lease: leaseText };
      const found = await this.redis.client.get(key);
      if (found === null) continue;
      const entry = JSON.parse(found) as Entry;
      if (entry.state === 'running') return { kind: 'running' };
      const { state: _done, ...answer } = entry;
      return { kind: 'done', answer };
    }
    return { kind: 'running' };
  }

  async renew(id: string, lease: string): Promise<boolean> {
    return (await this.redis.client.eval(RENEW, { keys: [this.prefix + id], arguments: [lease, String(LIMITS.idempotency.leaseMs)] })) === 1;
  }

  async finish(id: string, lease: string, answer: KeptAnswer): Promise<void> {
    const entry: Entry = { state: 'done', ...answer };
    await this.redis.client.eval(FINISH, {
      keys: [this.prefix + id],
      arguments: [lease, JSON.stringify(entry), String(LIMITS.idempotency.answerTtlSeconds)],
    });
  }

  async release(id: string, lease: string): Promise<void> {
    await this.redis.client.eval(RELEASE, { keys: [this.prefix + id], arguments: [lease] });
  }
}
