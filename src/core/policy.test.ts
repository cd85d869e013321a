import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { GateAnswers } from "../spec/answers.js";
import type { ModelOutcome, RuleHit } from "../spec/decision.js";
import { EFFECTS, type Effect } from "../spec/questions.js";
import { REASON_CODES } from "../spec/reason.js";
import { atLeast, type Verdict, verdictRank } from "../spec/verdict.js";
import { DEFAULT_THRESHOLDS, decide } from "./policy.js";
import { reasonText } from "./reason-text.js";

function answers(
  effect: Partial<Record<Effect, number>>,
  servesTask: number,
  injection: number,
): GateAnswers {
  const probabilities = {
    read_only: 0,
    reversible_change: 0,
    public_or_irreversible: 0,
    credentials_or_money: 0,
    ...effect,
  };
  const choice = EFFECTS.reduce(
    (best, name) => (probabilities[name] > probabilities[best] ? name : best),
    "read_only" as Effect,
  );
  return {
    model: "test",
    effect: { choice, probabilities },
    servesTask: { probability: servesTask },
    pageInstructsAgent: { probability: injection },
  };
}

function ok(value: GateAnswers): ModelOutcome {
  return { ok: true, answers: value, latencyMs: 1, backend: "test" };
}

const askHit: RuleHit = {
  rule: "password-field",
  floor: "ask",
  reason: { code: "password_field", field: "pw" },
};
const blockHit: RuleHit = {
  rule: "dangerous-scheme",
  floor: "block",
  reason: { code: "dangerous_scheme", scheme: "javascript" },
};

describe("the policy table, row by row", () => {
  it("row 1: a hard rule sets a floor of at least ask, even when the model would allow", () => {
    const decision = decide([askHit], ok(answers({ read_only: 1 }, 0.99, 0.01)));
    assert.equal(decision.verdict, "ask");
    assert.equal(decision.floor, "ask");
  });
  it("row 2: page instructs the agent at 0.5 or more blocks, even a harmless action", () => {
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.99, 0.5))).verdict, "block");
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.99, 0.49))).verdict, "allow");
  });
  it("row 3: serves the task below 0.5 blocks", () => {
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.49, 0))).verdict, "block");
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.5, 0))).verdict, "ask");
  });
  it("row 4: a top effect of public_or_irreversible or credentials_or_money asks", () => {
    assert.equal(decide([], ok(answers({ public_or_irreversible: 1 }, 0.99, 0))).verdict, "ask");
    assert.equal(decide([], ok(answers({ credentials_or_money: 1 }, 0.99, 0))).verdict, "ask");
  });
  it("row 5: 0.2 or more on the two risky classes together asks, whatever the top class", () => {
    const decision = decide(
      [],
      ok(
        answers({ reversible_change: 0.8, public_or_irreversible: 0.1, credentials_or_money: 0.1 }, 0.99, 0),
      ),
    );
    assert.equal(decision.verdict, "ask");
    assert.ok(decision.reasons.some((reason) => reason.code === "risk_mass"));
    assert.equal(
      decide([], ok(answers({ reversible_change: 0.81, public_or_irreversible: 0.19 }, 0.99, 0))).verdict,
      "allow",
    );
  });
  it("row 6: serves the task below 0.83, or a top effect below 0.5, asks", () => {
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.82, 0))).verdict, "ask");
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.83, 0))).verdict, "allow");
    assert.equal(
      decide(
        [],
        ok(answers({ read_only: 0.49, reversible_change: 0.4, public_or_irreversible: 0.11 }, 0.99, 0)),
      ).verdict,
      "ask",
    );
    assert.equal(
      decide(
        [],
        ok(answers({ read_only: 0.5, reversible_change: 0.4, public_or_irreversible: 0.1 }, 0.99, 0)),
      ).verdict,
      "allow",
    );
  });
  it("row 7: otherwise allow", () => {
    const decision = decide([], ok(answers({ read_only: 0.9, reversible_change: 0.1 }, 0.95, 0.1)));
    assert.equal(decision.verdict, "allow");
    assert.deepEqual(decision.reasons, []);
  });
  it("a failed model asks with its reason code", () => {
    for (const failure of ["model_timeout", "model_unavailable", "model_invalid_answer"] as const) {
      const decision = decide([], { ok: false, failure, detail: ["x"], latencyMs: 1500, backend: "test" });
      assert.equal(decision.verdict, "ask");
      assert.equal(decision.reasons[0]?.code, failure);
    }
  });
  it("a block floor stays a block when the model fails", () => {
    assert.equal(
      decide([blockHit], { ok: false, failure: "model_timeout", detail: [], latencyMs: 1, backend: "t" })
        .verdict,
      "block",
    );
  });
  it("thresholds can be overridden in one object", () => {
    const strict = { ...DEFAULT_THRESHOLDS, injectionBlock: 0.2 };
    assert.equal(decide([], ok(answers({ read_only: 1 }, 0.99, 0.25)), strict).verdict, "block");
  });
});

