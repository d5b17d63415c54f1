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

/**
 * The servers of a NATS_URL, which may list a cluster's servers separated by commas
 * (`nats://nats-1:4222,nats://nats-2:4222`). The NATS client takes a list; given the whole string
 * as one server it cannot connect, so every connection is made through this.
 */
export function natsServers(url: string | string[] | undefined): string[] | undefined {
  if (url === undefined) return undefined;
  return (Array.isArray(url) ? url : [url]).flatMap((u) => u.split(',')).map((u) => u.trim()).filter(Boolean);
}
