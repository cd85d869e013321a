import type { Backend } from "../spec/backend.js";
import type { Decision, RuleHit } from "../spec/decision.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { DescribedAction } from "../spec/facts.js";
import { GATE_QUESTIONS, type QuestionSet } from "../spec/questions.js";
import { evaluateHardRules, HARD_RULES, type HardRule } from "./hard-rules.js";
import { askModel, DEFAULT_MODEL_TIMEOUT_MS } from "./model-call.js";
import { buildModelState } from "./model-state.js";
import type { OriginPolicy } from "./origin-policy.js";
import { DEFAULT_THRESHOLDS, decide, type PolicyThresholds } from "./policy.js";

export interface GateSettings {
  thresholds: PolicyThresholds;
  origins: OriginPolicy;
  /** Milliseconds to wait for the classifier before asking. */
  modelTimeoutMs: number;
  rules: readonly HardRule[];
  questions: QuestionSet;
}

export const DEFAULT_GATE_SETTINGS: GateSettings = {
  thresholds: DEFAULT_THRESHOLDS,
  origins: { allowedOrigins: [], allowSubdomains: false },
  modelTimeoutMs: DEFAULT_MODEL_TIMEOUT_MS,
  rules: HARD_RULES,
  questions: GATE_QUESTIONS,
};

export interface GateEvaluation {
  decision: Decision;
  state: DecisionState;
  ruleHits: RuleHit[];
  timings: { rulesMs: number; modelMs: number; policyMs: number };
}

/**
 * The decision for one described action: hard rules over the facts, the classifier's answers within the
 * deadline, and the policy. Used by every surface (the guarded page, the MCP server, the eval).
 */
export async function evaluateAction(
  input: { described: DescribedAction; rawValue: string | null; task: string },
  backend: Backend,
  settings: GateSettings = DEFAULT_GATE_SETTINGS,
  signal?: AbortSignal,
): Promise<GateEvaluation> {
  const rulesStarted = performance.now();
  const ruleHits = evaluateHardRules(
    { described: input.described, rawValue: input.rawValue, origins: settings.origins },
    settings.rules,
  );
  const state = buildModelState(input.described, input.task, settings.origins);
  const rulesMs = performance.now() - rulesStarted;
  const modelStarted = performance.now();
  const model = await askModel(backend, state, settings.questions, settings.modelTimeoutMs, signal);
  const modelMs = performance.now() - modelStarted;
  const policyStarted = performance.now();
  const decision = decide(ruleHits, model, settings.thresholds);
  const policyMs = performance.now() - policyStarted;
  return { decision, state, ruleHits, timings: { rulesMs, modelMs, policyMs } };
}
