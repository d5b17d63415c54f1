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
