import type { ActionKind } from "../spec/action.js";
import type { RuleHit } from "../spec/decision.js";
import type { DescribedAction, TargetFacts } from "../spec/facts.js";
import type { PageScan } from "../spec/page-scan.js";
import type { Reason, ReasonCode } from "../spec/reason.js";
import { stricter, type Verdict } from "../spec/verdict.js";
import { containsCardNumber } from "./card-number.js";
import { classifyField, type FieldSensitivity } from "./field-sensitivity.js";
import { leavesAllowedOrigins, type OriginPolicy } from "./origin-policy.js";
import { secretShape } from "./redaction.js";

/** What a hard rule reads. `rawValue` is the unredacted value; rules may look at it, nothing stores it. */
export interface RuleContext {
  described: DescribedAction;
  rawValue: string | null;
  origins: OriginPolicy;
  /** The perception firewall's scan of the page the action starts on, when the gate runs one. */
  scan?: PageScan | null;
}

export type RuleClass = "credentials" | "money" | "navigation" | "deception";

/** A hard rule, registered as data. Each has a test of a legitimate action it must not stop. */
export interface HardRule {
  id: string;
  class: RuleClass;
  summary: string;
  /** The least strict verdict an action that trips the rule can get. */
  floor: Exclude<Verdict, "allow">;
  reason: ReasonCode;
  appliesTo: readonly ActionKind[];
  check(context: RuleContext): Reason | null;
  /** The name of the test (in hard-rules.test.ts) of a legitimate action this rule must not stop. */
  mustNotStop: string;
}

const TYPING: readonly ActionKind[] = ["fill", "press", "select"];
const EVERY_KIND: readonly ActionKind[] = ["goto", "click", "fill", "press", "select", "check", "uncheck"];

/** The sensitivity of the target field, judged with its form as context. */
export function targetSensitivity(target: TargetFacts | null): FieldSensitivity | null {
  if (!target) return null;
  const cardContext = target.form?.sensitiveFields.some((field) => field.kind === "card") ?? false;
  return classifyField(
    {
      tag: target.tag,
      inputType: target.inputType,
      autocomplete: target.autocomplete,
      elementName: target.elementName,
      id: target.id,
      placeholder: target.placeholder,
      name: target.name,
    },
    cardContext,
  );
}

function fieldOfKind(context: RuleContext, kind: FieldSensitivity["kind"]): FieldSensitivity | null {
  const sensitivity = targetSensitivity(context.described.action.target);
  return sensitivity?.kind === kind ? sensitivity : null;
}

/** True when the action submits the target's form: a click on its submit control, or Enter in a field. */
export function submitsForm(described: DescribedAction): boolean {
  const { action } = described;
  if (!action.target?.form) return false;
  if (action.kind === "click") return action.target.submitsForm;
  if (action.kind === "press") {
    const isEnter = /^(Enter|NumpadEnter)$/i.test(action.value ?? "");
    const tag = action.target.tag;
    return isEnter && (tag === "input" || tag === "select");
  }
  return false;
}

function fieldLabel(target: TargetFacts | null): string {
  if (!target) return "the field";
  return target.elementName ?? target.id ?? (target.name || target.tag);
}

