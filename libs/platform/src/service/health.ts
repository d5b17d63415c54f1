import type { HealthReply } from '@mboa/contracts';

/** One dependency's check: fine unless it throws, rejects or answers `false`. */
export type HealthProbe = () => unknown;

/** A probe of a service's PostgreSQL schema through its Prisma client. */
export function postgresProbe(db: { $queryRawUnsafe(query: string): Promise<unknown> }): HealthProbe {
  return () => db.$queryRawUnsafe('SELECT 1');
}

/**
 * Runs a service's probes side by side and answers its health: `ok` when every probe passes,
 * `degraded` otherwise, with each check named. An `undefined` probe is not part of this process.
 */
export async function checkHealth(service: string, probes: Record<string, HealthProbe | undefined>): Promise<HealthReply> {
  const entries = Object.entries(probes).filter((entry): entry is [string, HealthProbe] => entry[1] !== undefined);
  const results = await Promise.all(
    entries.map(async ([name, probe]) => {
      const outcome = await Promise.resolve()
        .then(probe)
        .then((answer) => (answer === false ? ('fail' as const) : ('ok' as const)), () => 'fail' as const);
      return [name, outcome] as const;
    }),
  );
  const checks: Record<string, 'ok' | 'fail'> = Object.fromEntries(results);
  return { service, status: results.every(([, outcome]) => outcome === 'ok') ? 'ok' : 'degraded', checks };
}

/**
 * A service's health: it names its probes, the platform runs them. Services extend it as their
 * `HealthService` provider and answer their `<service>.health` pattern with `check()`.
 */
export abstract class ServiceHealth {
  protected abstract readonly service: string;
  protected abstract probes(): Record<string, HealthProbe | undefined>;

  check(): Promise<HealthReply> {
    return checkHealth(this.service, this.probes());
  }
}
