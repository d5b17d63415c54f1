/**
 * Every NATS subject our apps use is `${prefix}${pattern}`. In production the prefix is empty;
 * each test file picks its own so concurrent runs on one NATS server never answer each other.
 */
export function subjectPrefixFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.NATS_SUBJECT_PREFIX ?? '';
}

export function uniqueTestPrefix(label = 't'): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.`;
}
