import type { UserChangeResponse, WhatsAppProofReply } from '@mboa/contracts';
import { ApiError, api } from '@mboa/web-core';

/**
 * Proving the account's WhatsApp number (docs/api.md#proving-a-whatsapp-number): where it stands,
 * a code sent to it, the code typed back, and a change of number (unproven until proven again).
 */
export const WHATSAPP_PROOF_KEY = ['me', 'whatsapp'] as const;

/** The profile section's anchor: the post wizard's notice links to `/profile#whatsapp`. */
export const WHATSAPP_SECTION_ID = 'whatsapp';

export const getWhatsAppProof = (signal?: AbortSignal) => api<WhatsAppProofReply>('/me/whatsapp', { signal });
export const sendWhatsAppCode = () => api<WhatsAppProofReply>('/me/whatsapp/code', { method: 'POST' });
export const verifyWhatsAppCode = (code: string) => api<WhatsAppProofReply>('/me/whatsapp/verify', { body: { code } });
export const changeWhatsAppNumber = (whatsapp: string) => api<UserChangeResponse>('/user/me', { method: 'PATCH', body: { whatsapp } });

/** A posting refused because the poster's current number is not proven yet (403 naming the `whatsapp` field). */
export function isNumberUnproven(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.errors.some((e) => e.startsWith('whatsapp:'));
}
