import { Injectable } from '@nestjs/common';
import { LIMITS, MESSAGES, type ActiveSession, type Actor, type SessionEndReply, type SessionListResponse, type SessionsEndOthersReply } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { AuthDb } from '../db.js';
import { sessionDevice } from '../rules/session-device.js';
import { absoluteEnd, credentialOf, sessionId, SessionStore, type LiveSession } from './session-store.js';

/**
 * A person's own sessions, as the profile shows them (ASVS 3.3.4, docs/api.md#sessions-and-cookies):
 * the list, ending one, ending all but this device. Only the caller's own: another user's session
 * id is not found, exactly like one that never existed.
 */
@Injectable()
export class OwnSessions {
  constructor(
    private readonly db: AuthDb,
    private readonly store: SessionStore,
  ) {}

  async list(actor: Actor, token: string, now = new Date()): Promise<SessionListResponse> {
    const user = await this.db.user.findUnique({ where: { id: actor.userId }, select: { passwordHash: true } });
    if (!user) return { sessions: [] };
    const credential = credentialOf(user.passwordHash);
    const current = token ? sessionId(token) : null;
    // Past their end or signed in with an older password: they would be refused at their next use.
    const live = (await this.store.listOf(actor.userId)).filter(
      (s) => now.getTime() < absoluteEnd(s) && (s.credential === undefined || s.credential === credential),
    );
    const lastSeen = (s: LiveSession) => s.lastSeenAt ?? s.createdAt;
    live.sort((a, b) => Number(b.id === current) - Number(a.id === current) || lastSeen(b).localeCompare(lastSeen(a)));
    return { sessions: live.slice(0, LIMITS.session.listMax).map((s) => view(s, current)) };
  }

  async end(actor: Actor, token: string, id: string): Promise<SessionEndReply> {
    if (!(await this.store.end(actor.userId, id))) throw fail.notFound(MESSAGES.sessions.notFound);
    return { endedCurrent: token !== '' && sessionId(token) === id };
  }

  async endOthers(actor: Actor, token: string): Promise<SessionsEndOthersReply> {
    return { ended: await this.store.destroyAllOf(actor.userId, token ? sessionId(token) : undefined) };
  }
}

function view(session: LiveSession, current: string | null): ActiveSession {
  return {
    id: session.id,
    ...sessionDevice(session.userAgent),
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt ?? session.createdAt,
    expiresAt: new Date(absoluteEnd(session)).toISOString(),
    rememberMe: session.persistent,
    current: session.id === current,
  };
}
