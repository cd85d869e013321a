import type { Backend } from "../spec/backend.js";
import type { Decision, RuleHit } from "../spec/decision.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { DescribedAction } from "../spec/facts.js";
import type { PageDetector, PageScan, PageText } from "../spec/page-scan.js";
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
  /**
   * The perception firewall, injected so the core never imports it: scans the page of every action for
   * text aimed at the agent. Its scan reaches the hard rules (`injection-critical`) and the model state
   * (`page.firewall`). Default: none; the product's settings (`stopline/firewall`'s gate settings) set it.
   */
  detector?: PageDetector;
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
  /** The firewall's scan of the page, when a detector ran. */
  scan: PageScan | null;
  timings: { firewallMs: number; rulesMs: number; modelMs: number; policyMs: number };
}

/**
 * The decision for one described action: hard rules over the facts, the classifier's answers within the
 * deadline, and the policy. Used by every surface (the guarded page, the MCP server, the eval).
 */
export async function evaluateAction(
  input: {
    described: DescribedAction;
    rawValue: string | null;
    task: string;
    /** The page's text-bearing places, when describe captured them for the firewall. */
    pageText?: PageText | null;
  },
  backend: Backend,
  settings: GateSettings = DEFAULT_GATE_SETTINGS,
  signal?: AbortSignal,
): Promise<GateEvaluation> {
  const firewallStarted = performance.now();
  const scan = settings.detector
    ? settings.detector({ described: input.described, pageText: input.pageText ?? null })
    : null;
  const firewallMs = performance.now() - firewallStarted;
  const rulesStarted = performance.now();
  const ruleHits = evaluateHardRules(
    { described: input.described, rawValue: input.rawValue, origins: settings.origins, scan },
    settings.rules,
  );
  const state = buildModelState(input.described, input.task, settings.origins, undefined, scan);
  const rulesMs = performance.now() - rulesStarted;
  const modelStarted = performance.now();
  const model = await askModel(backend, state, settings.questions, settings.modelTimeoutMs, signal);
  const modelMs = performance.now() - modelStarted;
  const policyStarted = performance.now();
  const decision = decide(ruleHits, model, settings.thresholds);
  const policyMs = performance.now() - policyStarted;
  return { decision, state, ruleHits, scan, timings: { firewallMs, rulesMs, modelMs, policyMs } };
}

/**
 * What the model is shown for an action under these settings, built exactly as `evaluateAction` builds
 * it (the firewall's scan included). The embedded model is trained on this, so training and deciding
 * see the same thing.
 */
export function modelStateFor(
  input: { described: DescribedAction; task: string; pageText?: PageText | null },
  settings: GateSettings = DEFAULT_GATE_SETTINGS,
): DecisionState {
  const scan = settings.detector
    ? settings.detector({ described: input.described, pageText: input.pageText ?? null })
    : null;
  return buildModelState(input.described, input.task, settings.origins, undefined, scan);
}
