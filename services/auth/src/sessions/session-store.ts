import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LIMITS } from '@mboa/contracts';
import { AuthRedis } from '../redis.js';

export interface IssuedSession {
  token: string;
  /** Cookie lifetime in ms for "remember me"; null means a browser-session cookie. */
  maxAgeMs: number | null;
}

interface StoredSession {
  userId: string;
  persistent: boolean;
  createdAt: string;
}

const IDLE_SECONDS = LIMITS.session.idleHours * 3600;
const REMEMBER_SECONDS = LIMITS.session.rememberMeDays * 24 * 3600;

/**
 * Sessions live in Redis under a hash of their token (a leaked Redis dump holds no usable
 * cookie). Plain sessions slide: each use pushes expiry 24 h ahead. "Remember me" sessions
 * last 30 days from sign-in. Each user's sessions are indexed so a ban or a password reset
 * can end them all at once.
 */
@Injectable()
export class SessionStore {
  constructor(private readonly redis: AuthRedis) {}

  async create(userId: string, persistent: boolean): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const id = sessionId(token);
    const ttl = persistent ? REMEMBER_SECONDS : IDLE_SECONDS;
    const value: StoredSession = { userId, persistent, createdAt: new Date().toISOString() };
    await this.redis.client
      .multi()
      .set(this.redis.key('session', id), JSON.stringify(value), { EX: ttl })
      .sAdd(this.redis.key('user-sessions', userId), id)
      .expire(this.redis.key('user-sessions', userId), REMEMBER_SECONDS)
      .exec();
    return { token, maxAgeMs: persistent ? REMEMBER_SECONDS * 1000 : null };
  }

  /** The user id of a live session (sliding its expiry when it is a plain one), or null. */
  async resolve(token: string): Promise<string | null> {
    if (!isPlausibleToken(token)) return null;
    const key = this.redis.key('session', sessionId(token));
    const raw = await this.redis.client.get(key);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    if (!session.persistent) await this.redis.client.expire(key, IDLE_SECONDS);
    return session.userId;
  }

  async destroy(token: string): Promise<void> {
    if (!isPlausibleToken(token)) return;
    const id = sessionId(token);
    const key = this.redis.key('session', id);
    const raw = await this.redis.client.get(key);
    await this.redis.client.del(key);
    if (raw) {
      const session = JSON.parse(raw) as StoredSession;
      await this.redis.client.sRem(this.redis.key('user-sessions', session.userId), id);
    }
  }

  async destroyAllOf(userId: string): Promise<number> {
    const indexKey = this.redis.key('user-sessions', userId);
    const ids = await this.redis.client.sMembers(indexKey);
    if (ids.length === 0) return 0;
    await this.redis.client.del([...ids.map((id) => this.redis.key('session', id)), indexKey]);
    return ids.length;
  }
}

function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function isPlausibleToken(token: unknown): token is string {
  return typeof token === 'string' && token.length >= 20 && token.length <= 200;
}
