import type { Effect } from "./questions.js";

/**
 * Why the gate reached a verdict. A closed union of codes with data; `core/reason-text.ts` turns each
 * into words. Evals and tests count codes, never sentences.
 */
export type Reason =
  // Hard rules: facts alone, no model.
  | { code: "password_field"; field: string }
  | { code: "card_field"; evidence: string }
  | { code: "card_number_value"; length: number }
  | { code: "one_time_code_field"; evidence: string }
  | { code: "secret_value"; evidence: string }
  | { code: "sensitive_form_submit"; kinds: string[] }
  | { code: "off_origin_navigation"; from: string | null; to: string; via: string }
  | { code: "dangerous_scheme"; scheme: string }
  | { code: "invisible_target"; hiddenBy: string[]; covered: boolean }
  | { code: "injection_critical"; signals: string[]; where: string }
  // The model's answers, read by the policy.
  | { code: "page_instructs_agent"; probability: number; threshold: number }
  | { code: "off_task"; probability: number; threshold: number }
  | { code: "risky_effect"; effect: Effect; probability: number }
  | { code: "risk_mass"; mass: number; threshold: number }
  | { code: "uncertain_task_fit"; probability: number; threshold: number }
  | { code: "uncertain_effect"; effect: Effect; probability: number; threshold: number }
  // Failures of the model: always fail closed to ask.
  | { code: "model_timeout"; timeoutMs: number }
  | { code: "model_unavailable"; error: string }
  | { code: "model_invalid_answer"; issues: string[] }
  // The proposal itself could not be described.
  | { code: "action_invalid"; error: string }
  // Approval.
  | { code: "approval_denied"; by: string }
  | { code: "approval_unattended" }
  | { code: "approval_void"; why: ApprovalVoidReason };

export type ReasonCode = Reason["code"];

export type ApprovalVoidReason =
  | "changed_revision"
  | "changed_state"
  | "changed_action"
  | "reused"
  | "expired"
  | "unknown_grant";

/** Every reason code, so tests can prove each one is registered and has words. */
export const REASON_CODES = [
  "password_field",
  "card_field",
  "card_number_value",
  "one_time_code_field",
  "secret_value",
  "sensitive_form_submit",
  "off_origin_navigation",
  "dangerous_scheme",
  "invisible_target",
  "injection_critical",
  "page_instructs_agent",
  "off_task",
  "risky_effect",
  "risk_mass",
  "uncertain_task_fit",
  "uncertain_effect",
  "model_timeout",
  "model_unavailable",
  "model_invalid_answer",
  "action_invalid",
  "approval_denied",
  "approval_unattended",
  "approval_void",
] as const satisfies readonly ReasonCode[];

type MissingCodes = Exclude<ReasonCode, (typeof REASON_CODES)[number]>;
// A compile-time check that the list above is complete.
const _complete: MissingCodes extends never ? true : never = true;
void _complete;
