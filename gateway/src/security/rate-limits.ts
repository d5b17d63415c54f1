import { HttpException, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMITS, MESSAGES } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GatewayRedis } from '../redis.provider.js';

/** A 429 carrying how long to wait; the exception filter turns it into `Retry-After`. */
export class TooManyAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: MESSAGES.common.tooManyAttempts }, 429);
  }
}

interface Rule {
  name: string;
  points: number;
  durationSeconds: number;
}

const WINDOW = LIMITS.login.windowMinutes * 60;
const RESET = LIMITS.passwordResetLimits;

/**
 * Failed logins and the others (docs/api.md#rate-limits), all in LIMITS. `*PerIp` rules are keyed by
 * `clientRateKey` (an IPv4 address or an IPv6 /64, TRUST_PROXY deciding whose X-Forwarded-For
 * counts) and sized for carrier-grade NAT; `*PerEmail` rules are the strict ones.
 */
const RULES = {
  loginFailuresPerEmail: { name: 'login-email', points: LIMITS.login.maxFailuresPerEmail, durationSeconds: WINDOW },
  loginFailuresPerIp: { name: 'login-ip', points: LIMITS.login.maxFailuresPerIp, durationSeconds: WINDOW },
  loginFailuresPerDevice: { name: 'login-device', points: LIMITS.login.maxFailuresPerDevice, durationSeconds: WINDOW },
  resetRequestsPerEmail: { name: 'reset-email', points: RESET.requestsPerEmail, durationSeconds: WINDOW },
  resetRequestsPerIp: { name: 'reset-ip', points: RESET.requestsPerIp, durationSeconds: WINDOW },
  resetChecksPerEmail: { name: 'reset-check-email', points: RESET.checksPerEmail, durationSeconds: WINDOW },
  resetChecksPerIp: { name: 'reset-check-ip', points: RESET.checksPerIp, durationSeconds: WINDOW },
  resetConfirmsPerToken: { name: 'reset-confirm-token', points: RESET.confirmsPerToken, durationSeconds: WINDOW },
  signupsPerIp: { name: 'signup-ip', points: LIMITS.signup.maxPerIpPerHour, durationSeconds: 3600 },
  reportsPerReporter: { name: 'report-reporter', points: LIMITS.reports.perReporterPerHour, durationSeconds: 3600 },
  reportsPerIp: { name: 'report-ip', points: LIMITS.reports.perAddressPerHour, durationSeconds: 3600 },
} satisfies Record<string, Rule>;

export type RateRule = keyof typeof RULES;

/** Redis-backed counters shared by every gateway replica. */
@Injectable()
export class RateLimits {
  private readonly limiters: Record<RateRule, RateLimiterRedis>;

  constructor(redis: GatewayRedis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const make = (rule: Rule) =>
      new RateLimiterRedis({
        storeClient: redis.client,
        useRedisPackage: true,
        keyPrefix: `${config.redisPrefix}rl:${rule.name}`,
        points: Math.max(1, Math.round(rule.points * config.rateLimitScale)),
        duration: rule.durationSeconds,
      });
    this.limiters = Object.fromEntries(Object.entries(RULES).map(([k, rule]) => [k, make(rule)])) as Record<
      RateRule,
      RateLimiterRedis
    >;
  }

  /** Whether a counter is spent (without counting this call). */
  async isBlocked(rule: RateRule, key: string): Promise<boolean> {
    const state = await this.limiters[rule].get(key);
    return Boolean(state && state.remainingPoints <= 0);
  }

  /**
   * Refuses with 429 when any of the counters is already spent, without counting this call: an
   * attempt refused while locked never moves the end of the lock.
   */
  async ensureNotBlocked(checks: [RateRule, string][]): Promise<void> {
    for (const [rule, key] of checks) {
      const state = await this.limiters[rule].get(key);
      if (state && state.remainingPoints <= 0) throw new TooManyAttempts(seconds(state.msBeforeNext));
    }
  }

  /** Counts one attempt against each counter; refuses with 429 once one is spent. */
  async consume(checks: [RateRule, string][]): Promise<void> {
    let blocked: number | undefined;
    for (const [rule, key] of checks) {
      try {
        await this.limiters[rule].consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        blocked = Math.max(blocked ?? 0, seconds(error.msBeforeNext));
      }
    }
    if (blocked !== undefined) throw new TooManyAttempts(blocked);
  }

  /** Counts a failure without refusing the current call (its answer is already decided). */
  async penalise(checks: [RateRule, string][]): Promise<void> {
    for (const [rule, key] of checks) await this.limiters[rule].penalty(key, 1);
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
