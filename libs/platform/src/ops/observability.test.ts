// What the `observe` profile of docker-compose.yml loads, validated here without Docker: the alert
// rules (`promtool check rules`, and their unit tests with `promtool test rules`), the Prometheus
// configuration (`promtool check config`), the Grafana dashboards (they parse, and each panel asks
// the provisioned Prometheus), and the one check that keeps all of them honest: every metric a
// dashboard query or an alert expression names is one the apps register (read from the very
// registries they serve on METRICS_PORT), one the backup script writes, or one of the few
// exporters listed below. promtool comes from Debian's `prometheus` package (.ci/run installs it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { eventLagMetrics } from '../metrics/event-lag.js';
import { metrics, type Registry } from '../metrics/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PROMETHEUS_DIR = path.join(root, 'infra/prometheus');
const ALERTS_DIR = path.join(PROMETHEUS_DIR, 'alerts');
const RULE_TESTS_DIR = path.join(PROMETHEUS_DIR, 'tests');
const DASHBOARDS_DIR = path.join(root, 'infra/grafana/dashboards');
const DATASOURCES_FILE = path.join(root, 'infra/grafana/provisioning/datasources/datasources.yml');

const alertFiles = readdirSync(ALERTS_DIR).filter((f) => f.endsWith('.yml'));
const ruleTestFiles = readdirSync(RULE_TESTS_DIR).filter((f) => f.endsWith('.yml'));
const dashboardFiles = readdirSync(DASHBOARDS_DIR).filter((f) => f.endsWith('.json'));

/**
 * Metrics of exporters that are not ours, named by their upstream projects: Prometheus's own `up`
 * (one per scrape target), and node exporter's filesystem metrics (the disk alerts). A name added
 * to a dashboard or rule from another exporter must be added here, deliberately.
 */
const EXPORTER_METRICS = {
  prometheus: ['up'],
  'node-exporter': ['node_filesystem_avail_bytes', 'node_filesystem_size_bytes', 'node_filesystem_readonly'],
};

const PROMQL_KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan', 'atan2']);

/**
 * The metric names a PromQL expression (or Grafana's `label_values(selector, label)`) reads:
 * strings, label matchers, ranges, grouping clauses and Grafana variables removed, then every
 * identifier that is neither a function call nor a keyword.
 */
function metricNames(expr: string): string[] {
  const labelValues = /^\s*label_values\((?:(.*),)?\s*\w+\s*\)\s*$/s.exec(expr);
  if (labelValues) return labelValues[1] ? metricNames(labelValues[1]) : [];
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\$\{?\w+\}?/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w.])[a-zA-Z_:][\w:]*/g)) {
    const after = bare.slice(match.index + match[0].length);
    if (/^\s*\(/.test(after) || PROMQL_KEYWORDS.has(match[0].toLowerCase())) continue;
    names.add(match[0]);
  }
  return [...names];
}

/** Every series name a registry serves: a histogram's _bucket, _sum and _count included. */
async function exported(registry: Registry): Promise<string[]> {
  const all = await registry.getMetricsAsJSON();
  // prom-client's typings say an enum; at run time `type` is the exposition's word ('histogram').
  return all.flatMap((metric) => (String(metric.type) === 'histogram' ? ['_bucket', '_sum', '_count'].map((s) => metric.name + s) : [metric.name]));
}

interface BackupLib {
  BACKUP_METRICS_FILE: string;
  writeBackupMetrics(dir: string, backup: { finishedAt: Date; bytes: number }): Promise<string>;
}

/** The backup script's metric file, as it writes it after a backup that finished whole. */
async function backupMetricsText(): Promise<string> {
  const lib = (await import(path.join(root, 'infra/scripts/lib/backup.mjs'))) as BackupLib;
  const dir = await mkdtemp(path.join(tmpdir(), 'mboa-backup-metric-'));
  try {
    const file = await lib.writeBackupMetrics(dir, { finishedAt: new Date('2026-01-31T02:04:05Z'), bytes: 123456 });
    expect(path.basename(file)).toBe(lib.BACKUP_METRICS_FILE);
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const promtool = (process.env.PROMTOOL ? [process.env.PROMTOOL] : ['/usr/bin/promtool', '/usr/local/bin/promtool', ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'promtool'))]).find(
  (file) => existsSync(file),
);

