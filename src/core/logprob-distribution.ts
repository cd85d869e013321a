/** One entry of an OpenAI-style `top_logprobs` list: a candidate first token and its natural log-probability. */
export interface TokenLogprob {
  token: string;
  logprob: number;
}

/**
 * How much of the first token's probability must fall on the allowed labels for the answer to count.
 * Below this the model mostly wanted to say something else, and renormalising would invent confidence.
 */
export const MIN_LABEL_COVERAGE = 0.5;

/**
 * Turns the log-probabilities of a completion's first token into a distribution over the allowed labels.
 * Tokens are matched to labels after trimming whitespace and ignoring case (`" A"`, `"a"` and `"A"` are
 * all label A) and their probabilities are summed. A label absent from the list gets 0: its true
 * probability is below the smallest one listed, and nothing larger is claimed for it. The result is
 * renormalised over the labels; it is refused when less than `minCoverage` of the mass was on them.
 */
export function labelDistribution(
  candidates: readonly TokenLogprob[],
  labels: readonly string[],
  minCoverage: number = MIN_LABEL_COVERAGE,
):
  | { ok: true; value: { probabilities: number[]; coverage: number } }
  | { ok: false; reason: "not_logprobs" | "off_options"; issues: string[] } {
  const issues: string[] = [];
  const keys = labels.map((label) => label.trim().toLowerCase());
  const mass = labels.map(() => 0);
  for (const candidate of candidates) {
    if (
      typeof candidate.logprob !== "number" ||
      Number.isNaN(candidate.logprob) ||
      candidate.logprob > 1e-6
    ) {
      issues.push(`log-probability of ${JSON.stringify(candidate.token)} is ${String(candidate.logprob)}`);
      continue;
    }
    const index = keys.indexOf(String(candidate.token).trim().toLowerCase());
    if (index !== -1) mass[index] = (mass[index] as number) + Math.exp(candidate.logprob);
  }
  if (issues.length > 0) return { ok: false, reason: "not_logprobs", issues };
  const coverage = mass.reduce((sum, value) => sum + value, 0);
  // Distinct tokens cannot hold more than all the probability; a list that does is not log-probabilities.
  if (coverage > 1 + 1e-3)
    return {
      ok: false,
      reason: "not_logprobs",
      issues: [`the options' log-probabilities add up to ${coverage.toFixed(4)}, above 1`],
    };
  if (!(coverage >= minCoverage))
    return {
      ok: false,
      reason: "off_options",
      issues: [
        `the first token put ${(coverage * 100).toFixed(1)}% of its probability on the options ${labels.join(", ")} (needs ${(minCoverage * 100).toFixed(0)}%)`,
      ],
    };
  return { ok: true, value: { probabilities: mass.map((value) => value / coverage), coverage } };
}
