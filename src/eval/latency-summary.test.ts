import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { latencyHistogram, latencySummary, percentile } from "./latency-summary.js";

describe("latency percentiles by nearest rank", () => {
  it("takes the value at rank ⌈p/100 · n⌉ of the sorted values", () => {
    const values = [50, 15, 40, 20, 35];
    assert.equal(percentile(values, 30), 20);
    assert.equal(percentile(values, 40), 20);
    assert.equal(percentile(values, 50), 35);
    assert.equal(percentile(values, 100), 50);
  });

  it("gives p50, p95 and p99 of one to ten, whatever the order", () => {
    const values = [7, 3, 10, 1, 9, 2, 8, 4, 6, 5];
    const summary = latencySummary(values);
    assert.equal(summary.count, 10);
    assert.equal(summary.p50, 5);
    assert.equal(summary.p95, 10);
    assert.equal(summary.p99, 10);
    assert.equal(summary.max, 10);
    assert.equal(summary.mean, 5.5);
    assert.equal(latencySummary(Array.from({ length: 100 }, (_, index) => index + 1)).p95, 95);
  });

  it("has no percentiles without measurements, and one value is every percentile", () => {
    assert.deepEqual(latencySummary([]), {
      count: 0,
      p50: null,
      p95: null,
      p99: null,
      max: null,
      mean: null,
    });
    assert.equal(percentile([4.2], 99), 4.2);
  });

  it("puts each value in the log-scale bin whose edges hold it", () => {
    const values = [0.5, 5, 50, 0.001];
    const histogram = latencyHistogram(values);
    assert.equal(histogram.counts.length, histogram.edgesMs.length - 1);
    assert.equal(
      histogram.counts.reduce((sum, value) => sum + value, 0),
      values.length,
    );
    for (const value of [0.5, 5, 50]) {
      const bin = histogram.edgesMs.findIndex(
        (edge, index) => value >= edge && value < histogram.edgesMs[index + 1]!,
      );
      assert.ok(bin >= 0 && (histogram.counts[bin] ?? 0) >= 1, `bin for ${value}`);
    }
    assert.ok(histogram.counts[0]! >= 1, "values below the first edge fall in the first bin");
    assert.ok(histogram.edgesMs.at(-1)! > 50);
  });
});
