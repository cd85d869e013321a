import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GATE_QUESTIONS } from "../spec/questions.js";
import { normaliseAnswers } from "./answer-normalisation.js";

function response(effect: unknown, servesTask: unknown = { noul: 0.9 }, injection: unknown = { noul: 0.1 }) {
  return { model: "jev-1.13.0", answers: { effect, servesTask, pageInstructsAgent: injection } };
}
const good = {
  type: "choice",
  choice: "read_only",
  probabilities: {
    read_only: 0.7,
    reversible_change: 0.2,
    public_or_irreversible: 0.05,
    credentials_or_money: 0.05,
  },
  confidence: 0.6,
};

function issues(value: unknown): string[] {
  const result = normaliseAnswers(value, GATE_QUESTIONS);
  assert.equal(result.ok, false, "expected the answer to be invalid");
  return result.ok ? [] : result.issues;
}

describe("answer normalisation at the edge", () => {
  it("accepts a valid answer and keeps the model id", () => {
    const result = normaliseAnswers(response(good), GATE_QUESTIONS);
    assert.ok(result.ok);
    assert.equal(result.value.model, "jev-1.13.0");
    assert.equal(result.value.effect.choice, "read_only");
    assert.equal(result.value.servesTask.probability, 0.9);
  });
  it("accepts rounded sums of 0.99 and 1.01 and renormalises them to 1", () => {
    for (const top of [0.69, 0.71]) {
      const effect = { ...good, probabilities: { ...good.probabilities, read_only: top } };
      const result = normaliseAnswers(response(effect), GATE_QUESTIONS);
      assert.ok(result.ok, `sum ${top + 0.3}`);
      const sum = Object.values(result.value.effect.probabilities).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-9);
    }
  });
  it("rejects a distribution that sums to 0.7", () => {
    const effect = { ...good, probabilities: { ...good.probabilities, read_only: 0.4 } };
    assert.match(issues(response(effect)).join(), /sum to 0\.7/);
  });
  it("rejects NaN, infinite, negative and above-one probabilities", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -0.1, 1.2]) {
      assert.ok(
        issues(response({ ...good, probabilities: { ...good.probabilities, credentials_or_money: bad } }))
          .length > 0,
      );
      assert.ok(issues(response(good, { noul: bad })).length > 0);
    }
  });
  it("rejects an unknown option, a missing option and a choice that is not the most probable", () => {
    assert.match(
      issues(response({ ...good, probabilities: { ...good.probabilities, destroy: 0 } })).join(),
      /unknown option/,
    );
    const { credentials_or_money: _dropped, ...three } = good.probabilities;
    assert.match(
      issues(response({ ...good, probabilities: { ...three, read_only: 0.75 } })).join(),
      /missing/,
    );
    assert.match(issues(response({ ...good, choice: "reversible_change" })).join(), /not the most probable/);
    assert.match(issues(response({ ...good, choice: "launch_missiles" })).join(), /not an option/);
  });
  it("rejects a missing question, a missing model id and answers of the wrong type", () => {
    assert.match(
      issues({ model: "m", answers: { effect: good, servesTask: { noul: 0.5 } } }).join(),
      /pageInstructsAgent: missing/,
    );
    assert.match(issues({ answers: response(good).answers }).join(), /model/);
    assert.ok(issues(response(good, { type: "choice", noul: 0.5 })).length > 0);
    assert.ok(issues(response({ noul: 0.5 })).length > 0);
    assert.ok(issues(null).length > 0);
    assert.ok(issues("yes").length > 0);
  });
});
