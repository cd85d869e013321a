import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GATE_QUESTIONS } from "../spec/questions.js";
import { matchGateQuestions } from "./gate-question-match.js";

describe("recognising the gate's questions", () => {
  it("matches by content under any id, whatever the order of the options", () => {
    const reordered = Object.fromEntries(Object.entries(GATE_QUESTIONS.effect.criteria).reverse());
    const result = matchGateQuestions({
      a: { ...GATE_QUESTIONS.effect, criteria: reordered },
      b: GATE_QUESTIONS.pageInstructsAgent,
    });
    assert.deepEqual(result, { ok: true, value: { a: "effect", b: "pageInstructsAgent" } });
  });
  it("does not match a question whose wording differs in the least", () => {
    const result = matchGateQuestions({
      effect: { ...GATE_QUESTIONS.effect, instructions: `${GATE_QUESTIONS.effect.instructions} ` },
      servesTask: { type: "noul", instructions: GATE_QUESTIONS.servesTask.instructions },
    });
    assert.deepEqual(!result.ok && result.issues.map((issue) => issue.path), [
      "questions.effect",
      "questions.servesTask",
    ]);
  });
});