/** Runs promtool, failing with what to install when it is missing. */
function runPromtool(args: string[], input?: string): { status: number | null; output: string } {
  if (!promtool) {
    throw new Error(
      `promtool is missing${process.env.PROMTOOL ? ` (PROMTOOL=${process.env.PROMTOOL} does not exist)` : ''}: install Debian's \`prometheus\` package (apt-get install -y prometheus; .ci/run does it), or set PROMTOOL to its path`,
    );
  }
  const result = spawnSync(promtool, args, { cwd: root, encoding: 'utf8', input });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

interface RuleFile {
  groups: { name: string; rules: { alert?: string; record?: string; expr: string; labels?: Record<string, string>; annotations?: Record<string, string> }[] }[];
}
interface Panel {
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
  panels?: Panel[];
}
interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; query: { query: string } | string }[] };
}

/** Every route template the gateway's controllers declare (`@Controller('api')` + `@Get('properties/:id')`). */
function gatewayRoutes(): Set<string> {
  const routes = new Set<string>();
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.controller.ts') ? [path.join(dir, e.name)] : []));
  for (const file of walk(path.join(root, 'gateway/src'))) {
    const text = readFileSync(file, 'utf8');
    const prefix = /@Controller\('([^']*)'\)/.exec(text)?.[1] ?? '';
    for (const m of text.matchAll(/@(?:Get|Post|Put|Patch|Delete)\((?:'([^']*)')?\)/g)) routes.add(`/${[prefix, m[1]].filter(Boolean).join('/')}`);
  }
  return routes;
}

const rules = alertFiles.map((file) => ({ file, parsed: parse(readFileSync(path.join(ALERTS_DIR, file), 'utf8')) as RuleFile }));
const dashboards = dashboardFiles.map((file) => ({ file, parsed: JSON.parse(readFileSync(path.join(DASHBOARDS_DIR, file), 'utf8')) as Dashboard }));

describe('alert rules (infra/prometheus/alerts)', () => {
  test('every rule file passes `promtool check rules`', () => {
    expect(alertFiles).toEqual(expect.arrayContaining(['events.yml', 'mboa.yml']));
    for (const file of alertFiles) {
      const { status, output } = runPromtool(['check', 'rules', path.join(ALERTS_DIR, file)]);
      expect({ file, status, output }).toEqual({ file, status: 0, output: expect.stringContaining('SUCCESS') });
    }
  });

  test('they raise the alerts they promise on made-up series, and stay quiet otherwise (`promtool test rules`)', () => {
    expect(ruleTestFiles.length).toBeGreaterThan(0);
    for (const file of ruleTestFiles) {
      const { status, output } = runPromtool(['test', 'rules', path.join(RULE_TESTS_DIR, file)]);
      expect({ file, status, output }).toEqual({ file, status: 0, output: expect.stringContaining('SUCCESS') });
    }
  });

  test('the issue’s alerts are all there, each with a severity and a summary', () => {
    const alerts = rules.flatMap(({ parsed }) => parsed.groups.flatMap((g) => g.rules)).filter((r) => r.alert);
    expect(alerts.map((r) => r.alert)).toEqual(
      expect.arrayContaining(['ServerErrorShareHigh', 'SearchSlow', 'PropertyDetailsSlow', 'EventLagHigh', 'EventConsumerStuck', 'BackupTooOld', 'DiskFilling', 'DiskAlmostFull']),
    );
    for (const rule of alerts) {
      expect({ alert: rule.alert, severity: rule.labels?.severity, summary: Boolean(rule.annotations?.summary) }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(warning|critical)$/),
        summary: true,
      });
    }
  });
});

test('the Prometheus configuration passes `promtool check config` (its rule files included)', () => {
  const { status, output } = runPromtool(['check', 'config', path.join(PROMETHEUS_DIR, 'prometheus.yml')]);
  expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('is valid prometheus config file') });
  for (const file of alertFiles) expect(output).toContain(`alerts/${file}`);
});

