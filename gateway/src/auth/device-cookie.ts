import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { LIMITS } from '@mboa/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GatewayRedis } from '../redis.provider.js';

export const DEVICE_COOKIE = 'mboa_device';
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_AGE_MS = LIMITS.login.deviceCookieDays * DAY_MS;

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser where
 * someone signed in to an account (or signed up, or reset its password) gets a signed token naming
 * that account. Login attempts presenting a valid one are counted against that device's own
 * allowance instead of the account's lockout, which anyone who knows the e-mail can trip: the
 * owner keeps signing in on their phone while an attacker elsewhere gets 429.
 *
 * The cookie holds up to LIMITS.login.devicesPerBrowser tokens (a phone shared by a family), newest
 * first, `~`-separated; each token is `account.nonce.issuedAt.signature`, where `account` is an
 * HMAC of the e-mail (the cookie does not show it), `nonce` names the device in the per-device
 * limit, and the signature is an HMAC-SHA256 over the rest with the server's secret. The secret is
 * DEVICE_COOKIE_SECRET, or else a random one created once in Redis and shared by every replica.
 * The cookie is HttpOnly and sent only to /api.
 */
@Injectable()
export class DeviceCookies {
  private secret?: Promise<Buffer>;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly redis: GatewayRedis,
  ) {}

  /** The device nonce of a valid token for `email` in the request, or null: an untrusted client. */
  async trustedDevice(req: Request, email: string): Promise<string | null> {
    const tokens = readTokens(req);
    if (tokens.length === 0) return null;
    const key = await this.key();
    const account = accountId(key, email);
    return validTokens(key, tokens).find((t) => t.account === account)?.nonce ?? null;
  }

  /**
   * A device nonce of a valid token in the request, whatever its account, or null: a
   * browser where someone once signed in, told apart from others on its address (owner insights
   * count such a browser once a day even signed out, docs/api.md#owner-insights). Which of a shared
   * phone's tokens is taken does not matter as long as it stays the same: the smallest nonce.
   */
  async anyDevice(req: Request): Promise<string | null> {
    const tokens = readTokens(req);
    if (tokens.length === 0) return null;
    const key = await this.key();
    return validTokens(key, tokens).map((t) => t.nonce).sort()[0] ?? null;
  }

  /**
   * The oldest valid token in the request: since when this browser is known (someone signed in on
   * it then), and a keyed hash of the account it was issued to, equal to `accountKey` of that
   * account's e-mail. A report of a listing from it counts for more (docs/api.md#reporting-a-listing).
   */
  async knownDevice(req: Request): Promise<{ accountKey: string; since: Date } | null> {
    const tokens = readTokens(req);
    if (tokens.length === 0) return null;
    const key = await this.key();
    const oldest = validTokens(key, tokens).sort((a, b) => a.issuedAt - b.issuedAt)[0];
    return oldest ? { accountKey: reportAccountKey(key, oldest.account), since: new Date(oldest.issuedAt) } : null;
  }

  /** A keyed hash naming the account of `email` without its id or e-mail (see knownDevice). */
  async accountKey(email: string): Promise<string> {
    const key = await this.key();
    return reportAccountKey(key, accountId(key, email));
  }

  /** Marks this browser as a device of the account (after a successful login, sign-up or reset). */
  async remember(req: Request, res: Response, email: string): Promise<void> {
    const key = await this.key();
    const account = accountId(key, email);
    const nonce = randomBytes(16).toString('base64url');
    const issued = Math.floor(Date.now() / 1000).toString(36);
    const body = `${account}.${nonce}.${issued}`;
    const others = readTokens(req).filter((t) => !t.startsWith(`${account}.`));
    const tokens = [`${body}.${sign(key, body)}`, ...others].slice(0, LIMITS.login.devicesPerBrowser);
    res.cookie(DEVICE_COOKIE, tokens.join('~'), this.options());
  }

  /**
   * A keyed hash of `value` for `purpose` with the same server secret: lets a service tell two
   * values apart (e.g. two reporters' addresses) without ever holding the values themselves.
   */
  async keyedHash(purpose: string, value: string): Promise<string> {
    return createHmac('sha256', await this.key()).update(`${purpose}:${value}`).digest('base64url').slice(0, 32);
  }

  private options(): CookieOptions {
    // All of /api, not only /api/auth: the details page counts a signed-out browser by it too.
    return { httpOnly: true, sameSite: 'lax', secure: this.config.cookieSecure, path: '/api', maxAge: MAX_AGE_MS };
  }

  private key(): Promise<Buffer> {
    this.secret ??= this.loadSecret().catch((error: unknown) => {
      this.secret = undefined; // Redis was down: try again on the next call
      throw error;
    });
    return this.secret;
  }

  private async loadSecret(): Promise<Buffer> {
    if (this.config.deviceCookieSecret) return Buffer.from(this.config.deviceCookieSecret, 'utf8');
    const name = `${this.config.redisPrefix}device-cookie-secret`;
    // The first replica to start creates it; every other one reads the same value.
    await this.redis.client.set(name, randomBytes(32).toString('base64url'), { NX: true });
    const value = await this.redis.client.get(name);
    if (!value) throw new Error('device cookie secret missing from Redis');
    return Buffer.from(value, 'utf8');
  }
}

/**
 * The tokens of every `mboa_device` the browser sent, newest first. A browser may send two: the
 * cookie's path was /api/auth before it became /api, and the older copy, sent first there, would
 * otherwise hide the newer one until it expires.
 */
function readTokens(req: Request): string[] {
  const header = req.headers.cookie ?? '';
  if (header.length > 8192) return [];
  const values = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${DEVICE_COOKIE}=`))
    .map((pair) => pair.slice(DEVICE_COOKIE.length + 1))
    .filter((value) => value.length <= 2048);
  const tokens = [...new Set(values.flatMap((value) => value.split('~')).filter(Boolean))];
  const issued = (token: string) => Number.parseInt(token.split('.')[2] ?? '', 36) || 0;
  return tokens.sort((a, b) => issued(b) - issued(a)).slice(0, LIMITS.login.devicesPerBrowser);
}

/** The tokens signed with our secret and not expired, read apart. */
function validTokens(key: Buffer, tokens: string[]): { account: string; nonce: string; issuedAt: number }[] {
  return tokens.flatMap((token) => {
    const parts = token.split('.');
    if (parts.length !== 4) return [];
    const [account, nonce, issued, signature] = parts as [string, string, string, string];
    if (!safeEqual(signature, sign(key, `${account}.${nonce}.${issued}`))) return [];
    const issuedAt = Number.parseInt(issued, 36) * 1000;
    return Number.isFinite(issuedAt) && Date.now() - issuedAt <= MAX_AGE_MS ? [{ account, nonce, issuedAt }] : [];
  });
}

function reportAccountKey(key: Buffer, account: string): string {
  return createHmac('sha256', key).update(`report-account:${account}`).digest('base64url').slice(0, 32);
}

function accountId(key: Buffer, email: string): string {
  return createHmac('sha256', key).update(`account:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 22);
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`device:${body}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
