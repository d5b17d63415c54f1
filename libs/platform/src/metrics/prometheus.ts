import client from 'prom-client';

/**
 * prom-client, with two habits of ours: a registry answers `render()` (the exposition text), and
 * a histogram writes its labels in alphabetical order whatever order a caller passes them in, so
 * a series reads the same on every scrape and in every app.
 */
export class Registry extends client.Registry {
  render(): Promise<string> {
    return this.metrics();
  }
}

export class Histogram<T extends string = string> extends client.Histogram<T> {
  constructor(configuration: client.HistogramConfiguration<T>) {
    super(configuration);
    // prom-client picks its observe function per instance, in its constructor: wrap that one.
    const observe: client.Histogram<T>['observe'] = this.observe.bind(this);
    this.observe = ((...args: [client.LabelValues<T>, number] | [number]) => {
      if (args.length === 2) observe(alphabetical(args[0]), args[1]);
      else observe(args[0]);
    }) as client.Histogram<T>['observe'];
  }
}

export const Gauge = client.Gauge;
export type Gauge<T extends string = string> = client.Gauge<T>;
/** Callers pass labels in alphabetical order (a counter is not wrapped like a histogram). */
export const Counter = client.Counter;
export type Counter<T extends string = string> = client.Counter<T>;

function alphabetical<L extends object>(labels: L): L {
  return Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as L;
}
