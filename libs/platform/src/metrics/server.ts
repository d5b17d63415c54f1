import { createServer, type Server } from 'node:http';
import { PROMETHEUS_CONTENT_TYPE, type Registry } from './registry.js';
import { metrics as defaultRegistry } from './standard.js';

/**
 * Serves GET /metrics on `port`, apart from any public listener: an app's own metrics (the
 * gateway adds the event lag read from JetStream). Never publish this port.
 */
export async function startMetricsServer(port: number, registry: Pick<Registry, 'render'> = defaultRegistry): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.render().then(
      (text) => res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, resolve));
  return server;
}
