import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { labelDistribution } from "./logprob-distribution.js";

const ln = Math.log;

describe("probabilities from first-token log-probabilities", () => {
  it("sums token variants of a label and renormalises over the labels", () => {
    const result = labelDistribution(
      [
        { token: "A", logprob: ln(0.5) },
        { token: " a", logprob: ln(0.1) },
        { token: "B", logprob: ln(0.3) },
        { token: "The", logprob: ln(0.1) },
      ],
      ["A", "B"],
    );
    assert.ok(result.ok);
    assert.ok(Math.abs((result.value.probabilities[0] as number) - 0.6 / 0.9) < 1e-12);
    assert.ok(Math.abs(result.value.coverage - 0.9) < 1e-12);
  });
  it("gives 0 to a label the server did not list, never a made-up share", () => {
    const result = labelDistribution([{ token: "yes", logprob: ln(0.98) }], ["yes", "no"]);
    assert.ok(result.ok);
    assert.deepEqual(result.value.probabilities, [1, 0]);
  });
  it("refuses when most of the probability is on tokens that are no label", () => {
    const result = labelDistribution(
      [
        { token: "Sure", logprob: ln(0.7) },
        { token: "A", logprob: ln(0.2) },
      ],
      ["A", "B"],
    );
    assert.equal(!result.ok && result.reason, "off_options");
  });
  it("refuses values that are not log-probabilities", () => {
    for (const candidates of [
      [{ token: "A", logprob: Number.NaN }],
      [{ token: "A", logprob: 0.5 }],
      [
        { token: "A", logprob: ln(0.8) },
        { token: "A ", logprob: ln(0.8) },
      ],
    ]) {
      const result = labelDistribution(candidates, ["A", "B"]);
      assert.equal(!result.ok && result.reason, "not_logprobs", JSON.stringify(candidates));
    }
  });
});
