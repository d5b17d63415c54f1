import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AUTH_PATTERNS,
  MESSAGES,
  LIMITS,
  actorSchema,
  adminCreateSchema,
  adminManageUserSchema,
  idSchema,
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetVerifySchema,
  signupSchema,
  userUpdateSchema,
  type PublicUser,
} from '@mboa/contracts';
import { z } from 'zod';
import { parsePayload } from '@mboa/platform';
import { PasswordResetService } from './reset/password-reset.service.js';
import { SessionStore } from './sessions/session-store.js';
import { UsersService } from './users/users.service.js';
import { HealthService } from './health.service.js';

const userIdPayload = z.object({ userId: idSchema, actor: actorSchema.optional() });

@Controller()
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly resets: PasswordResetService,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(AUTH_PATTERNS.signup)
  async signup(@Payload() payload: unknown) {
    const input = parsePayload(signupSchema, payload);
    const rememberMe = Boolean((payload as { rememberMe?: unknown })?.rememberMe === true);
    const { user, session } = await this.users.signup(input, rememberMe);
    return { user, message: MESSAGES.auth.signupSuccess, session };
  }

  @MessagePattern(AUTH_PATTERNS.login)
  async login(@Payload() payload: unknown) {
    const input = parsePayload(loginSchema, payload);
    const { user, session } = await this.users.login(input.email, input.password, input.rememberMe ?? false);
    return { user, message: MESSAGES.auth.loginSuccess, session };
  }

  @MessagePattern(AUTH_PATTERNS.sessionResolve)
  async resolveSession(@Payload() payload: { token?: unknown }): Promise<{ user: PublicUser | null }> {
    const token = typeof payload?.token === 'string' ? payload.token : '';
    return { user: token ? await this.users.resolveSession(token) : null };
  }

  @MessagePattern(AUTH_PATTERNS.sessionDestroy)
  async destroySession(@Payload() payload: { token?: unknown }) {
    if (typeof payload?.token === 'string') await this.sessions.destroy(payload.token);
    return { message: MESSAGES.auth.logoutSuccess };
  }

  @MessagePattern(AUTH_PATTERNS.passwordResetRequest)
  requestReset(@Payload() payload: unknown) {
    const { email } = parsePayload(resetRequestSchema, payload);
    return this.resets.request(email);
  }

  @MessagePattern(AUTH_PATTERNS.passwordResetVerify)
  verifyReset(@Payload() payload: unknown) {
    const { email, code } = parsePayload(resetVerifySchema, payload);
    return this.resets.verify(email, code);
  }

  @MessagePattern(AUTH_PATTERNS.passwordResetConfirm)
  confirmReset(@Payload() payload: unknown) {
    const { email, newPassword } = parsePayload(resetConfirmSchema, payload);
    return this.resets.confirm(email, newPassword);
  }

  @MessagePattern(AUTH_PATTERNS.usersList)
  list(@Payload() payload: unknown) {
    const parsed = parsePayload(adminManageUserSchema, { type: 'list', payload: payload ?? {} });
    const q = parsed.type === 'list' ? parsed.payload : { page: 1, limit: LIMITS.admin.pageSize };
    return this.users.list({ page: q.page ?? 1, limit: q.limit ?? LIMITS.admin.pageSize, search: (q as any).search, filter: (q as any).filter });
  }

  @MessagePattern(AUTH_PATTERNS.usersGet)
  async get(@Payload() payload: unknown) {
    const { userId } = parsePayload(userIdPayload, payload);
    return { user: await this.users.get(userId) };
  }

  @MessagePattern(AUTH_PATTERNS.usersVerify)
  async verify(@Payload() payload: unknown) {
    const { userId, actor } = parsePayload(userIdPayload, payload);
    return { user: await this.users.verify(userId, actor), message: MESSAGES.toast.userStatusUpdated };
  }

  @MessagePattern(AUTH_PATTERNS.usersBan)
  async ban(@Payload() payload: unknown) {
    const { userId, actor } = parsePayload(userIdPayload, payload);
    return { user: await this.users.ban(userId, actor), message: MESSAGES.toast.userStatusUpdated };
  }

  @MessagePattern(AUTH_PATTERNS.usersUnban)
  async unban(@Payload() payload: unknown) {
    const { userId, actor } = parsePayload(userIdPayload, payload);
    return { user: await this.users.unban(userId, actor), message: MESSAGES.toast.userStatusUpdated };
  }

  @MessagePattern(AUTH_PATTERNS.usersUpdate)
  async update(@Payload() payload: unknown) {
    const { userId, actor } = parsePayload(userIdPayload, payload);
    const { name, whatsapp } = payload as { name?: unknown; whatsapp?: unknown };
    const data = parsePayload(userUpdateSchema, { name, whatsapp });
    return { user: await this.users.update(userId, data, actor), message: MESSAGES.toast.userStatusUpdated };
  }

  @MessagePattern(AUTH_PATTERNS.adminEnsure)
  ensureAdmin(@Payload() payload: unknown) {
    const input = parsePayload(adminCreateSchema, payload);
    return this.users.ensureAdmin(input);
  }

  @MessagePattern(AUTH_PATTERNS.stats)
  stats() {
    return this.users.stats();
  }

  @MessagePattern(AUTH_PATTERNS.health)
  check() {
    return this.health.check();
  }
}
