import { createServer, type Server } from 'node:http';
import { Registry } from './prometheus.js';
import { metrics as defaultRegistry } from './standard.js';

/** What the metrics port serves: one registry, or the text of several in a row. */
export type MetricsSource = Pick<Registry, 'render' | 'contentType'>;

/**
 * Serves GET /metrics on `port`, apart from any public listener: an app's own metrics (the
 * gateway adds the event lag read from JetStream). Never publish this port.
 */
export async function startMetricsServer(port: number, source: MetricsSource = defaultRegistry): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    source.render().then(
      (text) => res.writeHead(200, { 'content-type': source.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, resolve));
  return server;
}

/** Several registries served as one (their metric names must differ). */
export function concatenated(...registries: Registry[]): MetricsSource {
  return {
    contentType: defaultRegistry.contentType,
    render: async () => (await Promise.all(registries.map((r) => r.render()))).join(''),
  };
}
