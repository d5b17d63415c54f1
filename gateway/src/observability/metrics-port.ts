import type { NestExpressApplication } from '@nestjs/platform-express';
import { concatenated, eventLagMetrics, metrics, startMetricsServer } from '@mboa/platform';
import type { GatewayConfig } from '../config.js';
import { Services } from '../rpc/rpc.provider.js';

/**
 * The gateway's Prometheus metrics (HTTP and NATS latency, event lag per durable consumer, process)
 * on METRICS_PORT, a port of its own that is never published, as the services do. The public port
 * answers /metrics with 404: what is slow, busy or failing is nobody else's business.
 */
export async function serveMetricsOnInternalPort(app: NestExpressApplication, config: GatewayConfig): Promise<void> {
  const port = config.runtime?.metricsPort;
  if (port === undefined) return;
  const lag = eventLagMetrics(() => app.get(Services).proxy.unwrap(), config.streamName ?? 'EVENTS');
  const server = await startMetricsServer(port, concatenated(metrics, lag));
  // Lives as long as the public listener. (Nest's app object is a proxy that ignores assignments,
  // so wrapping app.close would silently do nothing.)
  app.getHttpServer().once('close', () => {
    server.close();
    server.closeAllConnections();
  });
}
