import { evaluateAction, type GateSettings } from "../core/gate-decision.js";
import type { GateAnswers } from "../spec/answers.js";
import type { Backend } from "../spec/backend.js";
import type { RuleHit } from "../spec/decision.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { Reason } from "../spec/reason.js";
import type { Verdict } from "../spec/verdict.js";
import { type CaseFacts, DEFAULT_EVAL_CONCURRENCY } from "./case-facts.js";
import type { LoadedCase } from "./case-loader.js";

/** What one backend's gate decided on one case, or why the case could not be decided. */
export type CaseDecision =
  | {
      id: string;
      ok: true;
      verdict: Verdict;
      /** What the hard rules alone demand: the verdict with no model. */
      floor: Verdict;
      reasons: Reason[];
      ruleHits: RuleHit[];
      /** The validated answers, or null when the model failed (timeout, error, invalid answer). */
      answers: GateAnswers | null;
      /** The failure code when the model gave no usable answer. */
      modelFailure: string | null;
      /** What the model saw (bounded and redacted). */
      state: DecisionState;
      timings: {
        /** Describe time from the facts stage; null for described cases. */
        describeMs: number | null;
        /** The page detector's scan, when the settings have one. */
        firewallMs: number;
        rulesMs: number;
        modelMs: number;
        policyMs: number;
        /** Firewall, rules, model and policy: `evaluateAction` as a whole. */
        gateMs: number;
      };
    }
  | { id: string; ok: false; error: { code: string; message: string } };

export interface BackendStageOptions {
  /** Cases decided at once (matters for backends that wait on the network). Default `DEFAULT_EVAL_CONCURRENCY`. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * The backend stage: each case's facts through `evaluateAction` (hard rules, the backend's answers
 * within the deadline, the policy), exactly as the product decides. A case without facts stays an error.
 */
export async function runBackendStage(
  cases: readonly LoadedCase[],
  facts: readonly CaseFacts[],
  backend: Backend,
  settings: GateSettings,
  options: BackendStageOptions = {},
): Promise<CaseDecision[]> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_EVAL_CONCURRENCY));
  const decisions: CaseDecision[] = new Array(cases.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      const loaded = cases[index]!;
      const caseFacts = facts[index]!;
      if (!caseFacts.ok) {
        decisions[index] = { id: loaded.case.id, ok: false, error: caseFacts.error };
      } else {
        const started = performance.now();
        const evaluation = await evaluateAction(
          {
            described: caseFacts.described,
            rawValue: caseFacts.rawValue,
            task: loaded.case.task,
            pageText: caseFacts.pageText,
          },
          backend,
          settings,
          options.signal,
        );
        const gateMs = performance.now() - started;
        const { decision } = evaluation;
        decisions[index] = {
          id: loaded.case.id,
          ok: true,
          verdict: decision.verdict,
          floor: decision.floor,
          reasons: decision.reasons,
          ruleHits: evaluation.ruleHits,
          answers: decision.model?.ok ? decision.model.answers : null,
          modelFailure: decision.model && !decision.model.ok ? decision.model.failure : null,
          state: evaluation.state,
          timings: { describeMs: caseFacts.describeMs, ...evaluation.timings, gateMs },
        };
      }
      options.onProgress?.(++done, cases.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  return decisions;
}
