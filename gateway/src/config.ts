import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, type ServiceName } from '@mboa/contracts';
import { subjectPrefixFromEnv } from '@mboa/platform';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GatewayConfig {
  port: number;
  /** Origins allowed to call the API from a browser (ours only). */
  allowedOrigins: string[];
  cookieSecure: boolean;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  natsUrl: string;
  subjectPrefix: string;
  /** Services whose health /api/health reports; all of them are required for 200. */
  services: ServiceName[];
  webDist: string;
  adminDist: string;
  rpcTimeoutMs: number;
  /** Multiplies every rate limit's allowance; tests of other behaviour raise it. */
  rateLimitScale: number;
}

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const port = Number(env.PORT ?? 3000);
  const origins = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`)
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const requested = (env.SERVICES ?? 'auth').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = requested.filter((s) => !(SERVICE_NAMES as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`SERVICES names unknown services: ${unknown.join(', ')}`);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a TCP port, got "${env.PORT}"`);
  return {
    port,
    allowedOrigins: [...new Set([...origins, `http://127.0.0.1:${port}`, `http://localhost:${port}`])],
    cookieSecure: env.COOKIE_SECURE === 'true',
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mboa',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'mboa:',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: subjectPrefixFromEnv(env),
    services: requested as ServiceName[],
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'web/dist'),
    adminDist: env.ADMIN_WEB_DIST ?? path.join(repoRoot, 'admin-web/dist'),
    rpcTimeoutMs: Number(env.RPC_TIMEOUT_MS ?? 10_000),
    rateLimitScale: Number(env.RATE_LIMIT_SCALE ?? 1),
  };
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
