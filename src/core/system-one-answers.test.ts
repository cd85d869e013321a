import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GATE_QUESTIONS } from "../spec/questions.js";
import { choiceConfidence, wireAnswers } from "./system-one-answers.js";

describe("answers in the System One wire shape", () => {
  it("renormalises a rounded choice, adds System One's confidence, and writes it under the client's id", () => {
    const result = wireAnswers(
      {
        model: "m",
        answers: {
          effect: {
            choice: "read_only",
            probabilities: {
              read_only: 0.7,
              reversible_change: 0.1,
              public_or_irreversible: 0.1,
              credentials_or_money: 0.09,
            },
          },
          servesTask: { noul: 0.8 },
        },
      },
      [
        { id: "risk", question: GATE_QUESTIONS.effect, answeredAs: "effect" },
        { id: "fit", question: GATE_QUESTIONS.servesTask, answeredAs: "servesTask" },
      ],
    );
    assert.ok(result.ok);
    const risk = result.value.answers["risk"];
    assert.equal(risk?.type, "choice");
    if (risk?.type !== "choice") return;
    assert.ok(Math.abs(Object.values(risk.probabilities).reduce((sum, value) => sum + value, 0) - 1) < 1e-12);
    assert.ok(Math.abs((risk.confidence as number) - (0.7 / 0.99 - 0.25) / 0.75) < 1e-12);
    assert.deepEqual(result.value.answers["fit"], { type: "noul", noul: 0.8 });
  });
  it("refuses an answer that is missing or fails validation, naming it", () => {
    const result = wireAnswers({ model: "m", answers: { servesTask: { noul: 1.5 } } }, [
      { id: "effect", question: GATE_QUESTIONS.effect, answeredAs: "effect" },
      { id: "servesTask", question: GATE_QUESTIONS.servesTask, answeredAs: "servesTask" },
    ]);
    assert.deepEqual(!result.ok && result.issues, ["effect: missing", "servesTask: noul is 1.5"]);
  });
  it("gives confidence 0 to a uniform distribution and 1 to a certain one", () => {
    assert.equal(choiceConfidence({ a: 0.25, b: 0.25, c: 0.25, d: 0.25 }), 0);
    assert.equal(choiceConfidence({ a: 1, b: 0 }), 1);
  });
});
