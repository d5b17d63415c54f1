import { Inject, Injectable, Logger } from '@nestjs/common';
import { catalogueOf, LIMITS, MESSAGES, type Actor, type WhatsAppProofReply } from '@mboa/contracts';
import { fail, FileWhatsApp, type WhatsAppPort } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { AuthDb } from '../db.js';
import type { User } from '../generated/prisma/client.js';
import { AuthRedis } from '../redis.js';
import { CODE_SEND_WINDOWS, newWhatsAppCode, provableNumber, sameHash, whatsappCodeHash } from '../rules/whatsapp-proof.js';
import { UsersService } from '../users/users.service.js';

const RULES = LIMITS.whatsappProof;

/**
 * Proving the account's WhatsApp number (docs/api.md#proving-a-whatsapp-number), after the
 * password-reset codes: `send` sends a 6-digit code to the number (valid 10 minutes, one per 60 s,
 * so many an hour and a day per account and per number) and keeps only its hash, bound to the
 * account and the number; `verify` with that code sets `whatsappProvenAt` (5 wrong tries spend the
 * code). The code leaves this process only in the message to the number: it is in no event, no
 * log line and no answer.
 *
 * Sent at once rather than from an outbox event: the code must not sit in clear in a durable
 * payload, and the person waits for the message with the page open; a send that fails forgets the
 * code and answers 503, so the person can ask again at once.
 */
@Injectable()
export class WhatsAppProofService {
  private readonly logger = new Logger('whatsapp-proof');
  private readonly whatsapp: WhatsAppPort;

  constructor(
    private readonly db: AuthDb,
    private readonly redis: AuthRedis,
    private readonly users: UsersService,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.whatsapp = config.whatsapp ?? new FileWhatsApp();
  }

  async get(actor: Actor): Promise<WhatsAppProofReply> {
    return view(await this.account(actor));
  }

  async send(actor: Actor, now = new Date()): Promise<WhatsAppProofReply> {
    const user = await this.account(actor);
    const number = provableNumber(user.whatsapp);
    if (!number) throw fail.badRequest(MESSAGES.whatsappProof.noNumber);
    if (user.whatsappProvenAt) throw fail.conflict(MESSAGES.whatsappProof.alreadyProven);

    const previous = await this.db.whatsAppProof.findUnique({ where: { userId: user.id } });
    const waited = previous ? (now.getTime() - previous.sentAt.getTime()) / 1000 : Infinity;
    if (previous && previous.number === number && waited < RULES.resendMinSeconds) {
      throw fail.tooMany(MESSAGES.whatsappProof.resendTooSoon, Math.ceil(RULES.resendMinSeconds - waited));
    }
    await this.count(user.id, number);

    const code = newWhatsAppCode();
    const proof = {
      number,
      codeHash: whatsappCodeHash(user.id, number, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + RULES.codeValidityMinutes * 60_000),
      attempts: 0,
    };
    await this.db.whatsAppProof.upsert({ where: { userId: user.id }, create: { userId: user.id, ...proof }, update: proof });
    try {
      await this.whatsapp.send({
        to: number,
        language: user.language,
        text: catalogueOf(user.language).whatsappProof.codeText(code),
        // An authentication template: the code is its only body parameter and its copy button's.
        templateParameters: [code],
        copyCode: code,
      });
    } catch (error) {
      // The code that never left is forgotten: the person may ask again at once.
      await this.db.whatsAppProof.deleteMany({ where: { userId: user.id, codeHash: proof.codeHash } });
      this.logger.error(`WhatsApp code for user ${user.id} not sent: ${(error as Error).message}`);
      throw fail.unavailable({ status: 503, message: MESSAGES.whatsappProof.sendFailed });
    }
    return { ...view(user), message: MESSAGES.whatsappProof.codeSent, expiresInSeconds: RULES.codeValidityMinutes * 60, resendAfterSeconds: RULES.resendMinSeconds };
  }

  async verify(actor: Actor, code: string, now = new Date()): Promise<WhatsAppProofReply> {
    const user = await this.account(actor);
    const proof = await this.db.whatsAppProof.findUnique({ where: { userId: user.id } });
    // A code sent to a number the account no longer has proves nothing.
    if (!proof || proof.expiresAt <= now || proof.number !== provableNumber(user.whatsapp)) throw fail.badRequest(MESSAGES.whatsappProof.codeInvalid);
    if (proof.attempts >= RULES.maxWrongTries) throw fail.badRequest(MESSAGES.whatsappProof.tooManyWrongTries);

    const codeHash = proof.codeHash;
    if (!sameHash(codeHash, whatsappCodeHash(user.id, proof.number, code))) {
      // Counted atomically so parallel guesses cannot exceed the allowance.
      const counted = await this.db.whatsAppProof.updateMany({
        where: { userId: user.id, codeHash, attempts: { lt: RULES.maxWrongTries } },
        data: { attempts: { increment: 1 } },
      });
      const left = counted.count ? RULES.maxWrongTries - proof.attempts - 1 : 0;
      throw fail.badRequest(left > 0 ? MESSAGES.whatsappProof.codeInvalid : MESSAGES.whatsappProof.tooManyWrongTries);
    }
    // The code is spent with the proof it gives; two verifies racing with it prove once.
    const proven = await this.users.markWhatsAppProven(user.id, user.whatsapp, now, async (tx) => {
      const spent = await tx.whatsAppProof.deleteMany({ where: { userId: user.id, codeHash, attempts: { lt: RULES.maxWrongTries } } });
      if (spent.count !== 1) throw fail.badRequest(MESSAGES.whatsappProof.codeInvalid);
    });
    return { whatsapp: proven.whatsapp, whatsappProvenAt: now.toISOString(), message: MESSAGES.whatsappProof.proven };
  }

  private async account(actor: Actor): Promise<User> {
    const user = await this.db.user.findUnique({ where: { id: actor.userId } });
    if (!user || user.status === 'banned') throw fail.unauthorized(MESSAGES.auth.notSignedIn);
    return user;
  }

  /**
   * Counts a code against the account's and the number's allowances (hour and day), refusing with
   * the wait when one is spent. Counted before sending: a refused send still counts, so failures
   * cannot be used to send more.
   */
  private async count(userId: string, number: string): Promise<void> {
    const client = this.redis.client;
    const keys = CODE_SEND_WINDOWS.flatMap((w) => [
      { key: this.redis.key('whatsapp-codes', 'account', w.name, userId), limit: w.perAccount, seconds: w.seconds },
      { key: this.redis.key('whatsapp-codes', 'number', w.name, number), limit: w.perNumber, seconds: w.seconds },
    ]);
    const counts = await Promise.all(keys.map((k) => client.get(k.key)));
    const spent = keys.filter((k, i) => Number(counts[i] ?? 0) >= k.limit);
    if (spent.length) {
      const waits = await Promise.all(spent.map((k) => client.ttl(k.key)));
      throw fail.tooMany(MESSAGES.whatsappProof.tooManyCodes, Math.max(1, ...waits));
    }
    const multi = client.multi();
    for (const k of keys) multi.incr(k.key).expire(k.key, k.seconds, 'NX');
    await multi.exec();
  }
}

function view(user: User): WhatsAppProofReply {
  return { whatsapp: user.whatsapp, whatsappProvenAt: user.whatsappProvenAt?.toISOString() ?? null };
}
