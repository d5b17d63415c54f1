/**
 * Asks `fn` again every 50 ms until `check` accepts its answer or `timeoutMs` has passed, and
 * returns the last answer either way: the test's own expectation then says what was wrong. For
 * what other processes do after an answer (consumers, the outbox relay, mail).
 */
export async function eventually<T>(fn: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Asks `check` again every 50 ms until it gives a truthy value, which it returns; after
 * `timeoutMs`, fails naming `what` was awaited. For effects that travel through events.
 */
export async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
