/**
 * A small Prometheus client: counters, gauges and histograms with labels, written in the text
 * exposition format (0.0.4). Enough for our /metrics; no dependency to keep up to date.
 */
type Labels = Record<string, string | number>;

export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Metric {
  readonly name: string;
  render(): Promise<string> | string;
}

function labelKey(labels: Labels): string {
  return JSON.stringify(Object.keys(labels).sort().map((k) => [k, String(labels[k])]));
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function formatLabels(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((k) => `${k}="${escapeLabel(String(labels[k]))}"`);
  if (extra) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}\n# TYPE ${name} ${type}\n`;
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    private readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelKey(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }

  render(): string {
    let out = header(this.name, this.help, 'counter');
    for (const { labels, value } of this.values.values()) out += `${this.name}${formatLabels(labels)} ${formatValue(value)}\n`;
    return out;
  }
}

export class Gauge implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    private readonly help: string,
    /** Called at each scrape to set the current values (e.g. from the process or a server). */
    private readonly collect?: (gauge: Gauge) => void | Promise<void>,
  ) {}

  set(labels: Labels, value: number): void {
    this.values.set(labelKey(labels), { labels, value });
  }

  reset(): void {
    this.values.clear();
  }

  async render(): Promise<string> {
    if (this.collect) await this.collect(this);
    let out = header(this.name, this.help, 'gauge');
    for (const { labels, value } of this.values.values()) out += `${this.name}${formatLabels(labels)} ${formatValue(value)}\n`;
    return out;
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly buckets: number[] = DEFAULT_BUCKETS,
  ) {}

  observe(labels: Labels, value: number): void {
    const key = labelKey(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) s.counts[i]!++;
    s.sum += value;
    s.count++;
  }

  /** Starts a timer; the returned function observes the seconds elapsed with the labels given then. */
  startTimer(): (labels: Labels) => number {
    const start = process.hrtime.bigint();
    return (labels) => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      this.observe(labels, seconds);
      return seconds;
    };
  }

  render(): string {
    let out = header(this.name, this.help, 'histogram');
    for (const s of this.series.values()) {
      this.buckets.forEach((le, i) => {
        out += `${this.name}_bucket${formatLabels(s.labels, ['le', formatValue(le)])} ${s.counts[i]}\n`;
      });
      out += `${this.name}_bucket${formatLabels(s.labels, ['le', '+Inf'])} ${s.count}\n`;
      out += `${this.name}_sum${formatLabels(s.labels)} ${formatValue(s.sum)}\n`;
      out += `${this.name}_count${formatLabels(s.labels)} ${s.count}\n`;
    }
    return out;
  }
}

export class Registry {
  private readonly metrics = new Map<string, Metric>();

  /** Registers a metric once; asking again for the same name returns the first one. */
  register<M extends Metric>(metric: M): M {
    const existing = this.metrics.get(metric.name);
    if (existing) return existing as M;
    this.metrics.set(metric.name, metric);
    return metric;
  }

  counter(name: string, help: string): Counter {
    return this.register(new Counter(name, help));
  }

  gauge(name: string, help: string, collect?: (gauge: Gauge) => void | Promise<void>): Gauge {
    return this.register(new Gauge(name, help, collect));
  }

  histogram(name: string, help: string, buckets?: number[]): Histogram {
    return this.register(new Histogram(name, help, buckets));
  }

  remove(name: string): void {
    this.metrics.delete(name);
  }

  async render(): Promise<string> {
    const parts = await Promise.all([...this.metrics.values()].map(async (m) => {
      try {
        return await m.render();
      } catch {
        return ''; // one failing collector must not blank the whole scrape
      }
    }));
    return parts.join('');
  }
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
