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
 * What posting with photos may cost: per user, a number of postings with photos per hour (Redis,
 * shared by every gateway replica); per replica, a number of postings received or processed at
 * once. Both refuse with 429 and Retry-After before a byte of the body is read.
 */
@Injectable()
export class UploadGuard {
  private readonly perUser: RateLimiterRedis;
  private inFlight = 0;
  readonly maxInFlight: number = LIMITS.uploads.concurrentPostsPerGateway;

  constructor(redis: GatewayRedis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.perUser = new RateLimiterRedis({
      storeClient: redis.client,
      useRedisPackage: true,
      keyPrefix: `${config.redisPrefix}rl:posts-with-photos-user`,
      points: Math.max(1, Math.round(LIMITS.uploads.postsWithPhotosPerUser * config.rateLimitScale)),
      duration: LIMITS.uploads.postsWithPhotosWindowSeconds,
    });
  }

  /** Takes one of this replica's places for a posting, or refuses (429) when all are taken. */
  enter(): Release {
    if (this.inFlight >= this.maxInFlight) throw new RetryLater(MESSAGES.upload.busy, LIMITS.uploads.busyRetryAfterSeconds);
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
    };
  }

  /** Refuses (429) a user whose postings with photos for this hour are spent, without counting. */
  async ensureNotSpent(userId: string): Promise<void> {
    const state = await this.perUser.get(userId);
    if (state && state.remainingPoints <= 0) throw new RetryLater(MESSAGES.upload.tooManyPosts, seconds(state.msBeforeNext));
  }

  /** Counts one posting with photos; refuses (429) past the hour's allowance. */
  async consume(userId: string): Promise<void> {
    try {
      await this.perUser.consume(userId);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RetryLater(MESSAGES.upload.tooManyPosts, seconds(error.msBeforeNext));
      throw error;
    }
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
