#!/usr/bin/env node
// Container health check: `node infra/docker/healthcheck.mjs <app>`; exit 0 when this replica is ready.
// Every app (gateway and services) answers its readiness probe on METRICS_PORT, never published:
// 200 when the dependencies this replica needs answer (its NATS and Redis for the gateway; NATS and
// its database, Redis, search or object store for a service), else 503 naming them. The gateway's
// readiness leaves the services out on purpose: /api/health, the deep check people read, would
// mark every gateway unhealthy for one service down. Paths: PROBE_PATHS in libs/platform/src/metrics/probes.ts
// (this file runs without the app's modules; libs/platform/src/ops/compose.test.ts checks they agree).

export const READINESS_PATH = '/readyz';
const TIMEOUT_MS = 4000;

export async function checkReady(port = process.env.METRICS_PORT) {
  if (!port) throw new Error('METRICS_PORT is not set: the probes are served there');
  const res = await fetch(`http://127.0.0.1:${port}${READINESS_PATH}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (res.status === 200) return;
  const body = await res.json().catch(() => ({}));
  const failing = Array.isArray(body.failing) && body.failing.length > 0 ? `: ${body.failing.join(', ')} down` : '';
  throw new Error(`${READINESS_PATH} answered ${res.status}${failing}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = process.argv[2] ?? 'app';
  checkReady().then(
    () => process.exit(0),
    (error) => {
      console.error(`${app} not ready: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
