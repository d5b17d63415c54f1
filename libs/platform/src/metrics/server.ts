import { createServer, type Server } from 'node:http';
import { PROMETHEUS_CONTENT_TYPE, type Registry } from './registry.js';
import { metrics as defaultRegistry } from './standard.js';

/** Serves GET /metrics on `port` (a service's own metrics; the gateway has its route instead). */
export async function startMetricsServer(port: number, registry: Registry = defaultRegistry): Promise<Server> {
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
