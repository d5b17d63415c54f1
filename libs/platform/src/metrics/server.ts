import { createServer, type Server, type ServerResponse } from 'node:http';
import { Registry } from './prometheus.js';
import { checkDependencies, PROBE_PATHS, readinessReport, type DependencyCheck } from './probes.js';
import { metrics as defaultRegistry } from './standard.js';

/** What the metrics port serves: one registry, or the text of several in a row. */
export type MetricsSource = Pick<Registry, 'render' | 'contentType'>;

/** The dependencies whose answer makes this replica ready (read at every probe). */
export type ReadinessChecks = () => Record<string, DependencyCheck | undefined>;

/**
 * Serves, on `port` and apart from any public listener: GET /metrics (an app's own metrics; the
 * gateway adds the event lag read from JetStream), and the orchestrator's probes (PROBE_PATHS):
 * liveness always 200 while the process answers, readiness 200 or 503 naming what failed. Never
 * publish this port.
 */
export async function startMetricsServer(
  port: number,
  source: MetricsSource = defaultRegistry,
  readiness: ReadinessChecks = () => ({}),
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'GET') {
      res.writeHead(404).end();
    } else if (path === '/metrics') {
      source.render().then(
        (text) => res.writeHead(200, { 'content-type': source.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    } else if (path === PROBE_PATHS.liveness) {
      json(res, 200, { status: 'alive' });
    } else if (path === PROBE_PATHS.readiness) {
      Promise.resolve()
        .then(() => checkDependencies(readiness()))
        .then(readinessReport)
        .then(
          (report) => json(res, report.status === 'ready' ? 200 : 503, report),
          () => json(res, 503, { status: 'unready', checks: {}, failing: ['readiness'] }),
        );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, resolve));
  return server;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/** Several registries served as one (their metric names must differ). */
export function concatenated(...registries: Registry[]): MetricsSource {
  return {
    contentType: defaultRegistry.contentType,
    render: async () => (await Promise.all(registries.map((r) => r.render()))).join(''),
  };
}
