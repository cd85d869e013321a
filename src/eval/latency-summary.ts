/**
 * Latency percentiles by the nearest-rank method: the p-th percentile of n sorted values is the value
 * at rank ⌈p/100 · n⌉ (1-based), so it is always one of the measured values.
 */

export interface LatencySummary {
  /** How many measurements. */
  count: number;
  /** Milliseconds; null when there are no measurements. */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}

/** The nearest-rank percentile of `values` (any order); null for an empty list. `p` in (0, 100]. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function latencySummary(values: readonly number[]): LatencySummary {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length === 0 ? null : Math.max(...values),
    mean: values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length,
  };
}

export interface LatencyHistogram {
  /** Bin edges in milliseconds, on a log scale; bin i counts values in [edges[i], edges[i+1]). */
  edgesMs: number[];
  counts: number[];
}

/**
 * A histogram on a log scale (five bins per decade) from 0.01 ms up to the largest value, so a
 * sub-millisecond keyword backend and a second-long hosted model both read well. Values below the first
 * edge fall in the first bin.
 */
export function latencyHistogram(values: readonly number[]): LatencyHistogram {
  const binsPerDecade = 5;
  const lowest = 0.01;
  const largest = values.length === 0 ? 1 : Math.max(...values, lowest * 10);
  const edgesMs: number[] = [];
  for (let step = 0; ; step++) {
    const edge = lowest * 10 ** (step / binsPerDecade);
    edgesMs.push(Number(edge.toPrecision(3)));
    if (edge > largest) break;
  }
  const counts = new Array<number>(edgesMs.length - 1).fill(0);
  for (const value of values) {
    let bin = 0;
    while (bin < counts.length - 1 && value >= edgesMs[bin + 1]!) bin++;
    counts[bin]!++;
  }
  return { edgesMs, counts };
}