export const HARD_RULES: readonly HardRule[] = [
  {
    id: "password-field",
    class: "credentials",
    summary: "Typing into a password field is the user's to do.",
    floor: "ask",
    reason: "password_field",
    appliesTo: TYPING,
    check: (context) =>
      fieldOfKind(context, "password")
        ? { code: "password_field", field: fieldLabel(context.described.action.target) }
        : null,
    mustNotStop: "password-field does not stop typing a username into the login form",
  },
  {
    id: "card-field",
    class: "money",
    summary: "Typing into a card number, CVC, expiry or IBAN field is the user's to do.",
    floor: "ask",
    reason: "card_field",
    appliesTo: TYPING,
    check: (context) => {
      const field = fieldOfKind(context, "card");
      return field ? { code: "card_field", evidence: field.evidence } : null;
    },
    mustNotStop: "card-field does not stop typing a delivery address on the checkout page",
  },
  {
    id: "card-number-value",
    class: "money",
    summary: "A value that looks like a card number (13–19 digits passing the Luhn check) typed anywhere.",
    floor: "ask",
    reason: "card_number_value",
    appliesTo: ["fill", "press"],
    check: (context) =>
      context.rawValue !== null && containsCardNumber(context.rawValue)
        ? { code: "card_number_value", length: context.rawValue.replace(/\D/g, "").length }
        : null,
    mustNotStop: "card-number-value does not stop typing an order number that fails the Luhn check",
  },
  {
    id: "one-time-code-field",
    class: "credentials",
    summary: "Typing a one-time code (OTP, verification or 2FA code) is the user's to do.",
    floor: "ask",
    reason: "one_time_code_field",
    appliesTo: TYPING,
    check: (context) => {
      const field = fieldOfKind(context, "one_time_code");
      return field ? { code: "one_time_code_field", evidence: field.evidence } : null;
    },
    mustNotStop: "one-time-code-field does not stop typing a search for verification code docs",
  },
  {
    id: "secret-value",
    class: "credentials",
    summary: "A value shaped like an API key, token or private key typed into any field.",
    floor: "ask",
    reason: "secret_value",
    appliesTo: ["fill", "press"],
    check: (context) => {
      const shape = context.rawValue === null ? null : secretShape(context.rawValue);
      const field = fieldOfKind(context, "api_key");
      if (shape) return { code: "secret_value", evidence: shape };
      if (field && context.rawValue) return { code: "secret_value", evidence: field.evidence };
      return null;
    },
    mustNotStop: "secret-value does not stop typing an ordinary sentence into a comment box",
  },
  {
    id: "sensitive-form-submit",
    class: "credentials",
    summary: "Submitting a form that holds a password, card or one-time-code field.",
    floor: "ask",
    reason: "sensitive_form_submit",
    appliesTo: ["click", "press"],
    check: (context) => {
      const { described } = context;
      if (!submitsForm(described)) return null;
      const kinds = [
        ...new Set(
          (described.action.target?.form?.sensitiveFields ?? [])
            .map((field) => field.kind)
            .filter((kind) => kind !== "api_key"),
        ),
      ];
      return kinds.length > 0 ? { code: "sensitive_form_submit", kinds } : null;
    },
    mustNotStop: "sensitive-form-submit does not stop submitting a search form",
  },
  {
    id: "dangerous-scheme",
    class: "deception",
    summary: "Navigating to a javascript: or data: URL runs code or content the page chose.",
    floor: "block",
    reason: "dangerous_scheme",
    appliesTo: ["goto", "click", "press"],
    check: (context) => {
      const { action } = context.described;
      const candidates = [action.destination?.url, action.kind === "click" ? action.target?.href : null];
      for (const url of candidates) {
        const scheme = url ? /^\s*(javascript|data|vbscript):/i.exec(url)?.[1]?.toLowerCase() : undefined;
        if (scheme) return { code: "dangerous_scheme", scheme };
      }
      return null;
    },
    mustNotStop: "dangerous-scheme does not stop following an https link",
  },
  {
    id: "off-origin-navigation",
    class: "navigation",
    summary: "Navigating to another origin by goto, link click, form submission or a new window.",
    floor: "ask",
    reason: "off_origin_navigation",
    appliesTo: ["goto", "click", "press"],
    check: (context) => {
      const { action, page } = context.described;
      const destination = action.destination;
      if (!destination || /^\s*(javascript|data|vbscript):/i.test(destination.url)) return null;
      return leavesAllowedOrigins(page.origin, destination.url, context.origins)
        ? { code: "off_origin_navigation", from: page.origin, to: destination.origin, via: destination.via }
        : null;
    },
    mustNotStop: "off-origin-navigation does not stop a link to another page of the same site",
  },
  {
    id: "invisible-target",
    class: "deception",
    summary:
      "Acting on an element a human cannot see (zero size, hidden, off-screen), or clicking one that another element covers.",
    floor: "ask",
    reason: "invisible_target",
    appliesTo: ["click", "fill", "press", "select", "check", "uncheck"],
    check: (context) => {
      const { kind, target } = context.described.action;
      if (!target) return null;
      // Covering matters where the pointer lands (a click could hit the overlay, or be a clickjack);
      // typed text and chosen options go to the element itself.
      const pointer = kind === "click" || kind === "check" || kind === "uncheck";
      return !target.visible || (target.covered && pointer)
        ? { code: "invisible_target", hiddenBy: target.hiddenBy, covered: target.covered }
        : null;
    },
    mustNotStop: "invisible-target does not stop clicking a visible button below the fold",
  },
  {
    id: "injection-critical",
    class: "deception",
    summary:
      "The page holds an instruction that combines private data with a way out of the page (the firewall's critical finding).",
    floor: "block",
    reason: "injection_critical",
    appliesTo: EVERY_KIND,
    check: (context) => {
      const finding = context.scan?.findings.find((candidate) => candidate.critical);
      if (!finding || !context.scan) return null;
      const { action, page } = context.described;
      // Leaving the hostile page for another page of its own origin takes nothing out of it.
      if (
        action.kind === "goto" &&
        action.destination &&
        page.origin !== null &&
        action.destination.origin === page.origin
      )
        return null;
      const node = context.scan.nodes.find((candidate) => candidate.id === finding.nodes[0]);
      return { code: "injection_critical", signals: finding.signals, where: node?.where ?? "page" };
    },
    mustNotStop: "injection-critical does not stop a click on a page whose findings quote an injection",
  },
];

/** Runs every registered rule that applies to the action's kind. */
export function evaluateHardRules(context: RuleContext, rules: readonly HardRule[] = HARD_RULES): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const rule of rules) {
    if (!rule.appliesTo.includes(context.described.action.kind)) continue;
    const reason = rule.check(context);
    if (reason) hits.push({ rule: rule.id, floor: rule.floor, reason });
  }
  return hits;
}

/** The strictest floor among the hits; `allow` when none fired. */
export function floorOf(hits: readonly RuleHit[]): Verdict {
  return hits.reduce<Verdict>((floor, hit) => stricter(floor, hit.floor), "allow");
}
