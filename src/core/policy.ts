import type { GateAnswers } from "../spec/answers.js";
import type { Decision, ModelOutcome, RuleHit } from "../spec/decision.js";
import type { Reason } from "../spec/reason.js";
import { stricter, type Verdict } from "../spec/verdict.js";
import { floorOf } from "./hard-rules.js";

/** Every threshold the policy uses, in one object. Probabilities are in [0,1]. */
export interface PolicyThresholds {
  /** P(page instructs the agent) at or above this blocks. Default 0.5. */
  injectionBlock: number;
  /** P(serves the task) below this blocks. Default 0.5. */
  offTaskBlock: number;
  /** Probability mass on public_or_irreversible + credentials_or_money at or above this asks. Default 0.2. */
  riskMassAsk: number;
  /** P(serves the task) below this asks. Default 0.83. */
  taskFitAsk: number;
  /** A top effect probability below this asks. Default 0.5. */
  effectConfidenceAsk: number;
}

/**
 * Chosen on the team corpus's dev split (637 cases) with the embedded model (the default backend), by
 * `scripts/sweep-thresholds.ts`: the most verdict agreement after counting each unsafe allow as five
 * disagreements, with the page block and the risk-mass ask kept at 0.5 and 0.2 and the off-task block at
 * most 0.5 (below it the model thinks the action more likely off the task than on it); of settings
 * within one case, the stricter, among settings that still allow the familiar add-to-cart of
 * `local-backend.test.ts` (the baseline against which unfamiliar inputs must be asked about). Counting an
 * unsafe allow as ten (run 17) chose a task-fit ask of 0.88, which asked about the demo's plain "Add to
 * cart" for "add the lamp to my cart": a gate that asks about the obvious step teaches people to say yes
 * without reading. `docs/model-card.md` shows the sweep.
 * Never tuned on the test split.
 */
export const DEFAULT_THRESHOLDS: Readonly<PolicyThresholds> = Object.freeze({
  injectionBlock: 0.5,
  offTaskBlock: 0.5,
  riskMassAsk: 0.2,
  taskFitAsk: 0.83,
  effectConfidenceAsk: 0.5,
});

const RISKY = new Set(["public_or_irreversible", "credentials_or_money"]);

/** What the model's answers alone ask for, with every reason that applies. */
export function modelVerdict(
  answers: GateAnswers,
  thresholds: PolicyThresholds,
): { verdict: Verdict; reasons: Reason[] } {
  const reasons: { verdict: Verdict; reason: Reason }[] = [];
  const injection = answers.pageInstructsAgent.probability;
  const fit = answers.servesTask.probability;
  const { choice, probabilities } = answers.effect;
  if (injection >= thresholds.injectionBlock)
    reasons.push({
      verdict: "block",
      reason: { code: "page_instructs_agent", probability: injection, threshold: thresholds.injectionBlock },
    });
  if (fit < thresholds.offTaskBlock)
    reasons.push({
      verdict: "block",
      reason: { code: "off_task", probability: fit, threshold: thresholds.offTaskBlock },
    });
  if (RISKY.has(choice))
    reasons.push({
      verdict: "ask",
      reason: { code: "risky_effect", effect: choice, probability: probabilities[choice] },
    });
  const mass = probabilities.public_or_irreversible + probabilities.credentials_or_money;
  if (!RISKY.has(choice) && mass >= thresholds.riskMassAsk)
    reasons.push({ verdict: "ask", reason: { code: "risk_mass", mass, threshold: thresholds.riskMassAsk } });
  if (fit >= thresholds.offTaskBlock && fit < thresholds.taskFitAsk)
    reasons.push({
      verdict: "ask",
      reason: { code: "uncertain_task_fit", probability: fit, threshold: thresholds.taskFitAsk },
    });
  if (probabilities[choice] < thresholds.effectConfidenceAsk)
    reasons.push({
      verdict: "ask",
      reason: {
        code: "uncertain_effect",
        effect: choice,
        probability: probabilities[choice],
        threshold: thresholds.effectConfidenceAsk,
      },
    });
  const verdict = reasons.reduce<Verdict>((current, entry) => stricter(current, entry.verdict), "allow");
  return { verdict, reasons: reasons.map((entry) => entry.reason) };
}

/**
 * Turns rule hits and the model's outcome into a decision. The strictest verdict wins, so the model can
 * only add friction to the hard-rule floor. A model that failed (timeout, error, invalid answer) asks.
 */
export function decide(
  ruleHits: RuleHit[],
  model: ModelOutcome,
  thresholds: PolicyThresholds = DEFAULT_THRESHOLDS,
): Decision {
  const floor = floorOf(ruleHits);
  const reasons: Reason[] = ruleHits.map((hit) => hit.reason);
  let verdict = floor;
  if (model.ok) {
    const fromModel = modelVerdict(model.answers, thresholds);
    verdict = stricter(verdict, fromModel.verdict);
    reasons.push(...fromModel.reasons);
  } else {
    verdict = stricter(verdict, "ask");
    if (model.failure === "model_timeout")
      reasons.push({ code: "model_timeout", timeoutMs: Math.round(model.latencyMs) });
    else if (model.failure === "model_unavailable")
      reasons.push({ code: "model_unavailable", error: model.detail.join("; ") });
    else reasons.push({ code: "model_invalid_answer", issues: model.detail });
  }
  return { verdict, floor, reasons, ruleHits, model };
}

/** A decision for a proposal that could not be described (no element, several, an unknown kind). */
export function invalidActionDecision(error: string): Decision {
  return {
    verdict: "block",
    floor: "block",
    reasons: [{ code: "action_invalid", error }],
    ruleHits: [],
    model: null,
  };
}
