import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@mboa/contracts';
import { cameroonWhatsApp } from '@mboa/platform';

const RULES = LIMITS.whatsappProof;

/**
 * The stand-in an admin account gets without ADMIN_WHATSAPP (adminCreateSchema's default): nobody's
 * number, so it can never be proven.
 */
const PLACEHOLDER_NUMBER = '600000000';

/** The number a code can be sent to ('237674123456'), or null when the account has none that WhatsApp reaches. */
export function provableNumber(whatsapp: string): string | null {
  if (whatsapp.replace(/\D/g, '') === PLACEHOLDER_NUMBER) return null;
  return cameroonWhatsApp(whatsapp);
}

/** A fresh code: LIMITS.whatsappProof.codeLength digits, leading zeros kept. */
export function newWhatsAppCode(): string {
  return randomInt(0, 10 ** RULES.codeLength).toString().padStart(RULES.codeLength, '0');
}

/**
 * What is stored of a code: bound to the account and the number it went to, so a code is good for
 * nobody else and for no other number. A million codes need no slow hash: 5 tries spend a code.
 */
export function whatsappCodeHash(userId: string, number: string, code: string): string {
  return createHash('sha256').update(`whatsapp-proof:${userId}:${number}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The windows codes sent are counted in, per account and per number (LIMITS.whatsappProof). */
export const CODE_SEND_WINDOWS = [
  { name: 'hour', seconds: 3600, perAccount: RULES.codesPerAccountPerHour, perNumber: RULES.codesPerNumberPerHour },
  { name: 'day', seconds: 24 * 3600, perAccount: RULES.codesPerAccountPerDay, perNumber: RULES.codesPerNumberPerDay },
] as const;
