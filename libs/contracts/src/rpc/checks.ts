import { z } from 'zod';

/** The payload as an object, or `{}` for anything else (handlers read fields from it). */
export function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Checks a message in two steps, the second only when the first passed: e.g. the actor first
 * (a message without one is refused as "not signed in") and then the form it carries. Each step
 * keeps its own field paths and texts.
 */
export function inTwoSteps<A extends z.ZodType, B extends z.ZodType, R>(
  first: A,
  second: B,
  pick: (input: Record<string, unknown>, first: z.output<A>) => unknown,
  combine: (first: z.output<A>, second: z.output<B>) => R,
) {
  return z.unknown().transform((input, ctx): R => {
    const a = first.safeParse(input);
    if (!a.success) return refuse(ctx, a.error);
    const b = second.safeParse(pick(recordOf(input), a.data));
    if (!b.success) return refuse(ctx, b.error);
    return combine(a.data, b.data);
  });
}

function refuse(ctx: z.RefinementCtx, error: z.ZodError): never {
  for (const issue of error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
}
