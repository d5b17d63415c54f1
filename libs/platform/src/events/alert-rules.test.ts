import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { eventLagMetrics } from '../metrics/event-lag.js';
import { metrics } from '../metrics/standard.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const file = path.join(root, 'infra/prometheus/alerts/events.yml');

interface Rule {
  alert?: string;
  record?: string;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** Prometheus' own checks on a rule file (promtool is not installed here): the parts we use. */
/** Every registry the apps serve: each process's own, and the gateway's read from JetStream. */
const registries = [metrics, eventLagMetrics(() => undefined, 'EVENTS')];

test('the event alert rules are a valid Prometheus rule file over metrics the apps register', () => {
  const doc = parse(readFileSync(file, 'utf8')) as { groups?: Array<{ name?: unknown; rules?: Rule[] }> };
  expect(Array.isArray(doc.groups)).toBe(true);
  const rules = doc.groups!.flatMap((group) => {
    expect(typeof group.name).toBe('string');
    expect(Array.isArray(group.rules)).toBe(true);
    return group.rules!;
  });
  expect(rules.length).toBeGreaterThan(0);
  for (const rule of rules) {
    expect(typeof rule.alert).toBe('string');
    expect(rule.alert).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(typeof rule.expr).toBe('string');
    if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smhdwy]$/);
    for (const value of [...Object.values(rule.labels ?? {}), ...Object.values(rule.annotations ?? {})]) expect(typeof value).toBe('string');
    // Every metric of ours the expression reads is one the code registers, under that exact name.
    const names = [...(rule.expr as string).matchAll(/\bmboa_[a-z0-9_]+/g)].map((m) => m[0]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect({ name, registered: registries.some((r) => r.getSingleMetric(name) !== undefined) }).toEqual({ name, registered: true });
  }
  expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(['EventsParked', 'ParkedEventsWaiting']));
  expect(rules.find((r) => r.alert === 'EventsParked')?.expr).toContain('mboa_events_parked_total');
});
