/** Order statistics for benchmarks: nearest-rank percentiles over a copy of the samples. */
export function percentile(samples: readonly number[], rank: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export interface Summary {
  runs: number;
  median: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

export function summarise(samples: readonly number[]): Summary {
  return {
    runs: samples.length,
    median: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}
