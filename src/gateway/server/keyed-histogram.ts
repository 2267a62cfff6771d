import { Histogram, type HistogramConfiguration, type LabelValues } from "prom-client";

/** One label set's counts: observations per bucket (not cumulative), their sum and count. */
interface Series<T extends string> {
  readonly labels: LabelValues<T>;
  readonly buckets: number[];
  sum: number;
  count: number;
}

/**
 * A prom-client histogram that keeps its counts in plain arrays, one per label set, found by a
 * string key: prom-client's own `observe` validates and hashes the labels on every call (one
 * request, one observation). `observeKeyed` takes a key the caller builds (the label values in
 * `labelNames` order, joined by `"\0"`) and builds the labels only for a new label set. The
 * exposition at scrape time is the one prom-client's `Histogram` gives for the same observations
 * (same series order, buckets, sums and counts). `observe` and `startTimer` land in the same
 * arrays; `labels(...)` and `zero(...)` still write prom-client's own state, output before.
 * No exemplars.
 */
export class KeyedHistogram<T extends string> extends Histogram<T> {
  private readonly bounds: readonly number[];
  private readonly names: readonly T[];
  private readonly metricName: string;
  private readonly series = new Map<string, Series<T>>();

  constructor(config: HistogramConfiguration<T> & { labelNames: readonly T[] }) {
    if (config.enableExemplars) throw new Error("KeyedHistogram does not keep exemplars");
    super(config);
    this.names = config.labelNames;
    this.metricName = config.name;
    this.bounds = [
      ...(config.buckets ?? [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]),
    ];
    const observe = (labelsOrValue: LabelValues<T> | number, value?: number): void => {
      const labels: LabelValues<T> = typeof labelsOrValue === "number" ? {} : labelsOrValue;
      for (const name of Object.keys(labels)) {
        if (!(this.names as readonly string[]).includes(name)) {
          throw new Error(`Added label "${name}" is not included in initial labelset`);
        }
      }
      const key = this.names.map((name) => String(labels[name] ?? "")).join("\0");
      this.observeKeyed(
        key,
        () => labels,
        typeof labelsOrValue === "number" ? labelsOrValue : value,
      );
    };
    this.observe = observe as Histogram<T>["observe"];
  }

  /** Observe `value` for the label set `key` names; `labels` is called for a new label set only. */
  observeKeyed(key: string, labels: () => LabelValues<T>, value: number | undefined): void {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new TypeError(`Value is not a valid number: ${String(value)}`);
    }
    let series = this.series.get(key);
    if (series === undefined) {
      series = { labels: labels(), buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    series.sum += value;
    series.count += 1;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] as number)) {
        series.buckets[i] = (series.buckets[i] as number) + 1;
        break;
      }
    }
  }

  override reset(): void {
    super.reset();
    // prom-client's constructor calls reset() before this class's fields are set.
    this.series?.clear();
  }

  /**
   * What the registry reads for the text exposition (and `get()` for the JSON one): prom-client's
   * own series, then the keyed ones in the shape prom-client gives before `get()` merges the
   * series labels into each value.
   */
  async getForPromString(): Promise<PromStringData> {
    const data = await histogramGetForPromString.call(this);
    return { ...data, values: [...data.values, ...this.exported()] };
  }

  private exported(): PromStringValue[] {
    const values: PromStringValue[] = [];
    const bucket = `${this.metricName}_bucket`;
    for (const series of this.series.values()) {
      const shared = series.labels;
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        cumulative += series.buckets[i] as number;
        values.push(value(bucket, cumulative, { le: this.bounds[i] as number }, shared, null));
      }
      values.push(
        value(bucket, series.count, { le: "+Inf" }, shared, null),
        value(`${this.metricName}_sum`, series.sum, {}, shared, undefined),
        value(`${this.metricName}_count`, series.count, {}, shared, undefined),
      );
    }
    return values;
  }
}

/** A value as prom-client's `Histogram` hands it to the registry: `labels` without the series'. */
interface PromStringValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string | number | undefined>;
  value: number;
  metricName: string;
  exemplar: null | undefined;
}

interface PromStringData {
  name: string;
  help: string;
  type: string;
  values: PromStringValue[];
  aggregator: string;
}

/** prom-client's `Histogram.prototype.getForPromString` (in its JS, not in its typings). */
const histogramGetForPromString = (
  Histogram.prototype as unknown as {
    getForPromString(this: Histogram<string>): Promise<PromStringData>;
  }
).getForPromString;

function value(
  metricName: string,
  value: number,
  labels: Record<string, string | number>,
  sharedLabels: Record<string, string | number | undefined>,
  exemplar: null | undefined,
): PromStringValue {
  return { labels, sharedLabels, value, metricName, exemplar };
}
