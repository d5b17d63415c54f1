import type { NestExpressApplication } from '@nestjs/platform-express';
import { concatenated, eventLagMetrics, metrics, startMetricsServer } from '@mboa/platform';
import type { GatewayConfig } from '../config.js';
import { GatewayRedis } from '../redis.provider.js';
import { Services } from '../rpc/rpc.provider.js';

/**
 * The gateway's Prometheus metrics (HTTP and NATS latency, event lag per durable consumer, process)
 * and its liveness and readiness probes on METRICS_PORT, a port of its own that is never published,
 * as the services do. The public port answers /metrics with 404: what is slow, busy or failing is
 * nobody else's business.
 *
 * Ready means its own NATS connection and Redis answer, never the services behind it: one service
 * down must not take every gateway replica out of the balancer (or get them all restarted), as the
 * deep /api/health would. A route to a service that is down answers 503 by itself.
 */
export async function serveMetricsOnInternalPort(app: NestExpressApplication, config: GatewayConfig): Promise<void> {
  const port = config.runtime?.metricsPort;
  if (port === undefined) return;
  const lag = eventLagMetrics(() => app.get(Services).proxy.unwrap(), config.streamName ?? 'EVENTS');
  const services = app.get(Services);
  const redis = app.get(GatewayRedis);
  const server = await startMetricsServer(port, concatenated(metrics, lag), () => ({
    nats: () => services.proxy.unwrap<{ rtt(): Promise<number> }>().rtt(),
    redis: () => redis.client.ping(),
  }));
  // Lives as long as the public listener. (Nest's app object is a proxy that ignores assignments,
  // so wrapping app.close would silently do nothing.)
  app.getHttpServer().once('close', () => {
    server.close();
    server.closeAllConnections();
  });
}
