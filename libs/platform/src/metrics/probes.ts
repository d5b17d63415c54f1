/**
 * The orchestrator's probes, served on every app's METRICS_PORT beside /metrics (never published):
 * liveness says the process still runs its event loop (restart it when not); readiness says the
 * dependencies this replica needs answer (send it no work when not). Both stay cheap: each check is
 * bounded by PROBE_TIMEOUT_MS and is a ping, never a query over data. The deep `/api/health` that
 * people read (every service through the gateway) is something else: infra/README.md, "Health
 * checks and probes".
 */
export const PROBE_PATHS = { liveness: '/livez', readiness: '/readyz' } as const;

/** How long one dependency may take to answer a readiness check before it counts as down. */
export const PROBE_TIMEOUT_MS = 2000;

/** One dependency's check: fine unless it throws, rejects, answers `false` or outlasts the timeout. */
export type DependencyCheck = () => unknown;

export type CheckOutcome = 'ok' | 'fail';

/** What GET /readyz answers (200 when `status` is `ready`, else 503, naming the failing dependencies). */
export interface ReadinessReport {
  status: 'ready' | 'unready';
  checks: Record<string, CheckOutcome>;
  failing: string[];
}

/** Runs the checks side by side; an `undefined` check is not part of this process. */
export async function checkDependencies(
  checks: Record<string, DependencyCheck | undefined>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<Record<string, CheckOutcome>> {
  const entries = Object.entries(checks).filter((entry): entry is [string, DependencyCheck] => entry[1] !== undefined);
  const outcomes = await Promise.all(entries.map(async ([name, check]) => [name, await outcomeOf(check, timeoutMs)] as const));
  return Object.fromEntries(outcomes);
}

export function readinessReport(checks: Record<string, CheckOutcome>): ReadinessReport {
  const failing = Object.entries(checks)
    .filter(([, outcome]) => outcome === 'fail')
    .map(([name]) => name);
  return { status: failing.length === 0 ? 'ready' : 'unready', checks, failing };
}

async function outcomeOf(check: DependencyCheck, timeoutMs: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve('fail'), timeoutMs);
  });
  const answer = Promise.resolve()
    .then(check)
    .then((result): CheckOutcome => (result === false ? 'fail' : 'ok'), (): CheckOutcome => 'fail');
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
