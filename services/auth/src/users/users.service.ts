import { Injectable } from '@nestjs/common';
import {
  isUuid,
  DEFAULT_LANGUAGE,
  EVENT_TYPES,
  MESSAGES,
  type Actor,
  type Language,
  type PublicUser,
  type Role,
  type UserFilter,
} from '@mboa/contracts';
import { EventHandOff, fail } from '@mboa/platform';
import { Prisma, type User } from '../generated/prisma/client.js';
import { AuthDb, type AuthTx } from '../db.js';
import { recordEvent } from '../events.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../passwords.js';
import { assertAcceptablePassword, staffPasswordNeedsRenewal } from '../rules/password-policy.js';
import { ensureMayManageUsers, ensureMayUpdateUser } from '../rules/user-admin.js';
import { credentialOf, SessionStore, type IssuedSession } from '../sessions/session-store.js';
import { toPublicUser } from './user-view.js';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  whatsapp: string;
  role: Role;
  /** What the person reads; sign-up takes it from the request (docs/api.md#languages). */
  language?: Language;
}

export interface UserListQuery {
  page: number;
  limit: number;
  search?: string;
  filter?: UserFilter;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly db: AuthDb,
    private readonly sessions: SessionStore,
    private readonly handOff: EventHandOff,
  ) {}

  async signup(input: NewUser, rememberMe: boolean, userAgent?: string): Promise<{ user: PublicUser; session: IssuedSession }> {
    const user = await this.create(input);
    const { passwordHash } = await this.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
    const session = await this.sessions.create(user.id, credentialOf(passwordHash), rememberMe, userAgent);
    return { user, session };
  }

  /** Creates a user and records `user.registered`; 409 when the e-mail is taken. */
  async create(input: NewUser): Promise<PublicUser> {
    const email = input.email.trim().toLowerCase();
    assertAcceptablePassword(input.password, { email, name: input.name, role: input.role });
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: {
            name: input.name.trim(),
            email,
            whatsapp: input.whatsapp,
            role: input.role,
            language: input.language ?? DEFAULT_LANGUAGE,
            passwordHash,
            agreedToTermsAt: input.role === 'admin' ? null : new Date(),
          },
        });
        const view = toPublicUser(user);
        await recordEvent(tx, EVENT_TYPES.userRegistered, { user: view, version: user.version });
        return view;
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw fail.conflict(MESSAGES.auth.emailAlreadyRegistered);
      }
      throw error;
    }
  }

  async login(email: string, password: string, rememberMe: boolean, userAgent?: string): Promise<{ user: PublicUser; session: IssuedSession }> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user) {
      await burnPasswordCheck(password);
      throw fail.unauthorized(MESSAGES.auth.invalidCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw fail.unauthorized(MESSAGES.auth.invalidCredentials);
    if (user.status === 'banned') throw fail.forbidden(MESSAGES.auth.accountBanned);
    if (staffPasswordNeedsRenewal(password, user)) throw fail.forbidden(MESSAGES.auth.staffPasswordRenewal);
    const session = await this.sessions.create(user.id, credentialOf(user.passwordHash), rememberMe, userAgent);
    return { user: toPublicUser(user), session };
  }

  /**
   * The signed-in user behind a session token. A banned user has no live session, and neither has
   * a session signed in with an earlier password: a reset or a change ends every one of them,
   * whatever its age (docs/api.md#sessions-and-cookies).
   */
  async resolveSession(token: string): Promise<PublicUser | null> {
    const session = await this.sessions.resolve(token);
    if (!session) return null;
    const user = await this.db.user.findUnique({ where: { id: session.userId } });
    const passwordSince = user && session.credential !== undefined && session.credential !== credentialOf(user.passwordHash);
    if (!user || user.status === 'banned' || passwordSince) {
      await this.sessions.end(session.userId, session.id);
      return null;
    }
    return toPublicUser(user);
  }

  async get(userId: string): Promise<PublicUser> {
    return toPublicUser(await this.find(userId));
  }

  async list(query: UserListQuery): Promise<{ users: PublicUser[]; total: number; page: number; totalPages: number }> {
    const where: Prisma.UserWhereInput = {};
    const digits = query.search?.replace(/\D/g, '');
    if (digits) where.whatsapp = { contains: digits };
    if (query.filter === 'active') where.status = 'active';
    if (query.filter === 'banned') where.status = 'banned';
    if (query.filter === 'verified') where.isVerified = true;
    if (query.filter === 'unverified') where.isVerified = false;
    const [total, users] = await this.db.$transaction([
      this.db.user.count({ where }),
      this.db.user.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: (query.page - 1) * query.limit,
        take: query.limit,
      }),
    ]);
    return { users: users.map(toPublicUser), total, page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
  }

  async verify(userId: string, actor: Actor): Promise<PublicUser> {
    ensureMayManageUsers(actor);
    return this.change(userId, EVENT_TYPES.userVerified, actor, (user) => {
      if (user.isVerified) throw fail.conflict(MESSAGES.auth.userAlreadyVerified);
      return { isVerified: true };
    });
  }

  async ban(userId: string, actor: Actor): Promise<PublicUser> {
    ensureMayManageUsers(actor);
    const user = await this.change(userId, EVENT_TYPES.userBanned, actor, (current) => {
      if (current.role === 'admin') throw fail.conflict(MESSAGES.auth.cannotBanAdmin);
      if (current.status === 'banned') throw fail.conflict(MESSAGES.auth.userAlreadyBanned);
      return { status: 'banned' };
    });
    await this.sessions.destroyAllOf(userId);
    return user;
  }

  async unban(userId: string, actor: Actor): Promise<PublicUser> {
    ensureMayManageUsers(actor);
    return this.change(userId, EVENT_TYPES.userUnbanned, actor, (current) => {
      if (current.status !== 'banned') throw fail.conflict(MESSAGES.auth.userNotBanned);
      return { status: 'active' };
    });
  }

  async update(userId: string, data: { name?: string; whatsapp?: string; language?: Language }, actor: Actor): Promise<PublicUser> {
    ensureMayUpdateUser(actor, userId, data);
    return this.change(userId, EVENT_TYPES.userUpdated, actor, (current) => ({
      ...(data.name !== undefined ? { name: data.name.trim() } : {}),
      ...(data.whatsapp !== undefined ? { whatsapp: data.whatsapp } : {}),
      // A new number is unproven until a code sent to it comes back (docs/api.md#proving-a-whatsapp-number).
      ...(data.whatsapp !== undefined && data.whatsapp !== current.whatsapp ? { whatsappProvenAt: null } : {}),
      ...(data.language !== undefined ? { language: data.language } : {}),
    }));
  }

  /**
   * Marks the account's WhatsApp number proven, with its `user.updated` event, and runs `spend` in
   * the same transaction. Only while the number is still `number` (the one the code went to): a
   * number changed meanwhile is not proven by it (400, as for a wrong code).
   */
  async markWhatsAppProven(userId: string, number: string, now: Date, spend: (tx: AuthTx) => Promise<void>): Promise<PublicUser> {
    return this.change(
      userId,
      EVENT_TYPES.userUpdated,
      undefined,
      (current) => {
        if (current.whatsapp !== number) throw fail.badRequest(MESSAGES.whatsappProof.codeInvalid);
        return { whatsappProvenAt: now };
      },
      spend,
    );
  }

  /** Creates the admin unless a user already has the e-mail (only it and `admin:create` make admins). */
  async ensureAdmin(input: Omit<NewUser, 'role'>): Promise<{ created: boolean; user: PublicUser }> {
    const existing = await this.db.user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
    if (existing) return { created: false, user: toPublicUser(existing) };
    try {
      const user = await this.create({ ...input, role: 'admin' });
      await this.db.user.update({ where: { id: user.id }, data: { isVerified: true } });
      return { created: true, user: { ...user, isVerified: true } };
    } catch (error) {
      // Two replicas starting together: the other one created it.
      const again = await this.db.user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
      if (again) return { created: false, user: toPublicUser(again) };
      throw error;
    }
  }

  async stats(latest = 5): Promise<{ total: number; latest: PublicUser[] }> {
    const [total, users] = await this.db.$transaction([
      this.db.user.count(),
      this.db.user.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: latest }),
    ]);
    return { total, latest: users.map(toPublicUser) };
  }

  private async find(userId: string): Promise<User> {
    if (!isUuid(userId)) throw fail.notFound(MESSAGES.auth.userNotFound);
    const user = await this.db.user.findUnique({ where: { id: userId } });
    if (!user) throw fail.notFound(MESSAGES.auth.userNotFound);
    return user;
  }

  /** Applies one admin change and records its event atomically, bumping the version for order-safety. */
  private async change(
    userId: string,
    type: (typeof EVENT_TYPES)['userVerified' | 'userBanned' | 'userUnbanned' | 'userUpdated'],
    actor: Actor | undefined,
    decide: (current: User) => Prisma.UserUpdateInput,
    /** More to do in the same transaction (a proof's code spent with the proof it gives). */
    alongside?: (tx: AuthTx) => Promise<void>,
  ): Promise<PublicUser> {
    if (!isUuid(userId)) throw fail.notFound(MESSAGES.auth.userNotFound);
    const { view, event } = await this.db.$transaction(async (tx) => {
      // Row lock: two admins acting at once see each other's result, not a stale one.
      const [current] = await tx.$queryRaw<User[]>`SELECT id FROM "auth"."users" WHERE id = ${userId}::uuid FOR UPDATE`;
      if (!current) throw fail.notFound(MESSAGES.auth.userNotFound);
      const fresh = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const data = decide(fresh);
      const updated = await tx.user.update({ where: { id: userId }, data: { ...data, version: { increment: 1 } } });
      if (alongside) await alongside(tx);
      const view = toPublicUser(updated);
      const event = await recordEvent(tx, type, {
        user: view,
        version: updated.version,
        ...(actor ? { actor } : {}),
        ...(updated.whatsappProvenAt ? { whatsappProvenAt: updated.whatsappProvenAt.toISOString() } : {}),
      });
      return { view, event };
    });
    // Read your writes: a banned owner's listings are gone from the very next read elsewhere.
    await this.handOff.applyNow(event);
    return view;
  }
}
