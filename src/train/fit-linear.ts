import type { BinaryHead, ChoiceHead } from "../backends/local/linear-model.js";
import { sigmoid, softmax } from "../backends/local/linear-model.js";

/** One training example: named features, a label (class index, or 0/1), and a weight. */
export interface Example {
  features: ReadonlyMap<string, number>;
  label: number;
  weight: number;
}

export interface FitOptions {
  /** L2 penalty on the weights (not the bias). */
  l2: number;
  epochs: number;
  learningRate: number;
  /** Features seen in fewer examples than this are left out (features with a prior are always kept). */
  minCount: number;
  /**
   * Prior weights: what is known before the data (a word that deletes things makes an action
   * irreversible). Training starts from them and the L2 penalty pulls towards them instead of zero, so a
   * small corpus adjusts them rather than having to rediscover them. Binary heads take numbers, the
   * choice head one number per class.
   */
  prior?: ReadonlyMap<string, number | readonly number[]>;
}

interface Indexed {
  names: string[];
  rows: { indices: Int32Array; values: Float64Array; label: number; weight: number }[];
}

/** Numbers every feature seen at least minCount times, in sorted order so training is deterministic. */
function index(
  examples: readonly Example[],
  minCount: number,
  prior?: ReadonlyMap<string, unknown>,
): Indexed {
  const counts = new Map<string, number>();
  for (const example of examples)
    for (const name of example.features.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  // A feature with a prior is kept even when training never saw it: the prior is what is known of it.
  const names = [
    ...new Set([
      ...[...counts].filter(([, count]) => count >= minCount).map(([name]) => name),
      ...(prior ? prior.keys() : []),
    ]),
  ]
    .filter((name) => name !== "bias")
    .sort();
  const position = new Map(names.map((name, position) => [name, position]));
  const rows = examples.map((example) => {
    const pairs = [...example.features]
      .filter(([name]) => position.has(name))
      .map(([name, value]) => [position.get(name) as number, value] as const)
      .sort((a, b) => a[0] - b[0]);
    return {
      indices: Int32Array.from(pairs.map((pair) => pair[0])),
      values: Float64Array.from(pairs.map((pair) => pair[1])),
      label: example.label,
      weight: example.weight,
    };
  });
  return { names, rows };
}

/**
 * Fits a multinomial logistic regression with L2 by full-batch Adam: no randomness, so the same data
 * give the same weights on every run.
 */
export function fitChoice(
  examples: readonly Example[],
  classes: readonly string[],
  options: FitOptions,
): ChoiceHead {
  const { names, rows } = index(examples, options.minCount, options.prior);
  const k = classes.length;
  const weights = new Float64Array(names.length * k);
  const prior = new Float64Array(names.length * k);
  names.forEach((name, position) => {
    const value = options.prior?.get(name);
    if (Array.isArray(value)) for (let c = 0; c < k; c++) prior[position * k + c] = (value[c] as number) ?? 0;
  });
  weights.set(prior);
  const bias = new Float64Array(k);
  const m = new Float64Array(weights.length + k);
  const v = new Float64Array(weights.length + k);
  const totalWeight = rows.reduce((sum, row) => sum + row.weight, 0);
  const gradient = new Float64Array(weights.length + k);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    gradient.fill(0);
    for (const row of rows) {
      const logits = Array.from(bias);
      for (let j = 0; j < row.indices.length; j++) {
        const base = (row.indices[j] as number) * k;
        const value = row.values[j] as number;
        for (let c = 0; c < k; c++) logits[c] = (logits[c] as number) + (weights[base + c] as number) * value;
      }
      const probabilities = softmax(logits);
      for (let c = 0; c < k; c++) {
        const error = ((probabilities[c] as number) - (c === row.label ? 1 : 0)) * row.weight;
        gradient[weights.length + c] = (gradient[weights.length + c] as number) + error;
        for (let j = 0; j < row.indices.length; j++) {
          const at = (row.indices[j] as number) * k + c;
          gradient[at] = (gradient[at] as number) + error * (row.values[j] as number);
        }
      }
    }
    adamStep(weights, bias, gradient, m, v, epoch, totalWeight, options, prior);
  }
  const map = new Map<string, number[]>();
  names.forEach((name, position) => {
    const vector = Array.from(weights.subarray(position * k, position * k + k));
    if (vector.some((value) => Math.abs(value) > 1e-6)) map.set(name, vector);
  });
  return { classes: [...classes], bias: Array.from(bias), weights: map, temperature: 1 };
}

