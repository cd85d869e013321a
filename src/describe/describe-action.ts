import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { classifyField, isCardNumberField } from "../core/field-sensitivity.js";
import { originOf } from "../core/origin-policy.js";
import { redactValue } from "../core/redaction.js";
import { stateHash, valueDigest } from "../core/state-hash.js";
import { isActionKind, type ProposedAction } from "../spec/action.js";
import type {
  DescribedAction,
  FormFacts,
  HiddenBy,
  HiddenText,
  SensitiveField,
  TargetFacts,
  TextProvenance,
} from "../spec/facts.js";
import type { PageText } from "../spec/page-scan.js";
import type { CaptureOptions, FirewallCaptureOptions } from "./in-page/capture-text.js";
import type { InPageField, InPageRequest, InPageResult } from "./in-page/describe-in-page.js";
import { runInPage, type TargetQuery } from "./page-code.js";
import { pageTextFromCapture } from "./page-text.js";

export type DescribeErrorCode =
  | "unknown_kind"
  | "missing_selector"
  | "no_match"
  | "ambiguous"
  | "bad_selector"
  | "page_error";

/** A proposal that cannot be described: the gate turns it into a block, the agent gets a clear message. */
export class DescribeError extends Error {
  readonly code: DescribeErrorCode;
  constructor(code: DescribeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DescribeError";
    this.code = code;
  }
}

export interface DescribeOptions {
  /** Characters of visible text kept in the facts (the state hash covers all of it). Default 20,000. */
  visibleTextBound?: number;
  /** Hidden pieces of text kept in the facts. Default 200. */
  hiddenTextLimit?: number;
  /**
   * Milliseconds the per-element style checks may take. Default 1,000: ordinary pages finish in a few
   * milliseconds, and the bound only caps pathological ones (unreadable cross-origin stylesheets, where
   * every element is a candidate). A tighter bound loses hidden text on a busy machine, which is where
   * an injection hides. When they run out, the facts say the hidden-text list is incomplete.
   */
  styleBudgetMs?: number;
  /**
   * Also capture every text-bearing place for the perception firewall, in the same round trip. Default:
   * none (the facts only; null says the same). The guard sets it from the firewall's gate settings.
   */
  firewall?: FirewallCaptureOptions | null;
  /** Ship the page code with the call even where `installDescribe` installed it (for measurements). */
  shipCode?: boolean;
  /**
   * Let the page's own query find the target of a plain CSS selector, where it finds what Playwright's
   * locator finds (see in-page/plain-selector.ts). Default true; false always asks Playwright (for
   * measurements).
   */
  pageQuery?: boolean;
}

/** The described action plus what only this process may see: the raw value, for dispatch and the rules. */
export interface Description {
  described: DescribedAction;
  rawValue: string | null;
  /** The page's text-bearing places for the firewall, when `firewall` options asked for them. */
  pageText: PageText | null;
  /** Whether the page code went with the call: the page was not installed, or the document predates it. */
  shipped: boolean;
  /** How the target was found: the page's own query (plain CSS), Playwright's locator, or none (a goto). */
  query: TargetQuery;
  /** Milliseconds spent in the page round trip and in building the facts. */
  elapsedMs: number;
}

const DEFAULT_VISIBLE_BOUND = 20_000;
/** The key of this process's state hashes: they bind approvals here and reveal nothing elsewhere. */
const STATE_KEY = randomBytes(32);
const DEFAULT_HIDDEN_LIMIT = 200;

function toSensitive(fields: InPageField[]): SensitiveField[] {
  const cardForms = new Set(
    fields.filter((field) => isCardNumberField(field)).map((field) => field.formId ?? ""),
  );
  const result: SensitiveField[] = [];
  for (const field of fields) {
    const sensitivity = classifyField(field, cardForms.has(field.formId ?? ""));
    if (sensitivity)
      result.push({
        kind: sensitivity.kind,
        evidence: sensitivity.evidence,
        where: field.where,
        name: field.elementName ?? field.id,
      });
  }
  return result;
}

function captureOptions(options: DescribeOptions): CaptureOptions {
  return {
    visibleBound: options.visibleTextBound ?? DEFAULT_VISIBLE_BOUND,
    hiddenLimit: options.hiddenTextLimit ?? DEFAULT_HIDDEN_LIMIT,
    hiddenTextBound: 500,
    minHiddenLength: 2,
    enterFrames: true,
    budgetMs: options.styleBudgetMs ?? 1_000,
    firewall: options.firewall ?? null,
  };
}

/**
 * Describes a proposed action from the live DOM in one round trip into the page. Throws DescribeError
 * for an unknown kind, a missing selector, or a selector that matches no element or several.
 */
