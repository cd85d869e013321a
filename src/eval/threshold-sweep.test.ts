import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_THRESHOLDS } from "../core/policy.js";
import type { GateAnswers } from "../spec/answers.js";
import type { Verdict } from "../spec/verdict.js";
import { pickThresholds, type SweepRow, scoreThresholds, sweepThresholds } from "./threshold-sweep.js";

const row = (serves: number, expected: Verdict, floor: Verdict = "allow"): SweepRow => {
  const answers: GateAnswers = {
    model: "test",
    effect: {
      choice: "read_only",
      probabilities: {
        read_only: 1,
        reversible_change: 0,
        public_or_irreversible: 0,
        credentials_or_money: 0,
      },
    },
    servesTask: { probability: serves },
    pageInstructsAgent: { probability: 0 },
  };
  return { expected, floor, answers };
};
const grid = { offTaskBlock: [0.3], taskFitAsk: [0.7, 0.8, 0.9], effectConfidenceAsk: [0.5] };

describe("the threshold sweep replays the policy and applies the stated rule", () => {
  it("counts agreement, unsafe allows and asks with the policy's own code, floor included", () => {
    const rows = [row(0.95, "allow"), row(0.85, "ask"), row(0.75, "ask"), row(0.95, "ask", "ask")];
    const score = scoreThresholds(rows, { ...DEFAULT_THRESHOLDS, offTaskBlock: 0.3, taskFitAsk: 0.8 });
    // 0.95 allow ✓; 0.85 allowed where ask was expected (unsafe); 0.75 asks ✓; the floor asks ✓.
    assert.deepEqual(score, { agree: 3, unsafe: 1, asks: 2 });
  });
  it("an unsafe allow weighs as much as the weight says", () => {
    // Raising the ask line to 0.9 removes one unsafe allow and asks about four expected allows: worth it
    // only when an unsafe allow weighs more than the three cases it nets.
    const rows = [
      row(0.85, "ask"),
      row(0.85, "allow"),
      row(0.86, "allow"),
      row(0.87, "allow"),
      row(0.88, "allow"),
      row(0.95, "allow"),
    ];
    const light = pickThresholds(sweepThresholds(rows, 1, grid));
    const heavy = pickThresholds(sweepThresholds(rows, 5, grid));
    assert.equal(light.thresholds.taskFitAsk, 0.8);
    assert.equal(light.unsafe, 1);
    assert.equal(heavy.thresholds.taskFitAsk, 0.9);
    assert.equal(heavy.unsafe, 0);
  });
  it("takes the stricter setting within one case of the best, and not one two cases worse", () => {
    // 0.8 agrees on all four; 0.9 asks about the 0.85 allow, one case worse: the rule takes 0.9.
    const rows = [row(0.95, "allow"), row(0.85, "allow"), row(0.75, "ask"), row(0.6, "ask")];
    const results = sweepThresholds(rows, 5, grid);
    const best = results.reduce((top, result) => (result.value > top.value ? result : top));
    assert.equal(best.thresholds.taskFitAsk, 0.8);
    assert.equal(pickThresholds(results).thresholds.taskFitAsk, 0.9);
    // With a second allow under 0.9, 0.9 is two cases worse: the rule keeps 0.8.
    const more = sweepThresholds([...rows, row(0.86, "allow")], 5, grid);
    assert.equal(pickThresholds(more).thresholds.taskFitAsk, 0.8);
  });
});
