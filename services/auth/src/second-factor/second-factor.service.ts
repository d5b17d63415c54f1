import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  isStaffRole,
  isUuid,
  LIMITS,
  MESSAGES,
  type Actor,
  type PublicUser,
  type SecondFactorCheckReply,
  type SecondFactorConfirmReply,
  type SecondFactorEnrolment,
  type SecondFactorState,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { AuthDb } from '../db.js';
import { recordEvent } from '../events.js';
import {
  groupedRecoveryCode,
  isAppCode,
  isUnusedStep,
  newRecoveryCodes,
  newSecondFactorSecret,
  recoveryCodeHash,
  stepOfCode,
  totpOf,
} from '../rules/second-factor.js';
import { ensureMayManageUsers } from '../rules/user-admin.js';
import { SessionStore } from '../sessions/session-store.js';
import { UsersService } from '../users/users.service.js';
import { toPublicUser } from '../users/user-view.js';
import { SecondFactorMarks, WrongCodeCounter } from './session-marks.js';

const SF = LIMITS.secondFactor;

/**
 * Staff enrol an authenticator app, confirm it with a first code and get recovery codes; then each
 * session enters the admin area after one more code (docs/api.md#the-admin-areas-second-factor).
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly db: AuthDb,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly marks: SecondFactorMarks,
    private readonly wrongCodes: WrongCodeCounter,
  ) {}

  /** Where a staff session stands (the gateway lets it into the admin area only when passed). */
  async stateOf(userId: string, token: string): Promise<SecondFactorState> {
    const factor = await this.db.secondFactor.findUnique({ where: { userId }, select: { confirmedAt: true } });
    if (!factor?.confirmedAt) return 'enrolment-required';
    return (await this.marks.has(token)) ? 'passed' : 'required';
  }

  /** A new secret for the app; again and again until a code confirms one, then never shown again. */
  async begin(token: string): Promise<SecondFactorEnrolment> {
    const user = await this.staffOf(token);
    const existing = await this.db.secondFactor.findUnique({ where: { userId: user.id } });
    if (existing?.confirmedAt) throw fail.conflict(MESSAGES.secondFactor.alreadyEnrolled);
    const secret = newSecondFactorSecret();
    await this.db.secondFactor.upsert({
      where: { userId: user.id },
      create: { userId: user.id, secret },
      update: { secret, lastUsedStep: null, createdAt: new Date() },
    });
    return {
      secret,
      uri: totpOf(secret, user.email).toString(),
      issuer: SF.issuer,
      account: user.email,
      digits: SF.digits,
      periodSeconds: SF.periodSeconds,
    };
  }

  /** The first code proves the app holds the secret: the setup is kept and this session passes. */
  async confirm(token: string, code: string, now = Date.now()): Promise<SecondFactorConfirmReply> {
    const user = await this.staffOf(token);
    const factor = await this.db.secondFactor.findUnique({ where: { userId: user.id } });
    if (factor?.confirmedAt) throw fail.conflict(MESSAGES.secondFactor.alreadyEnrolled);
    if (!factor) throw fail.badRequest(MESSAGES.secondFactor.notStarted);
    await this.ensureNotBlocked(user.id);
    const step = isAppCode(code) ? stepOfCode(totpOf(factor.secret, user.email), code, now) : null;
    if (step === null) return this.wrong(user.id);
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await this.db.$transaction(async (tx) => {
      // Only the setup this code was computed from: a second "begin" in between replaced it.
      const updated = await tx.secondFactor.updateMany({
        where: { userId: user.id, secret: factor.secret, confirmedAt: null },
        data: { confirmedAt: new Date(now), lastUsedStep: step },
      });
      if (updated.count !== 1) return false;
      await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
      await tx.recoveryCode.createMany({ data: recoveryCodes.map((c) => ({ userId: user.id, codeHash: recoveryCodeHash(c) })) });
      return true;
    });
    if (!confirmed) throw fail.badRequest(MESSAGES.secondFactor.notStarted);
    await this.marks.mark(token);
    return { recoveryCodes: recoveryCodes.map(groupedRecoveryCode) };
  }

  /** An app code (each step once) or a recovery code (each once) passes this session. */
  async check(token: string, code: string, now = Date.now()): Promise<SecondFactorCheckReply> {
    const user = await this.staffOf(token);
    const factor = await this.db.secondFactor.findUnique({ where: { userId: user.id } });
    if (!factor?.confirmedAt) throw fail.forbidden(MESSAGES.secondFactor.enrolmentRequired);
    await this.ensureNotBlocked(user.id);
    if (isAppCode(code)) {
      const step = stepOfCode(totpOf(factor.secret, user.email), code, now);
      if (step === null || !isUnusedStep(step, factor.lastUsedStep)) return this.wrong(user.id);
      // Two requests with one code: the row's own step decides, so only one of them passes.
      const taken = await this.db.secondFactor.updateMany({
        where: { userId: user.id, confirmedAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
        data: { lastUsedStep: step },
      });
      if (taken.count !== 1) return this.wrong(user.id);
      await this.marks.mark(token);
      return { usedRecoveryCode: false };
    }
    const spent = await this.db.recoveryCode.updateMany({
      where: { userId: user.id, codeHash: recoveryCodeHash(code), usedAt: null },
      data: { usedAt: new Date(now) },
    });
    if (spent.count !== 1) return this.wrong(user.id);
    await this.marks.mark(token);
    return { usedRecoveryCode: true };
  }

  /**
   * An admin removes a staff member's app (a lost phone): their sessions end, and their next
   * sign-in enrols again. Recorded with the admin as actor, so the audit trail shows it.
   */
  async reset(userId: string, actor: Actor): Promise<PublicUser> {
    ensureMayManageUsers(actor);
    if (!isUuid(userId)) throw fail.notFound(MESSAGES.auth.userNotFound);
    const view = await this.db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, include: { secondFactor: { select: { userId: true } } } });
      if (!user) throw fail.notFound(MESSAGES.auth.userNotFound);
      if (!isStaffRole(user.role)) throw fail.conflict(MESSAGES.secondFactor.staffOnly);
      if (!user.secondFactor) throw fail.conflict(MESSAGES.secondFactor.notEnrolled);
      await tx.secondFactor.delete({ where: { userId } });
      await tx.recoveryCode.deleteMany({ where: { userId } });
      const updated = await tx.user.update({ where: { id: userId }, data: { version: { increment: 1 } } });
      const view = toPublicUser(updated);
      await recordEvent(tx, EVENT_TYPES.userSecondFactorReset, { user: view, version: updated.version, actor });
      return view;
    });
    await this.sessions.destroyAllOf(userId);
    return view;
  }

  private async staffOf(token: string): Promise<PublicUser> {
    const user = await this.users.resolveSession(token);
    if (!user) throw fail.unauthorized(MESSAGES.auth.notSignedIn);
    if (!isStaffRole(user.role)) throw fail.forbidden(MESSAGES.secondFactor.staffOnly);
    return user;
  }

  private async ensureNotBlocked(userId: string): Promise<void> {
    const wait = await this.wrongCodes.blockedFor(userId);
    if (wait !== null) throw fail.tooMany(MESSAGES.common.tooManyAttempts, wait);
  }

  private async wrong(userId: string): Promise<never> {
    await this.wrongCodes.count(userId);
    throw fail.badRequest(MESSAGES.secondFactor.codeInvalid);
  }
}
