/**
 * stopline: a decision gate for browser agents. The pure core and the seams; Playwright integration is
 * on `stopline/playwright`.
 */

export { createCallbackApprover } from "./approval/callback-approver.js";
export { createTerminalApprover } from "./approval/terminal-approver.js";
export { createUnattendedApprover } from "./approval/unattended-approver.js";
export { createBackend } from "./backends/backend-registry.js";
export { createDefaultBackend } from "./backends/default-backend.js";
export { createKeywordBackend } from "./backends/keyword-backend.js";
export { createLocalBackend, type LocalBackendOptions } from "./backends/local/local-backend.js";
export {
  createOpenAiCompatibleBackend,
  type OpenAiCompatibleBackendOptions,
} from "./backends/openai-compatible-backend.js";
export { createSystemOneBackend, type SystemOneBackendOptions } from "./backends/system-one-backend.js";
export { normaliseAnswers } from "./core/answer-normalisation.js";
export {
  type ApprovalGrant,
  checkApproval,
  consumeApproval,
  type DispatchState,
} from "./core/approval-binding.js";
export { DEFAULT_GATE_SETTINGS, evaluateAction, type GateSettings } from "./core/gate-decision.js";
export { evaluateHardRules, HARD_RULES, type HardRule } from "./core/hard-rules.js";
export { askModel, DEFAULT_MODEL_TIMEOUT_MS } from "./core/model-call.js";
export { DEFAULT_THRESHOLDS, decide, type PolicyThresholds } from "./core/policy.js";
export { reasonText } from "./core/reason-text.js";
export { redactValue } from "./core/redaction.js";
export { EvidenceLog, verifyEvidenceFile } from "./evidence/evidence-log.js";
export { detectInjection } from "./firewall/injection-detector.js";
export { renderSafeView } from "./firewall/safe-view.js";
export { captureStatic, STATIC_LIMITATIONS } from "./firewall/static-capture.js";
export {
  type RunningSystemOneServer,
  type SystemOneServerOptions,
  startSystemOneServer,
} from "./server/system-one-server.js";
export type { ActionKind, ProposedAction } from "./spec/action.js";
export { ACTION_KINDS } from "./spec/action.js";
export type { BackendResponse, GateAnswers, WireAnswer } from "./spec/answers.js";
export type { ApprovalAnswer, ApprovalRequest, Approver } from "./spec/approval.js";
export type { Backend } from "./spec/backend.js";
export type { Decision, ModelOutcome, RuleHit } from "./spec/decision.js";
export type { DecisionState } from "./spec/decision-state.js";
export type { EvidenceRecord, EvidenceSink } from "./spec/evidence.js";
export type { ActionFacts, DescribedAction, PageFacts, TargetFacts } from "./spec/facts.js";
export type { PageScan, PageText } from "./spec/page-scan.js";
export type { Effect, Question, QuestionSet } from "./spec/questions.js";
export { EFFECTS, GATE_QUESTIONS } from "./spec/questions.js";
export type { Reason, ReasonCode } from "./spec/reason.js";
export { REASON_CODES } from "./spec/reason.js";
export type { Verdict } from "./spec/verdict.js";
