import { Inject, Injectable } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Request } from 'express';
import { LIMITS, PERSON_CHECK_HEADER, readPersonCheckAnswer, type PersonCheckChallenge } from '@mboa/contracts';
import { DeviceCookies } from '../auth/device-cookie.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GatewayRedis } from '../redis.provider.js';

const ALGORITHM = 'PBKDF2/SHA-256';

/** The answer header in the OpenAPI document, on each route whose per-address rule a person check lets past. */
export const AcceptsPersonCheck = () =>
  ApiHeader({
    name: PERSON_CHECK_HEADER,
    required: false,
    description:
      'The answer to the `personCheck` of this route\'s 429 past the address\'s allowance: base64 of `{ challenge, solution }` (docs/api.md#the-person-check); each challenge is accepted once',
  });

/**
 * The person check past a per-address allowance (docs/api.md#the-person-check), on ALTCHA v2's
 * "deterministic" challenges: the gateway picks the number of tries, derives that try's key once
 * and signs its first half; the browser derives keys from 0 upwards until one starts the same way.
 * So the work is bounded (nobody waits past `triesMax`), checking an answer is two HMACs, and the
 * challenge travels signed instead of being stored. Only its use is stored: each is accepted once.
 */
@Injectable()
export class PersonChecks {
  private readonly work: { triesMin: number; triesMax: number };

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly redis: GatewayRedis,
    private readonly devices: DeviceCookies,
  ) {
    this.work = config.personCheckWork ?? LIMITS.personCheck;
  }

  /** A new challenge; `factor` (1 to LIMITS.personCheck.maxFactor) multiplies the tries. */
  async challenge(factor: number): Promise<PersonCheckChallenge> {
    const scale = Math.min(LIMITS.personCheck.maxFactor, Math.max(1, Math.floor(factor)));
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: LIMITS.personCheck.iterationsPerTry,
      counter: randomInt(this.work.triesMax * scale, this.work.triesMin * scale),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + LIMITS.personCheck.validitySeconds,
      ...(await this.secrets()),
    });
    return challenge as PersonCheckChallenge;
  }

  /**
   * Whether the request carries the answer to one of our challenges, unexpired and never used
   * before. The first presentation spends a challenge, right or wrong, so each costs at most one
   * look whatever a client sends with it.
   */
  async passes(req: Request): Promise<boolean> {
    const answer = readPersonCheckAnswer(req.get(PERSON_CHECK_HEADER));
    if (!answer?.challenge.parameters.expiresAt || answer.challenge.parameters.algorithm !== ALGORITHM) return false;
    const result = await verifySolution({ challenge: answer.challenge, solution: answer.solution, deriveKey, ...(await this.secrets()) });
    if (result.expired || result.invalidSignature) return false;
    const firstUse = await this.redis.client.set(`${this.config.redisPrefix}person-check:used:${answer.challenge.signature}`, '1', {
      NX: true,
      EXAT: answer.challenge.parameters.expiresAt + 1,
    });
    return firstUse === 'OK' && result.verified;
  }

  // Both from the one server secret (DeviceCookies), so every replica signs and checks alike.
  private async secrets() {
    return {
      hmacSignatureSecret: await this.devices.keyedHash('person-check', 'challenge'),
      hmacKeySignatureSecret: await this.devices.keyedHash('person-check', 'key'),
    };
  }
}
