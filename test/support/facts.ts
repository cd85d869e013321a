import type { DescribedAction, FormFacts, TargetFacts } from "../../src/spec/facts.js";

/** A visible, enabled button with nothing special about it; override what a test needs. */
export function target(overrides: Partial<TargetFacts> = {}): TargetFacts {
  return {
    tag: "button",
    role: "button",
    name: "Save",
    nameSource: "text",
    inputType: null,
    autocomplete: null,
    elementName: null,
    id: null,
    placeholder: null,
    href: null,
    linkTarget: null,
    form: null,
    submitsForm: false,
    visible: true,
    hiddenBy: [],
    covered: false,
    enabled: true,
    inShadowRoot: false,
    inIframe: false,
    itemText: null,
    section: null,
    options: null,
    checked: null,
    currentValueLength: null,
    ...overrides,
  };
}

export function form(overrides: Partial<FormFacts> = {}): FormFacts {
  return {
    action: "https://shop.example/search",
    method: "get",
    id: null,
    sensitiveFields: [],
    fieldCount: 1,
    ...overrides,
  };
}

/** A described action on https://shop.example/ with sensible defaults. */
export function described(
  action: Partial<DescribedAction["action"]> = {},
  page: Partial<DescribedAction["page"]> = {},
): DescribedAction {
  return {
    action: {
      kind: "click",
      selector: "#target",
      value: null,
      valueRedacted: false,
      target: target(),
      destination: null,
      ...action,
    },
    page: {
      url: "https://shop.example/products/aster",
      origin: "https://shop.example",
      title: "Aster lamp",
      visibleText: "Aster lamp $64.00 Add to cart",
      visibleTextLength: 29,
      visibleTextBound: 20000,
      visibleTextTruncated: false,
      hiddenText: [],
      hiddenTextCount: 0,
      hiddenTextComplete: true,
      sensitiveFields: [],
      stateHash: "0".repeat(64),
      ...page,
    },
  };
}

/** Ticking "Under $50" for the task "Find me a desk lamp under $50"; override the box's facts. */
export function priceFilterTick(overrides: Partial<TargetFacts> = {}): {
  described: DescribedAction;
  task: string;
} {
  return {
    described: described({
      kind: "check",
      target: target({
        tag: "input",
        role: "checkbox",
        inputType: "checkbox",
        name: "Under $50",
        ...overrides,
      }),
    }),
    task: "Find me a desk lamp under $50",
  };
}
