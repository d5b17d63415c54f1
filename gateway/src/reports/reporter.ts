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
 * HttpOnly, sent only to /api/properties) together with a keyed hash of the client's address:
 * the cookie tells two people on one carrier address apart (thousands of MTN or Orange phones
 * share one), the address hash keeps someone who clears the cookie from counting as several
 * people towards a scam hold. The cookie is not signed: forging one gains no more than clearing it.
 */
@Injectable()
export class Reporters {
  constructor(private readonly devices: DeviceCookies) {}

  async of(req: Request, res: Response, user: PublicUser | null, cookieSecure: boolean): Promise<{ reporter: Reporter; rateKey: string }> {
    if (user) return { reporter: { userId: user.id, name: user.name }, rateKey: `user:${user.id}` };
    const raw = (req.cookies as Record<string, unknown> | undefined)?.[REPORTER_COOKIE];
    let deviceId = typeof raw === 'string' && VALID.test(raw) ? raw : '';
    if (!deviceId) {
      deviceId = randomBytes(16).toString('base64url');
      res.cookie(REPORTER_COOKIE, deviceId, { httpOnly: true, sameSite: 'lax', secure: cookieSecure, path: '/api/properties', maxAge: YEAR_MS });
    }
    const addressKey = await this.devices.keyedHash('report-address', clientRateKey(req));
    return { reporter: { deviceId, addressKey }, rateKey: `device:${deviceId}` };
  }
}