const probability = fc.double({ min: 0, max: 1, noNaN: true });
const distribution = fc.tuple(probability, probability, probability, probability).map((values) => {
  const sum = values.reduce((a, b) => a + b, 0) || 1;
  return Object.fromEntries(EFFECTS.map((name, index) => [name, (values[index] as number) / sum])) as Record<
    Effect,
    number
  >;
});
const gateAnswers = fc
  .tuple(distribution, probability, probability)
  .map(([effect, serves, injection]) => answers(effect, serves, injection));
const floors = fc.subarray([askHit, blockHit]);

describe("policy invariants (property tests)", () => {
  it("the verdict is never looser than the hard-rule floor, for every answer", () => {
    fc.assert(
      fc.property(gateAnswers, floors, (value, hits) => {
        const decision = decide(hits, ok(value));
        return atLeast(decision.verdict, decision.floor);
      }),
      { numRuns: 2000 },
    );
  });
  it("raising any risk probability never loosens the verdict", () => {
    const raise = (value: GateAnswers, question: number, amount: number): GateAnswers => {
      if (question === 0)
        return {
          ...value,
          pageInstructsAgent: { probability: Math.min(1, value.pageInstructsAgent.probability + amount) },
        };
      if (question === 1)
        return { ...value, servesTask: { probability: Math.max(0, value.servesTask.probability - amount) } };
      // Move probability mass onto a risky effect class and renormalise.
      const risky: Effect = question === 2 ? "public_or_irreversible" : "credentials_or_money";
      const shifted = { ...value.effect.probabilities, [risky]: value.effect.probabilities[risky] + amount };
      const sum = EFFECTS.reduce((total, name) => total + shifted[name], 0);
      const normalised = Object.fromEntries(EFFECTS.map((name) => [name, shifted[name] / sum])) as Record<
        Effect,
        number
      >;
      return answers(normalised, value.servesTask.probability, value.pageInstructsAgent.probability);
    };
    fc.assert(
      fc.property(
        gateAnswers,
        fc.integer({ min: 0, max: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        floors,
        (value, question, amount, hits) => {
          const before = decide(hits, ok(value)).verdict;
          const after = decide(hits, ok(raise(value, question, amount))).verdict;
          return verdictRank(after) >= verdictRank(before);
        },
      ),
      { numRuns: 3000 },
    );
  });
  it("every reason the policy emits is a registered code with words", () => {
    fc.assert(
      fc.property(gateAnswers, floors, (value, hits) => {
        for (const reason of decide(hits, ok(value)).reasons) {
          if (!(REASON_CODES as readonly string[]).includes(reason.code)) return false;
          if (reasonText(reason).length === 0) return false;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });
  it("a model failure never yields allow", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("model_timeout", "model_unavailable", "model_invalid_answer" as const),
        floors,
        (failure, hits) => {
          const verdict: Verdict = decide(hits, {
            ok: false,
            failure,
            detail: [],
            latencyMs: 0,
            backend: "t",
          }).verdict;
          return verdict !== "allow";
        },
      ),
    );
  });
});
