import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { PublicUser, Reporter } from '@mboa/contracts';
import { DeviceCookies } from '../auth/device-cookie.js';
import { clientRateKey } from '../security/client-address.js';

export const REPORTER_COOKIE = 'mboa_reporter';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const VALID = /^[\w-]{22}$/;

/**
 * Who is reporting a listing (docs/api.md#reporting-a-listing). A signed-in person is their
 * account. Anyone else is this browser's reporter cookie (a random id, set on the first report,
 * HttpOnly, sent only to /api/properties): it tells two people on one carrier address apart
 * (thousands of MTN or Orange phones share one). The cookie is not signed: forging one gains no
 * more than clearing it. Both come with a keyed hash of the client's address and of the account
 * behind the report (the signed-in one, or the one this browser's device cookie names, with when
 * that cookie was issued): moderation decides from these whether the report counts towards a scam
 * hold; the gateway only vouches for them.
 */
@Injectable()
export class Reporters {
  constructor(private readonly devices: DeviceCookies) {}

  async of(req: Request, res: Response, user: PublicUser | null, cookieSecure: boolean): Promise<{ reporter: Reporter; rateKey: string }> {
    const addressKey = await this.devices.keyedHash('report-address', clientRateKey(req));
    if (user) {
      const accountKey = await this.devices.accountKey(user.email);
      return { reporter: { userId: user.id, name: user.name, addressKey, accountKey }, rateKey: `user:${user.id}` };
    }
    const raw = (req.cookies as Record<string, unknown> | undefined)?.[REPORTER_COOKIE];
    let deviceId = typeof raw === 'string' && VALID.test(raw) ? raw : '';
    if (!deviceId) {
      deviceId = randomBytes(16).toString('base64url');
      res.cookie(REPORTER_COOKIE, deviceId, { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: '/api/properties', maxAge: YEAR_MS });
    }
    const known = await this.devices.knownDevice(req);
    const knownDevice = known ? { accountKey: known.accountKey, since: known.since.toISOString() } : undefined;
    return { reporter: { deviceId, addressKey, knownDevice }, rateKey: `device:${deviceId}` };
  }
}
