import type { HealthReply } from '@mboa/contracts';
import { checkDependencies, type DependencyCheck } from '../metrics/probes.js';

/** One dependency's check: fine unless it throws, rejects, answers `false` or outlasts PROBE_TIMEOUT_MS. */
export type HealthProbe = DependencyCheck;

/** A probe of a service's PostgreSQL schema through its Prisma client. */
export function postgresProbe(db: { $queryRawUnsafe(query: string): Promise<unknown> }): HealthProbe {
  return () => db.$queryRawUnsafe('SELECT 1');
}

/**
 * Runs a service's probes side by side and answers its health: `ok` when every probe passes,
 * `degraded` otherwise, with each check named. An `undefined` probe is not part of this process.
 */
export async function checkHealth(service: string, probes: Record<string, HealthProbe | undefined>): Promise<HealthReply> {
  const checks = await checkDependencies(probes);
  return { service, status: Object.values(checks).every((outcome) => outcome === 'ok') ? 'ok' : 'degraded', checks };
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

  /** The same dependencies, for this replica's readiness probe on METRICS_PORT (NATS is added there). */
  readinessChecks(): Record<string, HealthProbe | undefined> {
    return this.probes();
  }
}
