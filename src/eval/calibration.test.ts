import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  binaryBrierScore,
  expectedCalibrationError,
  multiclassBrierScore,
  type Prediction,
  reliabilityBins,
} from "./calibration.js";

// Two predictions in the first bin, four in the last (1.0 belongs to the last bin).
const predictions: Prediction[] = [
  { probability: 0.05, outcome: false },
  { probability: 0.05, outcome: true },
  { probability: 0.9, outcome: true },
  { probability: 1, outcome: true },
  { probability: 0.95, outcome: false },
  { probability: 0.95, outcome: true },
];

describe("calibration on a small hand-computed input", () => {
  it("bins predictions in ten equal-width bins, the last one closed", () => {
    const bins = reliabilityBins(predictions);
    assert.equal(bins.length, 10);
    assert.equal(bins[0]?.count, 2);
    assert.equal(bins[0]?.observed, 0.5);
    assert.ok(Math.abs((bins[0]?.meanPredicted ?? 0) - 0.05) < 1e-12);
    assert.equal(bins[9]?.count, 4);
    assert.ok(Math.abs((bins[9]?.meanPredicted ?? 0) - 0.95) < 1e-12);
    assert.equal(bins[9]?.observed, 0.75);
    assert.equal(bins[5]?.count, 0);
    assert.equal(bins[5]?.observed, null);
    assert.equal(reliabilityBins([{ probability: 0.1, outcome: true }])[1]?.count, 1);
  });

  it("expected calibration error: (2/6)·|0.05 − 0.5| + (4/6)·|0.95 − 0.75| = 0.28333", () => {
    assert.ok(Math.abs((expectedCalibrationError(predictions) ?? 0) - (0.15 + 0.8 / 6)) < 1e-12);
    const third = [true, false, true].map((outcome) => ({ probability: 0.7, outcome }));
    assert.ok(Math.abs((expectedCalibrationError(third) ?? 0) - Math.abs(0.7 - 2 / 3)) < 1e-12);
    assert.equal(expectedCalibrationError([]), null);
  });

  it("a perfectly calibrated set has zero error", () => {
    const calibrated = [true, true, true, false].map((outcome) => ({ probability: 0.75, outcome }));
    assert.ok(Math.abs(expectedCalibrationError(calibrated) ?? 1) < 1e-12);
  });

  it("binary Brier score: mean of (p − y)² = 1.82 / 6", () => {
    assert.ok(Math.abs((binaryBrierScore(predictions) ?? 0) - 1.82 / 6) < 1e-12);
    assert.equal(binaryBrierScore([]), null);
  });

  it("multi-class Brier score: Σ (p_k − y_k)² averaged over cases", () => {
    const score = multiclassBrierScore([
      { probabilities: { a: 0.7, b: 0.2, c: 0.1 }, actual: "a" }, // 0.09 + 0.04 + 0.01 = 0.14
      { probabilities: { a: 0.5, b: 0.5, c: 0 }, actual: "c" }, // 0.25 + 0.25 + 1 = 1.5
    ]);
    assert.ok(Math.abs((score ?? 0) - 0.82) < 1e-12);
    assert.equal(multiclassBrierScore([{ probabilities: { a: 1 }, actual: "a" }]), 0);
  });
});
