import type { GateAnswers } from "./answers.js";
import type { Reason } from "./reason.js";
import type { Verdict } from "./verdict.js";

/** The model's part of a decision: answers, or why there are none. */
export type ModelOutcome =
  | { ok: true; answers: GateAnswers; latencyMs: number; backend: string }
  | {
      ok: false;
      failure: "model_timeout" | "model_unavailable" | "model_invalid_answer";
      detail: string[];
      latencyMs: number;
      backend: string;
      /** The raw answer when it was invalid, for the evidence log. */
      raw?: unknown;
    };

/** A hard rule that fired. */
export interface RuleHit {
  rule: string;
  floor: Verdict;
  reason: Reason;
}

export interface Decision {
  verdict: Verdict;
  /** The strictest verdict the hard rules alone demand. The verdict is never looser. */
  floor: Verdict;
  reasons: Reason[];
  ruleHits: RuleHit[];
  model: ModelOutcome | null;
}
