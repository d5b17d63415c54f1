import { z } from 'zod';
import { component, isoDateSchema } from './components.js';

/**
 * One of the signed-in person's sessions as the profile lists it (docs/api.md#sessions-and-cookies):
 * the device named from the User-Agent it signed in with (product names, not translated; null when
 * unknown), when it signed in, when it was last used (to the minute) and when it ends at the latest.
 */
export const activeSessionSchema = component(
  z.object({
    /** Names the session for DELETE /api/me/sessions/{id}; not the cookie's value. */
    id: z.string(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    createdAt: isoDateSchema,
    lastSeenAt: isoDateSchema,
    /** The latest it ends: sign-in plus the absolute lifetime (sooner when idle, for a plain session). */
    expiresAt: isoDateSchema,
    rememberMe: z.boolean(),
    /** The session of the request that asked: "this device". */
    current: z.boolean(),
  }),
  'ActiveSession',
);

/** GET /api/me/sessions answer: this device first, then the others by last use. */
export const sessionListResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });

/** POST /api/me/sessions/end-others answer: a text and how many sessions ended. */
export const sessionsEndedResponseSchema = z.object({ message: z.string(), ended: z.number().int().min(0) });
