/**
 * The embedded model's heads: sparse linear models over named features. A binary head gives P(true)
 * through a logistic function; the effect head gives a distribution through a softmax. Temperatures,
 * fitted on the dev split, calibrate both; a binary head also has a shift (a logit offset) fitted there.
 */

export interface BinaryHead {
  bias: number;
  weights: Map<string, number>;
  temperature: number;
  /** Added to the logit after the temperature (Platt scaling's second parameter), fitted on dev. Default 0. */
  shift?: number;
}

export interface ChoiceHead {
  classes: string[];
  bias: number[];
  weights: Map<string, number[]>;
  temperature: number;
}

export function binaryLogit(head: BinaryHead, features: ReadonlyMap<string, number>): number {
  let sum = head.bias;
  for (const [name, value] of features) {
    const weight = head.weights.get(name);
    if (weight !== undefined) sum += weight * value;
  }
  return sum;
}

export function sigmoid(value: number): number {
  return value >= 0 ? 1 / (1 + Math.exp(-value)) : Math.exp(value) / (1 + Math.exp(value));
}

export function binaryProbability(
  head: BinaryHead,
  features: ReadonlyMap<string, number>,
  temperature = head.temperature,
  shift = head.shift ?? 0,
): number {
  return sigmoid(binaryLogit(head, features) / temperature + shift);
}

export function choiceLogits(head: ChoiceHead, features: ReadonlyMap<string, number>): number[] {
  const sums = [...head.bias];
  for (const [name, value] of features) {
    const weights = head.weights.get(name);
    if (!weights) continue;
    for (let index = 0; index < sums.length; index++)
      sums[index] = (sums[index] as number) + (weights[index] as number) * value;
  }
  return sums;
}

export function softmax(logits: readonly number[], temperature = 1): number[] {
  const scaled = logits.map((value) => value / temperature);
  const top = Math.max(...scaled);
  const exps = scaled.map((value) => Math.exp(value - top));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

export function choiceProbabilities(
  head: ChoiceHead,
  features: ReadonlyMap<string, number>,
  temperature = head.temperature,
): number[] {
  return softmax(choiceLogits(head, features), temperature);
}
