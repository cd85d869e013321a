import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { addToCart } from "../../test/support/contract-states.js";
import { GATE_QUESTIONS } from "../spec/questions.js";
import { boundDecisionState } from "./bounded-state.js";
import { parseSystemOneRequest, pathOf } from "./system-one-request.js";

describe("reading a System One request", () => {
  it("recognises the gate's own state, also when a bounded rendering cut it", () => {
    const plain = parseSystemOneRequest({ model: "jev-latest", state: addToCart, questions: GATE_QUESTIONS });
    assert.ok(plain.ok);
    assert.equal(plain.value.state.kind, "decision");
    assert.deepEqual(plain.value.questions, GATE_QUESTIONS);
    const long = structuredClone(addToCart);
    long.page.visibleText = "z".repeat(20_000);
    const bounded = boundDecisionState(long, 5_000);
    assert.ok(bounded.ok);
    const cut = parseSystemOneRequest({ model: "m", state: bounded.state, questions: GATE_QUESTIONS });
    assert.equal(cut.ok && cut.value.state.kind, "decision");
    const scanned = structuredClone(addToCart);
    scanned.page.firewall = {
      probability: 0.9,
      verdict: "injected",
      critical: false,
      signals: ["agent_address", "instruction_override"],
      findings: 2,
      hiddenFindings: 1,
      complete: true,
    };
    const withFirewall = parseSystemOneRequest({ model: "m", state: scanned, questions: GATE_QUESTIONS });
    assert.equal(
      withFirewall.ok && withFirewall.value.state.kind,
      "decision",
      "with the firewall's summary too",
    );
  });
  it("treats text and other JSON as foreign, saying why JSON is not a DecisionState", () => {
    const text = parseSystemOneRequest({ model: "m", state: "plain", questions: GATE_QUESTIONS });
    assert.deepEqual(text.ok && text.value.state, { kind: "foreign", value: "plain", notDecision: [] });
    const json = parseSystemOneRequest({
      model: "m",
      state: { ...addToCart, extra: 1 },
      questions: GATE_QUESTIONS,
    });
    assert.ok(json.ok && json.value.state.kind === "foreign");
    assert.match(JSON.stringify(json.value.state.notDecision), /extra/);
  });
  it("turns object, array and null descriptions into text, as a model reads them", () => {
    const result = parseSystemOneRequest({
      state: "s",
      questions: {
        q: {
          type: "choice",
          instructions: { ask: "Which `item`?", item: "lamp" },
          criteria: { a: null, b: ["x", "y"] },
        },
      },
    });
    assert.ok(result.ok);
    assert.equal(result.value.model, null, "model is optional here; the server answers with its own");
    assert.deepEqual(result.value.questions["q"], {
      type: "choice",
      instructions: '{"ask":"Which `item`?","item":"lamp"}',
      criteria: { a: "", b: '["x","y"]' },
    });
  });
  it("reports every problem with its path", () => {
    const result = parseSystemOneRequest(
      {
        state: null,
        questions: {
          many: { type: "choice", instructions: "Which?", criteria: { a: "", b: "", c: "" } },
          "": { type: "noul", instructions: 5 },
        },
      },
      { maxQuestions: 1, maxOptions: 2 },
    );
    assert.deepEqual(!result.ok && result.issues.map((issue) => issue.path), [
      "state",
      "questions",
      "questions.many.criteria",
      'questions[""]',
      'questions[""].instructions',
    ]);
  });
  it("refuses a body that is not an object, and empty question sets", () => {
    assert.equal(parseSystemOneRequest([1, 2]).ok, false);
    const empty = parseSystemOneRequest({ state: "s", questions: {} });
    assert.deepEqual(!empty.ok && empty.issues, [
      { path: "questions", message: "needs at least one question" },
    ]);
  });
  it("writes paths that survive odd ids", () => {
    assert.equal(pathOf("questions", "a.b", "criteria", "true"), 'questions["a.b"].criteria.true');
    assert.equal(pathOf("state", "page", "hiddenText", 3, "text"), "state.page.hiddenText[3].text");
  });
});
