import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { addToCart } from "../../test/support/contract-states.js";
import type { DecisionState } from "../spec/decision-state.js";
import { decisionStateSchema } from "../spec/decision-state-schema.js";
import { boundDecisionState, boundForeignState } from "./bounded-state.js";

function pageWith(visibleCharacters: number, hiddenPieces: number, taskCharacters = 30): DecisionState {
  const state = structuredClone(addToCart);
  state.task = "t".repeat(taskCharacters);
  state.page.visibleText = "v".repeat(visibleCharacters);
  state.page.hiddenText = Array.from({ length: hiddenPieces }, (_, index) => ({
    text: `hidden ${index} `.repeat(20),
    provenance: "text" as const,
    hiddenBy: ["display-none" as const],
  }));
  state.page.hiddenTextCount = hiddenPieces;
  return state;
}

describe("bounding a DecisionState", () => {
  it("sends a state that fits as it is, with no note", () => {
    const result = boundDecisionState(addToCart, 50_000);
    assert.ok(result.ok);
    assert.equal(result.state, addToCart);
    assert.deepEqual(result.cut, []);
  });
  it("cuts visible text first, keeps hidden text where injections hide, and names every cut", () => {
    const state = pageWith(40_000, 30);
    const result = boundDecisionState(state, 20_000);
    assert.ok(result.ok);
    assert.equal(
      result.state.page.hiddenText.length,
      30,
      "hidden text untouched while visible text can give",
    );
    assert.ok(JSON.stringify(result.state).length <= 20_000);
    assert.equal(result.state.page.visibleTextTruncated, true);
    assert.match(result.cut.join("\n"), /^page\.visibleText: kept [\d,]+ of 40,000 characters$/);
    assert.deepEqual(result.state.truncation, result.cut);
    assert.equal(state.page.visibleText.length, 40_000, "the original is not changed");
    assert.ok(
      decisionStateSchema.safeParse(result.state).success,
      "still a DecisionState stopline serve recognises",
    );
  });
  it("drops hidden pieces down to five before visible text goes below a thousand characters", () => {
    const roomy = boundDecisionState(pageWith(5_000, 40), 4_000);
    assert.ok(roomy.ok);
    assert.equal(roomy.state.page.visibleText.length, 1_000, "visible text stops at its floor first");
    assert.ok(roomy.state.page.hiddenText.length > 5, "then only as many hidden pieces go as needed");
    const result = boundDecisionState(pageWith(5_000, 40), 2_500);
    assert.ok(result.ok);
    assert.equal(result.state.page.hiddenText.length, 5);
    assert.ok(result.state.page.visibleText.length < 1_000);
    assert.ok(result.cut.includes("page.hiddenText: kept 5 of 40 pieces"), result.cut.join("; "));
  });
  it("fails, rather than send something wrong, when even the bare state does not fit", () => {
    const result = boundDecisionState(addToCart, 300);
    assert.equal(result.ok, false);
  });
  it("always fits the limit and lists a cut whenever it changed anything", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1_500, max: 40_000 }),
        (visible, hidden, task, limit) => {
          const state = pageWith(visible, hidden, task);
          const result = boundDecisionState(state, limit);
          if (!result.ok) return;
          assert.ok(JSON.stringify(result.state).length <= limit);
          if (result.state !== state) assert.ok(result.cut.length > 0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("bounding a foreign state", () => {
  it("cuts text and ends it with a note of what was kept", () => {
    const result = boundForeignState("x".repeat(1_000), 200);
    assert.ok(result.ok);
    assert.equal(typeof result.state, "string");
    assert.ok((result.state as string).length <= 200);
    assert.match(result.state as string, /\n\[stopline cut this state: kept \d+ of 1,000 characters\]$/);
  });
  it("turns JSON that does not fit into its cut text, and leaves JSON that fits alone", () => {
    const small = { ticket: "refund" };
    assert.deepEqual(boundForeignState(small, 100), { ok: true, state: small, cut: [] });
    const result = boundForeignState({ text: "y".repeat(500) }, 150);
    assert.ok(result.ok && typeof result.state === "string" && result.state.startsWith('{"text":"yyy'));
  });
});
