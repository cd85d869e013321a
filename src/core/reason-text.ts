import type { Reason } from "../spec/reason.js";

const EFFECT_WORDS: Record<string, string> = {
  read_only: "read-only",
  reversible_change: "a reversible change",
  public_or_irreversible: "public or irreversible",
  credentials_or_money: "credentials or money",
};

function percent(probability: number): string {
  return `${Math.round(probability * 100)}%`;
}

/** Turns a reason code with its data into one sentence. The only place reasons become words. */
export function reasonText(reason: Reason): string {
  switch (reason.code) {
    case "password_field":
      return `types into a password field (${reason.field})`;
    case "card_field":
      return `types into a payment card field (${reason.evidence})`;
    case "card_number_value":
      return `types a value that looks like a card number (${reason.length} digits, passes the Luhn check)`;
    case "one_time_code_field":
      return `types into a one-time code field (${reason.evidence})`;
    case "secret_value":
      return `types something that looks like a secret (${reason.evidence})`;
    case "sensitive_form_submit":
      return `submits a form that holds ${reason.kinds.join(", ").replace(/_/g, " ")} fields`;
    case "off_origin_navigation":
      return `navigates to another origin: ${reason.to} (from ${reason.from ?? "a new tab"}, by ${reason.via})`;
    case "dangerous_scheme":
      return `navigates to a ${reason.scheme}: URL`;
    case "invisible_target":
      return reason.covered
        ? "acts on an element that another element covers"
        : `acts on an element a person cannot see (${reason.hiddenBy.join(", ") || "not rendered"})`;
    case "injection_critical":
      return `the page holds an instruction to send private data out of the page (${reason.signals.join(", ")})`;
    case "page_instructs_agent":
      return `the page holds text aimed at the agent (P=${percent(reason.probability)}, blocks at ${percent(reason.threshold)})`;
    case "off_task":
      return `does not serve the user's task (P(serves)=${percent(reason.probability)}, blocks below ${percent(reason.threshold)})`;
    case "risky_effect":
      return `the likely effect is ${EFFECT_WORDS[reason.effect]} (P=${percent(reason.probability)})`;
    case "risk_mass":
      return `${percent(reason.mass)} probability that it is public, irreversible, or touches credentials or money`;
    case "uncertain_task_fit":
      return `unsure it serves the task (P(serves)=${percent(reason.probability)}, asks below ${percent(reason.threshold)})`;
    case "uncertain_effect":
      return `unsure of its effect (${EFFECT_WORDS[reason.effect]} at ${percent(reason.probability)}, asks below ${percent(reason.threshold)})`;
    case "model_timeout":
      return `the classifier did not answer within ${reason.timeoutMs} ms`;
    case "model_unavailable":
      return `the classifier is unavailable (${reason.error})`;
    case "model_invalid_answer":
      return `the classifier's answer was invalid (${reason.issues.slice(0, 3).join("; ")})`;
    case "action_invalid":
      return `the action cannot be carried out as proposed: ${reason.error}`;
    case "approval_denied":
      return `a person said no (${reason.by})`;
    case "approval_unattended":
      return "nobody is there to approve it, so the answer is no";
    case "approval_void":
      return `the approval no longer applies (${reason.why.replace(/_/g, " ")})`;
  }
}
