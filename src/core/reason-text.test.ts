import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Reason } from "../spec/reason.js";
import { REASON_CODES } from "../spec/reason.js";
import { reasonText } from "./reason-text.js";

// One example of every reason, so a new code without words fails here (and at compile time).
const EXAMPLES: Reason[] = [
  { code: "password_field", field: "pw" },
  { code: "card_field", evidence: "autocomplete=cc-number" },
  { code: "card_number_value", length: 16 },
  { code: "one_time_code_field", evidence: "otp" },
  { code: "secret_value", evidence: "github token" },
  { code: "sensitive_form_submit", kinds: ["one_time_code"] },
  { code: "off_origin_navigation", from: "https://a.example", to: "https://b.example", via: "link" },
  { code: "dangerous_scheme", scheme: "javascript" },
  { code: "invisible_target", hiddenBy: ["off-screen"], covered: false },
  { code: "injection_critical", signals: ["exfiltration"], where: "p.note" },
  { code: "page_instructs_agent", probability: 0.9, threshold: 0.5 },
  { code: "off_task", probability: 0.1, threshold: 0.3 },
  { code: "risky_effect", effect: "credentials_or_money", probability: 0.9 },
  { code: "risk_mass", mass: 0.3, threshold: 0.2 },
  { code: "uncertain_task_fit", probability: 0.5, threshold: 0.8 },
  { code: "uncertain_effect", effect: "read_only", probability: 0.5, threshold: 0.8 },
  { code: "model_timeout", timeoutMs: 1500 },
  { code: "model_unavailable", error: "ECONNREFUSED" },
  { code: "model_invalid_answer", issues: ["effect: missing"] },
  { code: "action_invalid", error: "no element" },
  { code: "approval_denied", by: "terminal" },
  { code: "approval_unattended" },
  { code: "approval_void", why: "changed_state" },
];

describe("reason codes", () => {
  it("every registered code has an example here and turns into a sentence", () => {
    assert.deepEqual(EXAMPLES.map((reason) => reason.code).sort(), [...REASON_CODES].sort());
    for (const reason of EXAMPLES) {
      const text = reasonText(reason);
      assert.ok(text.length > 10 && !text.includes("undefined"), `${reason.code}: ${text}`);
    }
  });
});
