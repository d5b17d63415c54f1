import { z } from 'zod';

/** The challenge as a 429 carries it (docs/api.md#the-person-check): ALTCHA v2's `{ parameters, signature }`, signed by the gateway. */
export const personCheckChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
  }),
  signature: z.string(),
});

export type PersonCheckChallenge = z.infer<typeof personCheckChallengeSchema>;

/** What the `X-Person-Check` header carries, as base64 of this JSON: the challenge as received and the key found. */
export const personCheckAnswerSchema = z.object({
  challenge: personCheckChallengeSchema,
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256) }),
});

export type PersonCheckAnswer = z.infer<typeof personCheckAnswerSchema>;

/** The header's answer, or null when it is not one (never throws on what a client sends). */
export function readPersonCheckAnswer(header: string | undefined | null): PersonCheckAnswer | null {
  if (!header || header.length > 4096) return null;
  try {
    const parsed = personCheckAnswerSchema.safeParse(JSON.parse(atob(header.trim())));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
