import { HttpException, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Request } from 'express';
import { LIMITS, MESSAGES, type PersonCheckChallenge } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GatewayRedis } from '../redis.provider.js';
import { PersonChecks } from './person-check.js';

/** A 429 carrying how long to wait; the exception filter turns it into `Retry-After`. */
export class TooManyAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: MESSAGES.common.tooManyAttempts }, 429);
  }
}

/** A 429 past a per-address allowance that the answer to `challenge` lets through (docs/api.md#the-person-check). */
export class PersonCheckRequired extends TooManyAttempts {
  constructor(
    retryAfterSeconds: number,
    readonly challenge: PersonCheckChallenge,
  ) {
    super(retryAfterSeconds);
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
  resetRequestsPerDevice: { name: 'reset-device', points: RESET.requestsPerDevice, durationSeconds: WINDOW },
  resetRequestsPerIp: { name: 'reset-ip', points: RESET.requestsPerIp, durationSeconds: WINDOW },
  resetChecksPerRequest: { name: 'reset-check-request', points: RESET.checksPerRequest, durationSeconds: WINDOW },
  resetChecksPerIp: { name: 'reset-check-ip', points: RESET.checksPerIp, durationSeconds: WINDOW },
  resetConfirmsPerToken: { name: 'reset-confirm-token', points: RESET.confirmsPerToken, durationSeconds: WINDOW },
  signupsPerIp: { name: 'signup-ip', points: LIMITS.signup.maxPerIpPerHour, durationSeconds: 3600 },
  reportsPerReporter: { name: 'report-reporter', points: LIMITS.reports.perReporterPerHour, durationSeconds: 3600 },
  reportsPerIp: { name: 'report-ip', points: LIMITS.reports.perAddressPerHour, durationSeconds: 3600 },
} satisfies Record<string, Rule>;

export type RateRule = keyof typeof RULES;

/**
 * Per-address rules that a person check lets a request past (docs/api.md#the-person-check): behind
 * a carrier's address, an attacker who spends them would otherwise lock out every customer there.
 * Reports per address stay a plain refusal: they guard against reporters minted in numbers, and a
 * report can wait an hour.
 */
const PERSON_CHECKED: ReadonlySet<RateRule> = new Set<RateRule>(['loginFailuresPerIp', 'signupsPerIp', 'resetRequestsPerIp', 'resetChecksPerIp']);

/** Redis-backed counters shared by every gateway replica. */
@Injectable()
export class RateLimits {
  private readonly limiters: Record<RateRule, RateLimiterRedis>;

  constructor(
    redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly personChecks: PersonChecks,
  ) {
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
   * attempt refused while locked never moves the end of the lock. Given the request, a spent
   * per-address rule asks for a person check instead (PersonCheckRequired) and lets an answered one past.
   */
  async ensureNotBlocked(checks: [RateRule, string][], req?: Request): Promise<void> {
    const passed = await this.admitPastAddressLimits(checks, req);
    for (const [rule, key] of checks) {
      if (passed.has(rule)) continue;
      const state = await this.limiters[rule].get(key);
      if (state && state.remainingPoints <= 0) throw new TooManyAttempts(seconds(state.msBeforeNext));
    }
  }

  /**
   * Counts one attempt against each counter; refuses with 429 once one is spent. Given the request,
   * per-address rules behave as in `ensureNotBlocked`: an answered person check is counted but not
   * refused, so the excess (and the next challenge's work) keeps growing.
   */
  async consume(checks: [RateRule, string][], req?: Request): Promise<void> {
    const passed = await this.admitPastAddressLimits(checks, req);
    let blocked: number | undefined;
    for (const [rule, key] of checks) {
      try {
        await this.limiters[rule].consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        if (!passed.has(rule)) blocked = Math.max(blocked ?? 0, seconds(error.msBeforeNext));
      }
    }
    if (blocked !== undefined) throw new TooManyAttempts(blocked);
  }

  /** Counts a failure without refusing the current call (its answer is already decided). */
  async penalise(checks: [RateRule, string][]): Promise<void> {
    for (const [rule, key] of checks) await this.limiters[rule].penalty(key, 1);
  }

  /**
   * The spent per-address rules among `checks` that this request's answered person check lets past.
   * Without an answer: a challenge, unless a strict rule is spent too (solving could not help).
   */
  private async admitPastAddressLimits(checks: [RateRule, string][], req?: Request): Promise<Set<RateRule>> {
    if (!req) return new Set();
    const spent: { rule: RateRule; state: RateLimiterRes }[] = [];
    for (const [rule, key] of checks) {
      if (!PERSON_CHECKED.has(rule)) continue;
      const state = await this.limiters[rule].get(key);
      if (state && state.remainingPoints <= 0) spent.push({ rule, state });
    }
    if (spent.length === 0) return new Set();
    for (const [rule, key] of checks) {
      if (PERSON_CHECKED.has(rule)) continue;
      const state = await this.limiters[rule].get(key);
      if (state && state.remainingPoints <= 0) throw new TooManyAttempts(seconds(state.msBeforeNext));
    }
    if (await this.personChecks.passes(req)) return new Set(spent.map(({ rule }) => rule));
    // Each further allowance's worth of excess from the address makes the next challenge longer.
    const excess = Math.max(...spent.map(({ rule, state }) => state.consumedPoints / this.limiters[rule].points));
    const wait = Math.max(...spent.map(({ state }) => seconds(state.msBeforeNext)));
    throw new PersonCheckRequired(wait, await this.personChecks.challenge(excess));
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
