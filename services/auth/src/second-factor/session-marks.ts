import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LIMITS } from '@mboa/contracts';
import { AuthRedis } from '../redis.js';

/** As long as the longest session lives: a mark never outlasts the need for it by much. */
const MARK_SECONDS = LIMITS.session.rememberMeDays * 24 * 3600;

/**
 * Which sessions have passed the admin area's second factor: a key of their own beside the session
 * record (under another hash of the token), so the session store's format stays its own. A mark
 * left after its session ends opens nothing: the token it stands for no longer signs anyone in.
 */
@Injectable()
export class SecondFactorMarks {
  constructor(private readonly redis: AuthRedis) {}

  async mark(token: string): Promise<void> {
    await this.redis.client.set(this.key(token), '1', { expiration: { type: 'EX', value: MARK_SECONDS } });
  }

  async has(token: string): Promise<boolean> {
    return (await this.redis.client.exists(this.key(token))) === 1;
  }

  private key(token: string): string {
    return this.redis.key('second-factor-passed', createHash('sha256').update(`second-factor:${token}`).digest('base64url'));
  }
}

/** Wrong codes per account (LIMITS.secondFactor.maxWrongCodes in wrongCodesWindowMinutes). */
@Injectable()
export class WrongCodeCounter {
  constructor(private readonly redis: AuthRedis) {}

  /** Seconds to wait when the account's allowance is spent, else null. */
  async blockedFor(userId: string): Promise<number | null> {
    const key = this.key(userId);
    const count = Number((await this.redis.client.get(key)) ?? 0);
    if (count < LIMITS.secondFactor.maxWrongCodes) return null;
    return Math.max(1, await this.redis.client.ttl(key));
  }

  async count(userId: string): Promise<void> {
    const key = this.key(userId);
    await this.redis.client
      .multi()
      .incr(key)
      .expire(key, LIMITS.secondFactor.wrongCodesWindowMinutes * 60, 'NX')
      .exec();
  }

  private key(userId: string): string {
    return this.redis.key('second-factor-wrong', userId);
  }
}
