import { z } from 'zod';

const state = z.enum(['up', 'down']);

/** GET /api/health answer (200 when every part is up, 503 `degraded` otherwise). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  components: z.object({ postgres: state, redis: state, nats: state, services: z.record(z.string(), state) }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
