#!/usr/bin/env node
// Container health check: `node infra/docker/healthcheck.mjs <app>`; exit 0 when healthy.
// The gateway: GET /api/health (PostgreSQL, Redis, NATS and every service) answers 200.
// A service: this very replica answers its health request on its own NATS subject
// (`<service>.health.instance.<hostname>`, see instanceHealthSubject in libs/platform) with "ok";
// the shared `<service>.health` subject would let any replica answer for a sick one.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

const app = process.argv[2];
const TIMEOUT_MS = 3000;

/** Same as instanceId() in libs/platform/src/nats/transport.ts. */
export function instanceId() {
  return hostname().replace(/[^A-Za-z0-9_-]/g, '_');
}

export function instanceHealthSubject(service, prefix = '', id = instanceId()) {
  return `${prefix}${service}.health.instance.${id}`;
}

async function gateway() {
  const res = await fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
}

async function service(name) {
  const { connect } = await import('@nats-io/transport-node');
  const nc = await connect({ servers: (process.env.NATS_URL || 'nats://127.0.0.1:4222').split(','), timeout: TIMEOUT_MS });
  try {
    const packet = { pattern: `${name}.health`, data: {}, id: randomUUID() };
    const msg = await nc.request(instanceHealthSubject(name, process.env.NATS_SUBJECT_PREFIX || ''), JSON.stringify(packet), { timeout: TIMEOUT_MS });
    const reply = JSON.parse(new TextDecoder().decode(msg.data));
    if (reply.err !== undefined && reply.err !== null) throw new Error(`health failed: ${JSON.stringify(reply.err)}`);
    if (reply.response?.status !== 'ok') throw new Error(`health is ${JSON.stringify(reply.response)}`);
  } finally {
    await nc.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (app === 'gateway' ? gateway() : service(app)).then(
    () => process.exit(0),
    (error) => {
      console.error(`${app} unhealthy: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
