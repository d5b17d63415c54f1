#!/usr/bin/env node
// What tracing costs a service at start: `node services/<svc>/dist/main.js` started again and again
// with tracing off (no OTEL_* variable), then on (OTEL_EXPORTER_OTLP_ENDPOINT at a local sink that
// drops what it gets; bench/otlp-sink.mjs), alternately. On, `runWhenMain` loads the SDK and
// registers OpenTelemetry's loader hook before the service's modules load. Reports, per mode, the
// time from spawn to "listening on NATS" and the resident memory (VmRSS) two seconds later.
// Builds nothing: build the service first. Not a test: it prints numbers, it asserts nothing.
//
//   node scripts/bench/tracing-start.mjs [service=auth] [runs=5]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@mboa/platform/testing';
import { startOtlpSink } from './otlp-sink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const service = process.argv[2] ?? 'auth';
const runs = Number(process.argv[3] ?? 5);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const db = await createTestDatabase([service], { prefix: 'tracingstart' });
const sink = await startOtlpSink();
const base = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'info', NODE_OPTIONS: '', NATS_SUBJECT_PREFIX: `bench-ts-${process.pid}`, EVENTS_STREAM: `BENCH_TS_${process.pid}`, REDIS_PREFIX: `bench:ts:${process.pid}:` };
for (const key of Object.keys(base)) if (key.startsWith('OTEL_')) delete base[key];

async function once(mode) {
  const env = mode === 'on' ? { ...base, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } : base;
  const began = process.hrtime.bigint();
  const child = spawn(process.execPath, [path.join(root, `services/${service}/dist/main.js`)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (output += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (output += d));
  while (!output.includes('listening on NATS')) {
    if (child.exitCode !== null) throw new Error(`${service} exited ${child.exitCode}:\n${output}`);
    await sleep(5);
  }
  const startMs = Number(process.hrtime.bigint() - began) / 1e6;
  await sleep(2000);
  const rssMiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { startMs, rssMiB };
}

const results = { off: [], on: [] };
try {
  for (let i = 0; i < runs; i++) {
    for (const mode of ['off', 'on']) {
      const r = await once(mode);
      results[mode].push(r);
      console.log(`[tracing-start] ${service} run ${i + 1} tracing ${mode}: started in ${r.startMs.toFixed(0)} ms, RSS ${r.rssMiB.toFixed(1)} MiB`);
    }
  }
  for (const mode of ['off', 'on']) {
    const start = results[mode].map((r) => r.startMs);
    const rss = results[mode].map((r) => r.rssMiB);
    console.log(`[tracing-start] ${service} tracing ${mode}: start median ${median(start).toFixed(0)} ms (${Math.min(...start).toFixed(0)}–${Math.max(...start).toFixed(0)}), RSS median ${median(rss).toFixed(1)} MiB (${Math.min(...rss).toFixed(1)}–${Math.max(...rss).toFixed(1)})`);
  }
} finally {
  sink.close();
  await db.drop();
}
