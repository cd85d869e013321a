/**
 * How well probabilities match outcomes. Binning: 10 equal-width bins over [0, 1]; bin i holds
 * predictions p with i/10 ≤ p < (i+1)/10, and the last bin also holds p = 1.
 */

/** The number of equal-width bins used for reliability and expected calibration error. */
export const CALIBRATION_BINS = 10;

/** One prediction: the predicted probability of an event and whether it happened. */
export interface Prediction {
  probability: number;
  outcome: boolean;
}

/** One bin of a reliability diagram. Empty bins have null means. */
export interface ReliabilityBin {
  lower: number;
  upper: number;
  count: number;
  /** Mean predicted probability in the bin. */
  meanPredicted: number | null;
  /** Fraction of predictions in the bin whose event happened. */
  observed: number | null;
}

function binIndex(probability: number, bins: number): number {
  const clamped = Math.min(1, Math.max(0, probability));
  return Math.min(bins - 1, Math.floor(clamped * bins));
}

/** The reliability diagram of a set of predictions, in `bins` equal-width bins (default 10). */
export function reliabilityBins(
  predictions: readonly Prediction[],
  bins = CALIBRATION_BINS,
): ReliabilityBin[] {
  const sums = Array.from({ length: bins }, () => ({ count: 0, predicted: 0, happened: 0 }));
  for (const prediction of predictions) {
    const bin = sums[binIndex(prediction.probability, bins)]!;
    bin.count++;
    bin.predicted += prediction.probability;
    if (prediction.outcome) bin.happened++;
  }
  return sums.map((sum, index) => ({
    lower: index / bins,
    upper: (index + 1) / bins,
    count: sum.count,
    meanPredicted: sum.count === 0 ? null : sum.predicted / sum.count,
    observed: sum.count === 0 ? null : sum.happened / sum.count,
  }));
}

/**
 * Expected calibration error: the mean, weighted by bin size, of |mean predicted − observed frequency|
 * over the bins. Null when there are no predictions.
 */
export function expectedCalibrationError(
  predictions: readonly Prediction[],
  bins = CALIBRATION_BINS,
): number | null {
  if (predictions.length === 0) return null;
  let total = 0;
  for (const bin of reliabilityBins(predictions, bins)) {
    if (bin.count === 0) continue;
    total += (bin.count / predictions.length) * Math.abs((bin.meanPredicted ?? 0) - (bin.observed ?? 0));
  }
  return total;
}

/** Brier score of yes/no predictions: the mean of (p − y)², in [0, 1]. Null when there are none. */
export function binaryBrierScore(predictions: readonly Prediction[]): number | null {
  if (predictions.length === 0) return null;
  let total = 0;
  for (const { probability, outcome } of predictions) total += (probability - (outcome ? 1 : 0)) ** 2;
  return total / predictions.length;
}

/**
 * Brier score of a choice among several classes: the mean over cases of Σ_k (p_k − y_k)², where y is
 * one for the true class and zero otherwise, in [0, 2]. Null when there are none.
 */
export function multiclassBrierScore(
  predictions: readonly { probabilities: Readonly<Record<string, number>>; actual: string }[],
): number | null {
  if (predictions.length === 0) return null;
  let total = 0;
  for (const { probabilities, actual } of predictions) {
    const classes = new Set([...Object.keys(probabilities), actual]);
    for (const name of classes) total += ((probabilities[name] ?? 0) - (name === actual ? 1 : 0)) ** 2;
  }
  return total / predictions.length;
}