describe('Grafana dashboards (infra/grafana/dashboards)', () => {
  const sources = parse(readFileSync(DATASOURCES_FILE, 'utf8')) as { datasources: { uid: string; type: string }[] };
  const prometheusUid = sources.datasources.find((d) => d.type === 'prometheus')?.uid;

  test('every dashboard parses, has a unique uid, and every panel queries the provisioned Prometheus', () => {
    expect(dashboards.length).toBeGreaterThan(0);
    expect(new Set(dashboards.map((d) => d.parsed.uid)).size).toBe(dashboards.length);
    for (const { file, parsed } of dashboards) {
      const panels = parsed.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
      expect({ file, panels: panels.length > 0 }).toEqual({ file, panels: true });
      for (const panel of panels) {
        expect({ file, panel: panel.title, uid: panel.datasource?.uid, queries: (panel.targets ?? []).length > 0 }).toEqual({
          file,
          panel: panel.title,
          uid: prometheusUid,
          queries: true,
        });
        for (const target of panel.targets ?? []) expect({ file, panel: panel.title, uid: target.datasource?.uid ?? prometheusUid }).toEqual({ file, panel: panel.title, uid: prometheusUid });
      }
    }
  });

  test('they draw what operators need: routes, search and details, NATS patterns, consumers, the media queue, memory and CPU', () => {
    const drawn = new Set(dashboards.flatMap(({ parsed }) => parsed.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => metricNames(t.expr)))));
    for (const name of [
      'mboa_http_request_duration_seconds_count',
      'mboa_http_request_duration_seconds_bucket',
      'mboa_nats_request_duration_seconds_bucket',
      'mboa_event_consumer_lag_seconds',
      'mboa_event_consumer_pending',
      'mboa_work_queue_waiting',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect({ name, drawn: drawn.has(name) }).toEqual({ name, drawn: true });
    }
    const queries = dashboards.flatMap(({ parsed }) => parsed.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))).join('\n');
    expect(queries).toContain('route="/api/properties/search"');
    expect(queries).toContain('route="/api/properties/:id"');
  });

  test('every route a dashboard or an alert names is one the gateway declares (a renamed route would leave them silent)', () => {
    const routes = gatewayRoutes();
    expect(routes.has('/api/properties/search')).toBe(true);
    const exprs = [
      ...dashboards.flatMap(({ parsed }) => parsed.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr))),
      ...rules.flatMap(({ parsed }) => parsed.groups.flatMap((g) => g.rules.map((r) => r.expr))),
    ];
    const named = [...new Set(exprs.flatMap((e) => [...e.matchAll(/\broute="([^"]+)"/g)].map((m) => m[1])))];
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter((route) => !routes.has(route))).toEqual([]);
  });
});

describe('every metric a dashboard or an alert names is exported', () => {
  test('the names are read from expressions as PromQL reads them (a misspelt name would be caught)', () => {
    expect(metricNames('sum by (le, route) (rate(mboa_http_requets_seconds_bucket{route=~"$route", status="5xx"}[$__rate_interval]))')).toEqual([
      'mboa_http_requets_seconds_bucket',
    ]);
    expect(metricNames('max by (consumer) (a_lag) > 900 unless on (consumer) sum by (consumer) (increase(b_count[15m])) > 0')).toEqual(['a_lag', 'b_count']);
    expect(metricNames('time() - max(c_seconds)')).toEqual(['c_seconds']);
    expect(metricNames('label_values(up{job="mboa"}, app)')).toEqual(['up']);
  });

  test('by the apps (their registries), the backup script, or a listed exporter', async () => {
    const backupText = await backupMetricsText();
    // The backup's file is valid exposition text for node exporter's textfile collector.
    const lint = runPromtool(['check', 'metrics'], backupText);
    expect(lint).toEqual({ status: 0, output: '' });
    const backup = [...backupText.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);
    // The registries the apps serve on METRICS_PORT: every process's own, and the gateway's
    // event-lag gauges read from JetStream (no connection needed to list them).
    const apps = [...(await exported(metrics)), ...(await exported(eventLagMetrics(() => undefined, 'EVENTS')))];
    const known = new Set([...apps, ...backup, ...Object.values(EXPORTER_METRICS).flat()]);

    const used: { where: string; name: string }[] = [];
    for (const { file, parsed } of rules) {
      for (const rule of parsed.groups.flatMap((g) => g.rules)) {
        for (const name of metricNames(rule.expr)) used.push({ where: `${file}: ${rule.alert ?? rule.record}`, name });
      }
    }
    for (const { file, parsed } of dashboards) {
      for (const panel of parsed.panels) for (const target of panel.targets ?? []) for (const name of metricNames(target.expr)) used.push({ where: `${file}: ${panel.title}`, name });
      for (const variable of parsed.templating.list) {
        const query = typeof variable.query === 'string' ? variable.query : variable.query.query;
        for (const name of metricNames(query)) used.push({ where: `${file}: $${variable.name}`, name });
      }
    }
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter(({ name }) => !known.has(name))).toEqual([]);
    // And the listed exporters' names are all in use: the list holds nothing to let slip through.
    expect(Object.values(EXPORTER_METRICS).flat().filter((name) => !used.some((u) => u.name === name))).toEqual([]);
  });
});