export async function describeAction(
  page: Page,
  action: ProposedAction,
  options: DescribeOptions = {},
): Promise<Description> {
  const started = performance.now();
  if (!isActionKind(action.kind))
    throw new DescribeError("unknown_kind", `unknown action kind ${JSON.stringify(action.kind)}`);
  if (action.kind !== "goto" && (typeof action.selector !== "string" || action.selector.trim() === ""))
    throw new DescribeError("missing_selector", `${action.kind} needs a selector`);
  if (action.kind === "goto" && (typeof action.value !== "string" || action.value.trim() === ""))
    throw new DescribeError("missing_selector", "goto needs a URL");

  const request: InPageRequest = {
    kind: action.kind,
    value: action.value ?? null,
    capture: captureOptions(options),
  };
  let packed: string;
  let shipped: boolean;
  let query: TargetQuery;
  try {
    ({ packed, shipped, query } = await runInPage(page, action, request, {
      shipCode: options.shipCode ?? false,
      pageQuery: options.pageQuery ?? true,
    }));
  } catch (error) {
    const message = (error as Error).message.split("\n")[0] ?? String(error);
    if (/selector|Unexpected token|parse/i.test(message))
      throw new DescribeError(
        "bad_selector",
        `selector ${JSON.stringify(action.selector)} is not valid: ${message}`,
        {
          cause: error,
        },
      );
    throw new DescribeError("page_error", `could not read the page: ${message}`, { cause: error });
  }
  let result: InPageResult;
  try {
    result = JSON.parse(packed) as InPageResult;
  } catch (error) {
    throw new DescribeError("page_error", "could not read the page: its description was not JSON", {
      cause: error,
    });
  }
  if (!result.ok) {
    throw new DescribeError(
      result.error,
      result.error === "no_match"
        ? `selector ${JSON.stringify(action.selector)} matches no element on ${result.url}`
        : `selector ${JSON.stringify(action.selector)} matches ${result.count} elements on ${result.url}; it must match exactly one`,
    );
  }
  const described = buildFacts(action, result, request.capture.visibleBound);
  const pageText = options.firewall
    ? pageTextFromCapture(result.text, { url: result.url, title: result.title }, options.firewall.mode)
    : null;
  return {
    described,
    rawValue: action.value ?? null,
    pageText,
    shipped,
    query,
    elapsedMs: performance.now() - started,
  };
}

/** Keys with names (Enter, ArrowDown, Control+Shift+Tab), as Playwright spells them, not characters. */
export function isNamedKey(key: string): boolean {
  const parts = key.split("+");
  const last = parts[parts.length - 1] ?? "";
  // KeyA and Digit1 are spelled like names but type characters.
  return /^(F\d{1,2}|[A-Z][A-Za-z]+\d?)$/.test(last) && last.length > 1 && !/^(Key[A-Z]|Digit\d)$/.test(last);
}

/** Turns what the page returned into facts: classifies fields, redacts the value, hashes the state. */
export function buildFacts(
  action: ProposedAction,
  result: Extract<InPageResult, { ok: true }>,
  visibleTextBound: number,
): DescribedAction {
  const pageFields = toSensitive(result.fields);
  let target: TargetFacts | null = null;
  if (result.target) {
    const raw = result.target;
    let form: FormFacts | null = null;
    if (raw.form) {
      form = {
        action: raw.form.action,
        method: raw.form.method,
        id: raw.form.id,
        fieldCount: raw.form.fieldCount,
        sensitiveFields: toSensitive(raw.form.fields),
      };
    }
    target = {
      tag: raw.tag,
      role: raw.role,
      name: raw.name,
      nameSource: raw.nameSource as TargetFacts["nameSource"],
      inputType: raw.inputType,
      autocomplete: raw.autocomplete,
      elementName: raw.elementName,
      id: raw.id,
      placeholder: raw.placeholder,
      href: raw.href,
      linkTarget: raw.linkTarget,
      form,
      submitsForm: raw.submitsForm,
      visible: raw.visible,
      hiddenBy: raw.hiddenBy as HiddenBy[],
      covered: raw.covered,
      enabled: raw.enabled,
      inShadowRoot: raw.inShadowRoot,
      inIframe: raw.inIframe,
      itemText: raw.itemText,
      section: raw.section,
      options: raw.options,
      checked: raw.checked,
      currentValueLength: raw.currentValueLength,
    };
  }

  // The target's own sensitivity decides redaction; a card-number or secret-shaped value is redacted anywhere.
  const targetField =
    target && (target.tag === "input" || target.tag === "textarea" || target.tag === "select")
      ? classifyField(
          { ...target, name: target.name },
          target.form?.sensitiveFields.some((field) => field.kind === "card") ?? false,
        )
      : null;
  const rawValue = action.value ?? null;
  // A named key (Enter, Tab, Control+A) reveals nothing and says whether a form is submitted; a
  // character pressed into a sensitive field is part of a secret.
  const namedKey = action.kind === "press" && rawValue !== null && isNamedKey(rawValue);
  const redacted =
    rawValue === null
      ? null
      : action.kind === "goto" || namedKey
        ? redactValue(rawValue, null)
        : redactValue(
            rawValue,
            ["fill", "press", "select"].includes(action.kind) ? (targetField?.kind ?? null) : null,
          );

  const destination = result.destination
    ? {
        url:
          redacted?.redacted && action.kind === "goto" ? (redacted.value as string) : result.destination.url,
        origin: originOf(result.destination.url) ?? result.destination.url.split(":")[0] + ":",
        via: result.destination.via,
      }
    : null;

  const hiddenText: HiddenText[] = result.text.hidden.map((entry) => ({
    text: entry.text,
    provenance: entry.provenance as TextProvenance,
    hiddenBy: entry.hiddenBy as HiddenBy[],
    where: entry.where,
  }));

  return {
    action: {
      kind: action.kind,
      selector: action.selector ?? null,
      value: redacted ? redacted.value : null,
      valueRedacted: redacted?.redacted ?? false,
      target,
      destination,
    },
    page: {
      url: result.url,
      origin: originOf(result.url),
      title: result.title,
      visibleText: result.text.visibleText,
      visibleTextLength: result.text.visibleTextLength,
      visibleTextBound,
      visibleTextTruncated: result.text.visibleTextTruncated,
      hiddenText,
      hiddenTextCount: result.text.hiddenCount,
      hiddenTextComplete: result.text.complete,
      sensitiveFields: pageFields,
      stateHash: stateHash(
        {
          url: result.url,
          target,
          visibleTextDigest: result.text.visibleDigest,
          formValuesDigest: result.formValuesDigest,
          action: {
            kind: action.kind,
            selector: action.selector ?? null,
            valueDigest: rawValue === null ? "" : valueDigest(rawValue, STATE_KEY),
          },
        },
        STATE_KEY,
      ),
    },
  };
}
