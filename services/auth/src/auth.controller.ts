import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AUTH_PATTERNS as P, isStaffRole, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { PasswordResetService } from './reset/password-reset.service.js';
import { SecondFactorService } from './second-factor/second-factor.service.js';
import { OwnSessions } from './sessions/own-sessions.service.js';
import { SessionStore } from './sessions/session-store.js';
import { UsersService } from './users/users.service.js';
import { HealthService } from './health.service.js';
import { WhatsAppProofService } from './whatsapp-proof/whatsapp-proof.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** auth's NATS handlers: each message is checked against its contract (RPC_REQUESTS) before it gets here. */
@Controller()
export class AuthController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly ownSessions: OwnSessions,
    private readonly resets: PasswordResetService,
    private readonly secondFactors: SecondFactorService,
    private readonly health: HealthService,
    private readonly whatsappProofs: WhatsAppProofService,
  ) {}

  @MessagePattern(P.whatsappCodeSend)
  sendWhatsAppCode(@RpcRequest(P.whatsappCodeSend) { actor }: In<'whatsappCodeSend'>): Out<'whatsappCodeSend'> {
    return this.whatsappProofs.send(actor);
  }

  @MessagePattern(P.whatsappCodeVerify)
  verifyWhatsAppCode(@RpcRequest(P.whatsappCodeVerify) { actor, code }: In<'whatsappCodeVerify'>): Out<'whatsappCodeVerify'> {
    return this.whatsappProofs.verify(actor, code);
  }

  @MessagePattern(P.whatsappProofGet)
  getWhatsAppProof(@RpcRequest(P.whatsappProofGet) { actor }: In<'whatsappProofGet'>): Out<'whatsappProofGet'> {
    return this.whatsappProofs.get(actor);
  }

  @MessagePattern(P.signup)
  signup(@RpcRequest(P.signup) { rememberMe, userAgent, ...input }: In<'signup'>): Out<'signup'> {
    return this.users.signup(input, rememberMe, userAgent);
  }

  @MessagePattern(P.login)
  login(@RpcRequest(P.login) input: In<'login'>): Out<'login'> {
    return this.users.login(input.email, input.password, input.rememberMe ?? false, input.userAgent);
  }

  @MessagePattern(P.sessionResolve)
  async resolveSession(@RpcRequest(P.sessionResolve) { token }: In<'sessionResolve'>): Out<'sessionResolve'> {
    const user = token ? await this.users.resolveSession(token) : null;
    // Staff also learn whether this session may enter the admin area yet.
    if (user && isStaffRole(user.role)) return { user, secondFactor: await this.secondFactors.stateOf(user.id, token) };
    return { user };
  }

  @MessagePattern(P.secondFactorBegin)
  beginSecondFactor(@RpcRequest(P.secondFactorBegin) { token }: In<'secondFactorBegin'>): Out<'secondFactorBegin'> {
    return this.secondFactors.begin(token);
  }

  @MessagePattern(P.secondFactorConfirm)
  confirmSecondFactor(@RpcRequest(P.secondFactorConfirm) { token, code }: In<'secondFactorConfirm'>): Out<'secondFactorConfirm'> {
    return this.secondFactors.confirm(token, code);
  }

  @MessagePattern(P.secondFactorCheck)
  checkSecondFactor(@RpcRequest(P.secondFactorCheck) { token, code }: In<'secondFactorCheck'>): Out<'secondFactorCheck'> {
    return this.secondFactors.check(token, code);
  }

  @MessagePattern(P.secondFactorReset)
  async resetSecondFactor(@RpcRequest(P.secondFactorReset) { userId, actor }: In<'secondFactorReset'>): Out<'secondFactorReset'> {
    return { user: await this.secondFactors.reset(userId, actor) };
  }

  @MessagePattern(P.sessionDestroy)
  async destroySession(@RpcRequest(P.sessionDestroy) { token }: In<'sessionDestroy'>): Out<'sessionDestroy'> {
    if (token) await this.sessions.destroy(token);
    return {};
  }

  @MessagePattern(P.sessionsList)
  listSessions(@RpcRequest(P.sessionsList) { actor, token }: In<'sessionsList'>): Out<'sessionsList'> {
    return this.ownSessions.list(actor, token);
  }

  @MessagePattern(P.sessionsEnd)
  endSession(@RpcRequest(P.sessionsEnd) { actor, token, sessionId }: In<'sessionsEnd'>): Out<'sessionsEnd'> {
    return this.ownSessions.end(actor, token, sessionId);
  }

  @MessagePattern(P.sessionsEndOthers)
  endOtherSessions(@RpcRequest(P.sessionsEndOthers) { actor, token }: In<'sessionsEndOthers'>): Out<'sessionsEndOthers'> {
    return this.ownSessions.endOthers(actor, token);
  }

  @MessagePattern(P.passwordResetRequest)
  requestReset(@RpcRequest(P.passwordResetRequest) { email, requestId, knownDevice }: In<'passwordResetRequest'>): Out<'passwordResetRequest'> {
    return this.resets.request(email, requestId, knownDevice);
  }

  @MessagePattern(P.passwordResetVerify)
  verifyReset(@RpcRequest(P.passwordResetVerify) { email, code, requestId }: In<'passwordResetVerify'>): Out<'passwordResetVerify'> {
    return this.resets.verify(email, code, requestId);
  }

  @MessagePattern(P.passwordResetConfirm)
  confirmReset(@RpcRequest(P.passwordResetConfirm) { email, newPassword, resetToken }: In<'passwordResetConfirm'>): Out<'passwordResetConfirm'> {
    return this.resets.confirm(email, newPassword, resetToken);
  }

  @MessagePattern(P.usersList)
  list(@RpcRequest(P.usersList) query: In<'usersList'>): Out<'usersList'> {
    return this.users.list(query);
  }

  @MessagePattern(P.usersGet)
  async get(@RpcRequest(P.usersGet) { userId }: In<'usersGet'>): Out<'usersGet'> {
    return { user: await this.users.get(userId) };
  }

  @MessagePattern(P.usersVerify)
  async verify(@RpcRequest(P.usersVerify) { userId, actor }: In<'usersVerify'>): Out<'usersVerify'> {
    return { user: await this.users.verify(userId, actor) };
  }

  @MessagePattern(P.usersBan)
  async ban(@RpcRequest(P.usersBan) { userId, actor }: In<'usersBan'>): Out<'usersBan'> {
    return { user: await this.users.ban(userId, actor) };
  }

  @MessagePattern(P.usersUnban)
  async unban(@RpcRequest(P.usersUnban) { userId, actor }: In<'usersUnban'>): Out<'usersUnban'> {
    return { user: await this.users.unban(userId, actor) };
  }

  @MessagePattern(P.usersUpdate)
  async update(@RpcRequest(P.usersUpdate) { userId, actor, data }: In<'usersUpdate'>): Out<'usersUpdate'> {
    return { user: await this.users.update(userId, data, actor) };
  }

  @MessagePattern(P.adminEnsure)
  ensureAdmin(@RpcRequest(P.adminEnsure) input: In<'adminEnsure'>): Out<'adminEnsure'> {
    return this.users.ensureAdmin(input);
  }

  @MessagePattern(P.stats)
  stats(): Out<'stats'> {
    return this.users.stats();
  }

  @MessagePattern(P.health)
  check(): Out<'health'> {
    return this.health.check();
  }
}
