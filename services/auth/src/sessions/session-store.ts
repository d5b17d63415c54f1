import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LIMITS } from '@mboa/contracts';
import { AuthRedis } from '../redis.js';

export interface IssuedSession {
  token: string;
  /** Cookie lifetime in ms for "remember me"; null means a browser-session cookie. */
  maxAgeMs: number | null;
}

/** A session as Redis keeps it, under the hash of its token. */
export interface StoredSession {
  userId: string;
  persistent: boolean;
  createdAt: string;
  /** Absent in sessions made before it was kept: read as `createdAt`. */
  lastSeenAt?: string;
  userAgent?: string;
  /**
   * Which password the session signed in with (a hash of its hash). A later password, whichever
   * way it was set, ends the session at its next use even if the index below missed it. Absent in
   * sessions made before it was kept (those end by their absolute lifetime).
   */
  credential?: string;
}

/** A live session and its id (the hash of its token; what the profile's list names it by). */
export interface LiveSession extends StoredSession {
  id: string;
}

const S = LIMITS.session;
const IDLE_SECONDS = S.idleHours * 3600;
const REMEMBER_SECONDS = S.rememberMeDays * 24 * 3600;
/** The index must outlive every session it holds: the longest absolute lifetime. */
const INDEX_SECONDS = Math.max(S.rememberMeMs, S.maxAgeMs) / 1000;

/**
 * Sessions live in Redis under a hash of their token (a leaked Redis dump holds no usable
 * cookie). Plain sessions slide: each use pushes expiry 24 h ahead, but never past 7 days after
 * sign-in; "remember me" sessions last 30 days from sign-in (docs/api.md#sessions-and-cookies).
 * Each user's sessions are indexed so a ban, a password reset or "sign out everywhere else" can end
 * them all at once; the index is kept as long as the longest session can live, so none escapes it.
 */
@Injectable()
export class SessionStore {
  constructor(private readonly redis: AuthRedis) {}

  async create(userId: string, credential: string, persistent: boolean, userAgent?: string, now = new Date()): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const id = sessionId(token);
    const value: StoredSession = {
      userId,
      persistent,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      ...(userAgent ? { userAgent: userAgent.slice(0, S.userAgentMax) } : {}),
      credential,
    };
    await this.redis.client
      .multi()
      .set(this.sessionKey(id), JSON.stringify(value), { expiration: { type: 'EX', value: persistent ? REMEMBER_SECONDS : IDLE_SECONDS } })
      .sAdd(this.indexKey(userId), id)
      .expire(this.indexKey(userId), INDEX_SECONDS)
      .exec();
    return { token, maxAgeMs: persistent ? REMEMBER_SECONDS * 1000 : null };
  }

  /**
   * The live session of a token, or null: unknown, idle too long, or past its absolute lifetime
   * however recently it was used (then it is ended here). Using it slides a plain session's idle
   * end and moves "last seen" (at most once a minute).
   */
  async resolve(token: string, now = new Date()): Promise<LiveSession | null> {
    if (!isPlausibleToken(token)) return null;
    const id = sessionId(token);
    const session = await this.read(id);
    if (!session) return null;
    const endsAt = absoluteEnd(session);
    if (now.getTime() >= endsAt) {
      await this.end(session.userId, id);
      return null;
    }
    // Never past the absolute end; a plain session also ends after a day without use.
    const left = Math.ceil((endsAt - now.getTime()) / 1000);
    const ttl = session.persistent ? left : Math.min(IDLE_SECONDS, left);
    const seen = Date.parse(session.lastSeenAt ?? session.createdAt);
    if (now.getTime() - seen >= S.lastSeenStepMs) {
      // XX: a session ended meanwhile (logout, a reset) is not brought back by this write.
      await this.redis.client.set(this.sessionKey(id), JSON.stringify({ ...session, lastSeenAt: now.toISOString() }), {
        condition: 'XX',
        expiration: { type: 'EX', value: ttl },
      });
    } else if (!session.persistent) {
      await this.redis.client.expire(this.sessionKey(id), ttl);
    }
    return { ...session, id };
  }

  async destroy(token: string): Promise<void> {
    if (!isPlausibleToken(token)) return;
    const id = sessionId(token);
    const session = await this.read(id);
    if (session) await this.end(session.userId, id);
    else await this.redis.client.del(this.sessionKey(id));
  }

  /** Every session of the user still in Redis, newest first (ended ones are dropped from the index). */
  async listOf(userId: string): Promise<LiveSession[]> {
    const ids = await this.redis.client.sMembers(this.indexKey(userId));
    if (ids.length === 0) return [];
    const raws = await this.redis.client.mGet(ids.map((id) => this.sessionKey(id)));
    const gone = ids.filter((_id, i) => !raws[i]);
    if (gone.length > 0) await this.redis.client.sRem(this.indexKey(userId), gone);
    return ids
      .map((id, i) => (raws[i] ? { ...(JSON.parse(raws[i]) as StoredSession), id } : null))
      .filter((s): s is LiveSession => s !== null && s.userId === userId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Ends one session of this user; false when it is not theirs or already ended. */
  async end(userId: string, id: string): Promise<boolean> {
    if (!isSessionId(id)) return false;
    const session = await this.read(id);
    await this.redis.client.sRem(this.indexKey(userId), id);
    if (!session || session.userId !== userId) return false;
    return (await this.redis.client.del(this.sessionKey(id))) > 0;
  }

  /** Ends every session of the user (a ban, a password set), or all but `keep` ("everywhere else"). */
  async destroyAllOf(userId: string, keep?: string): Promise<number> {
    // Read and emptied in one step: a session made meanwhile is in a new index, not lost between.
    const [ids] = (await this.redis.client.multi().sMembers(this.indexKey(userId)).del(this.indexKey(userId)).exec()) as unknown as [string[]];
    const ending = ids.filter((id) => id !== keep);
    if (keep) {
      await this.redis.client.multi().sAdd(this.indexKey(userId), keep).expire(this.indexKey(userId), INDEX_SECONDS).exec();
    }
    if (ending.length === 0) return 0;
    return this.redis.client.del(ending.map((id) => this.sessionKey(id)));
  }

  private async read(id: string): Promise<StoredSession | null> {
    const raw = await this.redis.client.get(this.sessionKey(id));
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  }

  private sessionKey(id: string): string {
    return this.redis.key('session', id);
  }

  private indexKey(userId: string): string {
    return this.redis.key('user-sessions', userId);
  }
}

/** When a session ends whatever its use: sign-in plus the absolute lifetime of its kind. */
export function absoluteEnd(session: Pick<StoredSession, 'createdAt' | 'persistent'>): number {
  return Date.parse(session.createdAt) + (session.persistent ? S.rememberMeMs : S.maxAgeMs);
}

/** The `credential` of a session signed in with this password hash. */
export function credentialOf(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

/** The id of a token's session (also its Redis key): a hash, so the id is no cookie. */
export function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(id);
}

function isPlausibleToken(token: unknown): token is string {
  return typeof token === 'string' && token.length >= 20 && token.length <= 200;
}
