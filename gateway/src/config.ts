import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP_TILES_DEFAULT, type MapTiles, type ServiceName } from '@mboa/contracts';
import { loadAppEnv, runtimeConfig, type RuntimeConfig } from '@mboa/platform';
import type { HttpTimeouts } from './http/timeouts.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface GatewayConfig {
  port: number;
  /** Origins allowed to call the API from a browser (ours only). */
  allowedOrigins: string[];
  /**
   * Cookies are Secure, and the session cookie is `__Host-mboa_session` (docs/api.md#sessions-and-cookies).
   * COOKIE_SECURE when set; else whether PUBLIC_ORIGIN (its first address, the one links use) is https.
   */
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
  /**
   * Express's `trust proxy` (TRUST_PROXY): which peers' `X-Forwarded-For` names the client. Absent
   * or false: nobody's, the socket's peer is the client.
   */
  trustProxy?: false | number | string[];
  /** Signs device cookies (DEVICE_COOKIE_SECRET); absent, a random one shared through Redis. */
  deviceCookieSecret?: string;
  /** JetStream stream of the events, whose consumers' lag /metrics reports (default EVENTS). */
  streamName?: string;
  /** Logging and stopping of the process; defaults when absent (tests). */
  runtime?: RuntimeConfig;
  /** The maps' tiles handed to the web apps (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); MAP_TILES_DEFAULT when absent. */
  mapTiles?: MapTiles;
  /** Bounds on slow clients; LIMITS.http when absent (tests shorten them). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Tries a person check asks for; LIMITS.personCheck when absent (tests make it quicker). */
  personCheckWork?: { triesMin: number; triesMax: number };
}

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = loadAppEnv('gateway', env);
  const port = e.PORT;
  const origins = (e.PUBLIC_ORIGIN ?? `http://localhost:${port}`)
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const requested = e.SERVICES.split(',').map((s) => s.trim()).filter(Boolean);
  return {
    port,
    allowedOrigins: [...new Set([...origins, `http://127.0.0.1:${port}`, `http://localhost:${port}`])],
    cookieSecure: e.COOKIE_SECURE ?? origins[0]?.startsWith('https://') === true,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    natsUrl: e.NATS_URL,
    subjectPrefix: e.NATS_SUBJECT_PREFIX,
    services: requested as ServiceName[],
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'web/dist'),
    adminDist: e.ADMIN_WEB_DIST ?? path.join(repoRoot, 'admin-web/dist'),
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY ?? false,
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET,
    streamName: e.EVENTS_STREAM,
    runtime: runtimeConfig(e),
    mapTiles: { url: e.MAP_TILE_URL || MAP_TILES_DEFAULT.url, attribution: e.MAP_TILE_ATTRIBUTION || MAP_TILES_DEFAULT.attribution },
  };
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
