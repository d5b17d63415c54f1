import { HttpException, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMITS, MESSAGES } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GatewayRedis } from '../redis.provider.js';

/** A 429 with its own text; the exception filter turns `retryAfterSeconds` into `Retry-After`. */
export class RetryLater extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message }, 429);
  }
}

/** Frees the place a posting took (idempotent). */
export type Release = () => void;

/**
 * What posting with photos may cost: per owner, a number of postings with photos per hour (Redis,
 * shared by every gateway replica; staff posting for an owner spend that owner's); per replica, a
 * number of postings received or processed at once, of which one person may hold only a few. The
 * places are taken before a byte of the body is read; the allowance is counted once the fields
 * say whose property it is and the first photo begins (docs/api.md#posting-a-property).
 */
@Injectable()
export class UploadGuard {
  private readonly perOwner: RateLimiterRedis;
  private inFlight = 0;
  private readonly inFlightByPerson = new Map<string, number>();
  readonly maxInFlight: number = LIMITS.uploads.concurrentPostsPerGateway;
  readonly maxInFlightPerPerson: number = LIMITS.uploads.concurrentPostsPerPerson;

  constructor(redis: GatewayRedis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.perOwner = new RateLimiterRedis({
      storeClient: redis.client,
      useRedisPackage: true,
      keyPrefix: `${config.redisPrefix}rl:posts-with-photos-user`,
      points: Math.max(1, Math.round(LIMITS.uploads.postsWithPhotosPerUser * config.rateLimitScale)),
      duration: LIMITS.uploads.postsWithPhotosWindowSeconds,
    });
  }

  /**
   * Takes one of this replica's places for an upload by `personId` (who sends it, staff included),
   * or refuses (429): the person already holds their share, or every place is taken.
   */
  enter(personId: string): Release {
    const held = this.inFlightByPerson.get(personId) ?? 0;
    if (held >= this.maxInFlightPerPerson) throw new RetryLater(MESSAGES.upload.tooManyAtOnce, LIMITS.uploads.personBusyRetryAfterSeconds);
    if (this.inFlight >= this.maxInFlight) throw new RetryLater(MESSAGES.upload.busy, LIMITS.uploads.busyRetryAfterSeconds);
    this.inFlight++;
    this.inFlightByPerson.set(personId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      const left = (this.inFlightByPerson.get(personId) ?? 1) - 1;
      if (left > 0) this.inFlightByPerson.set(personId, left);
      else this.inFlightByPerson.delete(personId);
    };
  }

  /**
   * Counts one upload with photos against the hour's allowance of `ownerId`, the owner of the
   * property (not the staff member posting for them); refuses (429) past it.
   */
  async consume(ownerId: string): Promise<void> {
    try {
      await this.perOwner.consume(ownerId);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RetryLater(MESSAGES.upload.tooManyPosts, seconds(error.msBeforeNext));
      throw error;
    }
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