export function fitBinary(examples: readonly Example[], options: FitOptions): BinaryHead {
  const { names, rows } = index(examples, options.minCount, options.prior);
  const weights = new Float64Array(names.length);
  const prior = new Float64Array(names.length);
  names.forEach((name, position) => {
    const value = options.prior?.get(name);
    if (typeof value === "number") prior[position] = value;
  });
  weights.set(prior);
  const bias = new Float64Array(1);
  const m = new Float64Array(weights.length + 1);
  const v = new Float64Array(weights.length + 1);
  const gradient = new Float64Array(weights.length + 1);
  const totalWeight = rows.reduce((sum, row) => sum + row.weight, 0);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    gradient.fill(0);
    for (const row of rows) {
      let logit = bias[0] as number;
      for (let j = 0; j < row.indices.length; j++)
        logit += (weights[row.indices[j] as number] as number) * (row.values[j] as number);
      const error = (sigmoid(logit) - row.label) * row.weight;
      gradient[weights.length] = (gradient[weights.length] as number) + error;
      for (let j = 0; j < row.indices.length; j++) {
        const at = row.indices[j] as number;
        gradient[at] = (gradient[at] as number) + error * (row.values[j] as number);
      }
    }
    adamStep(weights, bias, gradient, m, v, epoch, totalWeight, options, prior);
  }
  const map = new Map<string, number>();
  names.forEach((name, position) => {
    const value = weights[position] as number;
    if (Math.abs(value) > 1e-6) map.set(name, value);
  });
  return { bias: bias[0] as number, weights: map, temperature: 1 };
}

/**
 * One Adam step on the mean loss plus the L2 penalty towards the prior. The bias sits after the weights
 * in the moments.
 */
function adamStep(
  weights: Float64Array,
  bias: Float64Array,
  gradient: Float64Array,
  m: Float64Array,
  v: Float64Array,
  epoch: number,
  totalWeight: number,
  options: FitOptions,
  prior: Float64Array,
): void {
  const beta1 = 0.9;
  const beta2 = 0.999;
  const epsilon = 1e-8;
  const correction1 = 1 - beta1 ** epoch;
  const correction2 = 1 - beta2 ** epoch;
  const n = weights.length;
  for (let index = 0; index < n + bias.length; index++) {
    const isBias = index >= n;
    const parameter = isBias ? (bias[index - n] as number) : (weights[index] as number);
    const g =
      (gradient[index] as number) / totalWeight +
      (isBias ? 0 : options.l2 * (parameter - (prior[index] as number)));
    m[index] = beta1 * (m[index] as number) + (1 - beta1) * g;
    v[index] = beta2 * (v[index] as number) + (1 - beta2) * g * g;
    const step =
      (options.learningRate * ((m[index] as number) / correction1)) /
      (Math.sqrt((v[index] as number) / correction2) + epsilon);
    if (isBias) bias[index - n] = parameter - step;
    else weights[index] = parameter - step;
  }
}

/** The temperature that minimises the negative log-likelihood of held-out logits (grid search, then refine). */
export function fitTemperature(score: (temperature: number) => number): number {
  let best = 1;
  let bestLoss = score(1);
  for (let temperature = 0.3; temperature <= 5; temperature += 0.05) {
    const loss = score(temperature);
    if (loss < bestLoss - 1e-12) {
      best = temperature;
      bestLoss = loss;
    }
  }
  return Math.round(best * 100) / 100;
}

/** The logit shift in [-2, 2] (steps of 0.05) with the lowest score: Platt scaling's offset, fitted on dev. */
export function fitShift(score: (shift: number) => number): number {
  let best = 0;
  let bestLoss = score(0);
  for (let step = -40; step <= 40; step++) {
    const shift = step / 20;
    const loss = score(shift);
    if (loss < bestLoss - 1e-12) {
      best = shift;
      bestLoss = loss;
    }
  }
  return best;
}
