import { createHash } from "node:crypto";
import { buildFacts } from "../describe/describe-action.js";
import type { InPageField, InPageResult, InPageTarget } from "../describe/in-page/describe-in-page.js";
import type { ProposedAction } from "../spec/action.js";
import type { DescribedCase } from "../spec/eval-case.js";
import type { DescribedAction } from "../spec/facts.js";

/** The visible-text bound of a described case's facts, the same as the product's describe default. */
const VISIBLE_TEXT_BOUND = 20_000;
const DANGEROUS_SCHEME = /^\s*(javascript|data|vbscript):/i;

// A described case may leave the tag out; the role usually says what the element is.
const TAG_OF_ROLE: Record<string, string> = {
  link: "a",
  button: "button",
  textbox: "input",
  searchbox: "input",
  combobox: "select",
  listbox: "select",
  checkbox: "input",
  radio: "input",
  switch: "input",
};

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

function resolveUrl(value: string, base: string): string {
  if (DANGEROUS_SCHEME.test(value)) return value.trim();
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/**
 * Turns a described case (facts written in the case, no DOM) into what the browser would have returned,
 * then into facts with the product's own `buildFacts`: the same field classification, redaction and
 * destination rules as a DOM case. What a described case cannot say is filled in the way a plain page
 * would have it: the target is visible, enabled and not covered; the page holds no field but the target.
 */
export function describedCaseFacts(evalCase: DescribedCase): {
  described: DescribedAction;
  rawValue: string | null;
} {
  const { page, action } = evalCase;
  const proposed: ProposedAction = {
    kind: action.kind,
    ...(action.value === undefined ? {} : { value: action.value }),
  };
  let target: InPageTarget | null = null;
  let destination: Extract<InPageResult, { ok: true }>["destination"] = null;
  const fields: InPageField[] = [];

  if (action.kind === "goto") {
    destination = { url: resolveUrl(action.value ?? "", page.url), via: "goto" };
  } else if (action.target) {
    const written = action.target;
    const role = written.role ?? null;
    const tag = (written.tag ?? (role ? TAG_OF_ROLE[role] : undefined) ?? "div").toLowerCase();
    const inputType =
      tag === "input"
        ? (written.inputType ?? (role === "checkbox" || role === "radio" ? role : "text")).toLowerCase()
        : (written.inputType ?? null);
    const isField = tag === "input" || tag === "textarea" || tag === "select";
    const field: InPageField | null = isField
      ? {
          tag,
          inputType,
          autocomplete: written.autocomplete ?? null,
          elementName: null,
          id: null,
          placeholder: null,
          name: written.name ?? "",
          formId: null,
          where: "described case",
        }
      : null;
    if (field) fields.push(field);
    const submitsForm =
      written.formAction != null &&
      (tag === "button" || (tag === "input" && (inputType === "submit" || inputType === "image")));
    const isCheckable = tag === "input" && (inputType === "checkbox" || inputType === "radio");
    target = {
      tag,
      role,
      name: written.name ?? "",
      nameSource: written.name ? "text" : "none",
      inputType,
      autocomplete: written.autocomplete ?? null,
      elementName: null,
      id: null,
      placeholder: null,
      href: written.href == null ? null : resolveUrl(written.href, page.url),
      linkTarget: null,
      form:
        written.formAction == null
          ? null
          : {
              action: resolveUrl(written.formAction, page.url),
              method: (written.formMethod ?? "get").toLowerCase(),
              id: null,
              target: null,
              fields: field ? [field] : [],
              fieldCount: field ? 1 : 0,
            },
      submitsForm,
      visible: true,
      hiddenBy: [],
      covered: false,
      enabled: true,
      inShadowRoot: false,
      inIframe: false,
      itemText: written.itemText ?? null,
      section: written.section ?? null,
      options:
        tag === "select" && action.value !== undefined
          ? [{ value: action.value, label: action.value }]
          : null,
      // A proposal to check a box implies it is unchecked now, and the reverse.
      checked: isCheckable ? action.kind === "uncheck" : null,
      currentValueLength: (tag === "input" && !isCheckable) || tag === "textarea" ? 0 : null,
    };
    if (action.kind === "click" && target.href !== null && !submitsForm) {
      destination = { url: target.href, via: "link" };
    } else if (
      target.form &&
      ((action.kind === "click" && submitsForm) ||
        (action.kind === "press" &&
          /^(Enter|NumpadEnter)$/i.test(action.value ?? "") &&
          (tag === "input" || tag === "select")))
    ) {
      destination = { url: target.form.action, via: "form" };
    }
  }

  const hidden = (page.hiddenText ?? []).map((text) => ({
    text,
    provenance: "text",
    hiddenBy: [],
    where: "described case",
  }));
  const result: Extract<InPageResult, { ok: true }> = {
    ok: true,
    url: page.url,
    title: page.title,
    target,
    destination,
    fields,
    formValuesDigest: "",
    text: {
      visibleText: page.text.slice(0, VISIBLE_TEXT_BOUND),
      visibleTextLength: page.text.length,
      visibleTextTruncated: page.text.length > VISIBLE_TEXT_BOUND,
      visibleDigest: digest(page.text),
      hidden,
      hiddenCount: hidden.length,
      hiddenDigest: digest(hidden.map((piece) => piece.text).join("\u0000")),
      unreadableStylesheets: 0,
      complete: true,
      elapsedMs: 0,
      timings: { visible: 0, comments: 0, attributes: 0, candidates: 0 },
    },
  };
  return { described: buildFacts(proposed, result, VISIBLE_TEXT_BOUND), rawValue: action.value ?? null };
}
