import type { CapturedRoot, CapturedText, CaptureOptions } from "./capture-text.js";

/**
 * Runs inside the page, in one round trip: reads the target element (or none, for goto) and the page.
 * `elements` are the elements the selector matched; anything other than exactly one is an error for
 * every kind but goto. `capture` is `captureText`, passed in because this function is serialised.
 *
 * This function is serialised into the page: it must not reference anything outside its own body.
 */
export function describeInPage(
  elements: Element[],
  request: InPageRequest,
  capture: (
    root: Document,
    options: CaptureOptions,
    onRoots?: (roots: CapturedRoot[]) => void,
  ) => CapturedText,
): InPageResult {
  const NAME_BOUND = 200;
  const ITEM_BOUND = 400;
  const FIELD_LIMIT = 300;

  const clean = (text: string | null | undefined, bound = NAME_BOUND) => {
    const value = (text ?? "").replace(/\s+/g, " ").trim();
    return value.length > bound ? `${value.slice(0, bound - 1)}…` : value;
  };

  // Mix of two 32-bit hashes; used to digest form values in the page so values never leave it.
  const hashText = (text: string) => {
    let a = 0xdeadbeef;
    let b = 0x41c6ce57;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      a = Math.imul(a ^ code, 2654435761);
      b = Math.imul(b ^ code, 1597334677);
    }
    a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
    return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
  };

  const topDocument = (() => {
    try {
      // A same-origin iframe describes the page around it; a cross-origin one only itself.
      const top = window.top;
      if (top && top !== window && top.document) return top.document;
    } catch {
      // Cross-origin parent: fall through.
    }
    return document;
  })();

  if (request.kind !== "goto") {
    if (elements.length !== 1)
      return {
        ok: false,
        error: elements.length === 0 ? "no_match" : "ambiguous",
        count: elements.length,
        url: location.href,
      };
  }
  const element = request.kind === "goto" ? null : (elements[0] as Element);

  const rootOf = (node: Element) => node.getRootNode() as Document | ShadowRoot;

  const byId = (node: Element, id: string): Element | null => {
    const root = rootOf(node);
    return "getElementById" in root ? root.getElementById(id) : null;
  };

  const textOf = (node: Element | null) =>
    clean(node ? ((node as HTMLElement).innerText ?? node.textContent) : "");

  const labelOf = (field: Element): string => {
    const labels = (field as HTMLInputElement).labels;
    if (labels && labels.length > 0)
      return clean(
        Array.from(labels)
          .map((label) => label.textContent ?? "")
          .join(" "),
      );
    const wrapping = field.closest("label");
    return wrapping ? clean(wrapping.textContent) : "";
  };

  // The text of the elements aria-labelledby names, which takes precedence over aria-label.
  const labelledByText = (node: Element): string =>
    clean(
      (node.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => byId(node, id)?.textContent ?? "")
        .join(" "),
    );

  const accessibleName = (node: Element): { name: string; source: string } => {
    const labelledBy = labelledByText(node);
    if (labelledBy) return { name: labelledBy, source: "aria-labelledby" };
    const ariaLabel = clean(node.getAttribute("aria-label"));
    if (ariaLabel) return { name: ariaLabel, source: "aria-label" };
    const tag = node.tagName.toLowerCase();
    const type = (node.getAttribute("type") ?? "").toLowerCase();
    const isField = tag === "input" || tag === "textarea" || tag === "select";
    if (isField && !["button", "submit", "reset", "image"].includes(type)) {
      const label = labelOf(node);
      if (label) return { name: label, source: "label" };
    }
    if (tag === "img" || (tag === "input" && type === "image") || tag === "area") {
      const alt = clean(node.getAttribute("alt"));
      if (alt) return { name: alt, source: "alt" };
    }
    if (tag === "input" && ["button", "submit", "reset"].includes(type)) {
      const value = clean(
        (node as HTMLInputElement).value || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : ""),
      );
      if (value) return { name: value, source: "value" };
    }
    if (!isField) {
      const text = textOf(node);
      if (text) return { name: text, source: "text" };
      const images = Array.from(node.querySelectorAll("img[alt]"))
        .map((img) => img.getAttribute("alt") ?? "")
        .join(" ");
      if (clean(images)) return { name: clean(images), source: "alt" };
    }
    const title = clean(node.getAttribute("title"));
    if (title) return { name: title, source: "title" };
    const placeholder = clean(node.getAttribute("placeholder"));
    if (placeholder) return { name: placeholder, source: "placeholder" };
    return { name: "", source: "none" };
  };

  const implicitRole = (node: Element): string | null => {
    const explicit = node.getAttribute("role");
    if (explicit) return explicit.trim().split(/\s+/)[0] ?? null;
    const tag = node.tagName.toLowerCase();
    const type = (node.getAttribute("type") ?? "text").toLowerCase();
    switch (tag) {
      case "a":
      case "area":
        return node.hasAttribute("href") ? "link" : null;
      case "button":
      case "summary":
        return "button";
      case "input":
        if (["button", "submit", "reset", "image"].includes(type)) return "button";
        if (type === "checkbox") return "checkbox";
        if (type === "radio") return "radio";
        if (type === "range") return "slider";
        if (type === "number") return "spinbutton";
        if (type === "search") return "searchbox";
        if (type === "hidden") return null;
        return node.hasAttribute("list") ? "combobox" : "textbox";
      case "select":
        return (node as HTMLSelectElement).multiple || (node as HTMLSelectElement).size > 1
          ? "listbox"
          : "combobox";
      case "textarea":
        return "textbox";
      case "option":
        return "option";
      case "img":
        return "img";
      case "form":
        return "form";
      case "nav":
        return "navigation";
      case "dialog":
        return "dialog";
      case "li":
        return "listitem";
      case "tr":
        return "row";
      case "td":
        return "cell";
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        return "heading";
      default:
        return (node as HTMLElement).isContentEditable ? "textbox" : null;
    }
  };

  const ITEM_SELECTOR =
    "tr, li, article, [role=row], [role=listitem], [role=article], [role=option], [role=gridcell], dialog, [role=dialog]";
  const ITEM_CLASS =
    /(^|[-_ ])(card|item|row|entry|product|result|tile|post|message|comment|mail|thread|review|listing)([-_ ]|$)/i;
  const itemTextOf = (node: Element): string | null => {
    let current: Element | null = node.parentElement;
    while (current && current !== document.body) {
      if (current.matches(ITEM_SELECTOR) || ITEM_CLASS.test(current.getAttribute("class") ?? "")) {
        const text = textOf(current);
        if (text) return clean(text, ITEM_BOUND);
      }
      current = current.parentElement;
    }
    return null;
  };

  // The sections the element sits in, innermost first: the nearest heading above it, then the names of
  // the fieldsets, groups, toolbars, forms, dialogs and landmarks around it. "Price › Filters" tells a
  // view control from a saved setting; "Danger zone" tells a small button from a harmless one.
  const SECTION_BOUND = 160;
  const SECTION_CONTAINER =
    "fieldset, details, dialog, form, aside, nav, section, header, footer, [role=toolbar], [role=group], [role=radiogroup], [role=search], [role=region], [role=complementary], [role=navigation], [role=dialog], [role=alertdialog], [role=tablist], [role=menu], [role=form], [aria-label], [aria-labelledby]";
  const HEADING = /^H[1-6]$/;
  const sectionOf = (node: Element): string | null => {
    const names: string[] = [];
    let headingFound = false;
    let current: Element | null = node;
    for (let depth = 0; current && current !== document.body && depth < 30 && names.length < 4; depth++) {
      if (!headingFound) {
        let sibling = current.previousElementSibling;
        for (let step = 0; sibling && step < 12; step++, sibling = sibling.previousElementSibling) {
          if (HEADING.test(sibling.tagName) || sibling.getAttribute("role") === "heading") {
            const text = textOf(sibling);
            if (text) names.push(clean(text, 60));
            headingFound = true;
            break;
          }
        }
      }
      const parent: Element | null = current.parentElement;
      if (parent && parent !== document.body && parent.matches(SECTION_CONTAINER)) {
        const caption = parent.querySelector(":scope > legend, :scope > summary");
        const name = clean(
          labelledByText(parent) || parent.getAttribute("aria-label") || (caption ? textOf(caption) : ""),
          60,
        );
        if (name && !names.includes(name)) names.push(name);
      }
      current = parent;
    }
    return names.length > 0 ? clean(names.join(" › "), SECTION_BOUND) : null;
  };

  const fieldDescriptor = (field: Element): InPageField => ({
    tag: field.tagName.toLowerCase(),
    inputType: field.tagName === "INPUT" ? ((field as HTMLInputElement).type || "text").toLowerCase() : null,
    autocomplete: field.getAttribute("autocomplete"),
    elementName: field.getAttribute("name"),
    id: field.id || null,
    placeholder: field.getAttribute("placeholder"),
    name: accessibleName(field).name,
    formId: (field as HTMLInputElement).form
      ? formKey((field as HTMLInputElement).form as HTMLFormElement)
      : null,
    where: `${field.tagName.toLowerCase()}${field.id ? `#${field.id}` : field.getAttribute("name") ? `[name=${field.getAttribute("name")}]` : ""}`,
  });

  const formKeys = new Map<HTMLFormElement, string>();
  function formKey(form: HTMLFormElement): string {
    let key = formKeys.get(form);
    if (!key) {
      key = form.id || `form-${formKeys.size + 1}`;
      formKeys.set(form, key);
    }
    return key;
  }

  const FIELD_SELECTOR =
    "input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]), textarea, select";

  // The fields of one tree in document order, as `querySelectorAll(FIELD_SELECTOR)` gives them: from the
  // engine's cached list of inputs when the page has no textarea or select (matching the selector against
  // every element of a big page costs milliseconds).
  const NOT_FIELD_TYPES = ["hidden", "submit", "button", "reset", "image"];
  const fieldsIn = (root: Document | ShadowRoot): Element[] => {
    if (root.nodeType === 9 && (root as Document).contentType === "text/html") {
      const document = root as Document;
      if (
        document.getElementsByTagName("textarea").length === 0 &&
        document.getElementsByTagName("select").length === 0
      )
        return Array.from(document.getElementsByTagName("input")).filter(
          (input) => !NOT_FIELD_TYPES.includes((input.getAttribute("type") ?? "").toLowerCase()),
        );
    }
    return Array.from(root.querySelectorAll(FIELD_SELECTOR));
  };

  // Every field on the page (shadow roots and same-origin iframes included), bounded.
  const collectFields = (root: Document | ShadowRoot | Element, into: InPageField[]) => {
    for (const field of Array.from(root.querySelectorAll(FIELD_SELECTOR))) {
      if (into.length >= FIELD_LIMIT) return;
      into.push(fieldDescriptor(field));
    }
    // A live collection: copying every element of a big page into an array costs milliseconds.
    const hosts: ArrayLike<Element> =
      root.nodeType === 9 ? (root as Document).getElementsByTagName("*") : root.querySelectorAll("*");
    for (let index = 0; index < hosts.length; index++) {
      const host = hosts[index] as Element;
      if (into.length >= FIELD_LIMIT) return;
      if (host.shadowRoot) collectFields(host.shadowRoot, into);
      if (host.tagName === "IFRAME") {
        try {
          const inner = (host as HTMLIFrameElement).contentDocument;
          if (inner) collectFields(inner, into);
        } catch {
          // Cross-origin frame: its fields are its own page's business.
        }
      }
    }
  };

  let target: InPageTarget | null = null;
  let destination: InPageDestination | null = null;
  let formValuesDigest = "";

  if (element) {
    const html = element as HTMLElement;
    const tag = element.tagName.toLowerCase();
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const hiddenBy: string[] = [];
    if (!element.isConnected) hiddenBy.push("not-rendered");
    if (style.display === "none" || !element.checkVisibility()) hiddenBy.push("display-none");
    if (style.visibility === "hidden" || style.visibility === "collapse") hiddenBy.push("visibility-hidden");
    if (!element.checkVisibility({ opacityProperty: true }) && hiddenBy.length === 0)
      hiddenBy.push("opacity-zero");
    if (hiddenBy.length === 0 && (rect.width < 2 || rect.height < 2)) hiddenBy.push("zero-size");
    const pageWidth = Math.max(document.documentElement.scrollWidth, innerWidth);
    const pageHeight = Math.max(document.documentElement.scrollHeight, innerHeight);
    if (
      hiddenBy.length === 0 &&
      (rect.right + scrollX <= 0 ||
        rect.bottom + scrollY <= 0 ||
        rect.left + scrollX >= pageWidth ||
        rect.top + scrollY >= pageHeight)
    )
      hiddenBy.push("off-screen");
    if (
      hiddenBy.length === 0 &&
      (/rect\(\s*0(px)?[ ,]+0/.test(style.clip) || /inset\(\s*(50|100)%/.test(style.clipPath))
    )
      hiddenBy.push("clipped");

    // Covered: another element, not the target or inside it, is on top of the target's centre.
    let covered = false;
    if (hiddenBy.length === 0) {
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {
        const root = rootOf(element);
        const hit = "elementFromPoint" in root ? root.elementFromPoint(x, y) : null;
        if (hit && hit !== element && !element.contains(hit) && !(hit as Element).contains?.(element)) {
          const label = hit.closest("label");
          const labelsTarget =
            label && ((label as HTMLLabelElement).control === element || label.contains(element));
          if (!labelsTarget) covered = true;
        }
      }
    }

    const link = element.closest("a[href], area[href]") as HTMLAnchorElement | null;
    const form =
      (element as HTMLInputElement).form ?? (element.closest("form") as HTMLFormElement | null) ?? null;
    const type = tag === "input" ? ((element as HTMLInputElement).type || "text").toLowerCase() : null;
    const submitsForm = Boolean(
      form &&
        ((tag === "button" && ((element as HTMLButtonElement).type || "submit") === "submit") ||
          (tag === "input" && (type === "submit" || type === "image"))),
    );
    const name = accessibleName(element);
    let formFacts: InPageForm | null = null;
    if (form) {
      const fields = Array.from(form.elements).filter((field) => field.matches(FIELD_SELECTOR));
      const submitter = submitsForm ? element : null;
      const actionAttribute = submitter?.getAttribute("formaction") ?? form.getAttribute("action");
      formFacts = {
        action: new URL(actionAttribute ?? "", form.ownerDocument.baseURI).href,
        method: (submitter?.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get").toLowerCase(),
        id: form.id || null,
        target: submitter?.getAttribute("formtarget") ?? form.getAttribute("target"),
        fields: fields.slice(0, FIELD_LIMIT).map(fieldDescriptor),
        fieldCount: fields.length,
      };
      formValuesDigest = hashText(
        fields
          .map((field) => {
            const input = field as HTMLInputElement;
            return `${input.name}=${input.type === "checkbox" || input.type === "radio" ? String(input.checked) : input.value}`;
          })
          .join("\u0000"),
      );
    } else if ("value" in html) {
      formValuesDigest = hashText(String((html as HTMLInputElement).value));
    }

    const isSelect = tag === "select";
    const options = isSelect
      ? Array.from((element as HTMLSelectElement).options)
          .slice(0, 100)
          .map((option) => ({ value: option.value, label: clean(option.label || option.text) }))
      : null;
    const isCheckable = tag === "input" && (type === "checkbox" || type === "radio");
    const isTextField = (tag === "input" && !isCheckable) || tag === "textarea";

    let inIframe = false;
    try {
      inIframe = window.top !== window;
    } catch {
      inIframe = true;
    }

    target = {
      tag,
      role: implicitRole(element),
      name: name.name,
      nameSource: name.source,
      inputType: type,
      autocomplete: element.getAttribute("autocomplete"),
      elementName: element.getAttribute("name"),
      id: element.id || null,
      placeholder: element.getAttribute("placeholder"),
      href: link ? link.href : null,
      linkTarget: link?.getAttribute("target") ?? null,
      form: formFacts,
      submitsForm,
      visible: hiddenBy.length === 0,
      hiddenBy,
      covered,
      enabled: !(element as HTMLButtonElement).disabled && element.getAttribute("aria-disabled") !== "true",
      inShadowRoot: rootOf(element) instanceof ShadowRoot,
      inIframe,
      itemText: itemTextOf(element),
      section: sectionOf(element),
      options,
      checked: isCheckable ? (element as HTMLInputElement).checked : null,
      currentValueLength: isTextField ? (element as HTMLInputElement).value.length : null,
    };

    if (request.kind === "click" && link && !submitsForm) {
      const newWindow = (link.getAttribute("target") ?? "").toLowerCase() === "_blank";
      const raw = link.getAttribute("href") ?? "";
      destination = {
        url: /^\s*(javascript|data|vbscript):/i.test(raw) ? raw.trim() : link.href,
        via: newWindow ? "new-window" : "link",
      };
    } else if (
      (request.kind === "click" && submitsForm) ||
      (request.kind === "press" &&
        form &&
        /^(Enter|NumpadEnter)$/i.test(request.value ?? "") &&
        (tag === "input" || tag === "select"))
    ) {
      if (formFacts) {
        const newWindow = (formFacts.target ?? "").toLowerCase() === "_blank";
        destination = { url: formFacts.action, via: newWindow ? "new-window" : "form" };
      }
    }
  } else {
    const raw = request.value ?? "";
    let url = raw.trim();
    if (!/^\s*(javascript|data|vbscript):/i.test(raw)) {
      try {
        url = new URL(raw, document.baseURI === "about:blank" ? undefined : document.baseURI).href;
      } catch {
        url = raw;
      }
    }
    destination = { url, via: "goto" };
  }

  // The capture walks every element once to find shadow roots and frames; the fields come from the trees
  // it found, in the same order a walk of their own would visit them.
  let roots: CapturedRoot[] | null = null;
  const text = capture(topDocument, request.capture, (found) => {
    roots = found;
  });
  const fields: InPageField[] = [];
  if (roots === null) collectFields(topDocument, fields);
  else
    for (const { root, entered } of roots as CapturedRoot[]) {
      if (fields.length >= FIELD_LIMIT) break;
      if (!entered) {
        collectFields(root, fields);
        continue;
      }
      for (const field of fieldsIn(root)) {
        if (fields.length >= FIELD_LIMIT) break;
        fields.push(fieldDescriptor(field));
      }
    }
  const topWindow = topDocument.defaultView ?? window;
  return {
    ok: true,
    url: topWindow.location.href,
    title: clean(topDocument.title, 300),
    target,
    destination,
    fields,
    formValuesDigest,
    text,
  };
}

export interface InPageRequest {
  kind: string;
  value: string | null;
  capture: CaptureOptions;
}

export interface InPageField {
  tag: string;
  inputType: string | null;
  autocomplete: string | null;
  elementName: string | null;
  id: string | null;
  placeholder: string | null;
  name: string;
  formId: string | null;
  where: string;
}

export interface InPageForm {
  action: string;
  method: string;
  id: string | null;
  target: string | null;
  fields: InPageField[];
  fieldCount: number;
}

export interface InPageTarget {
  tag: string;
  role: string | null;
  name: string;
  nameSource: string;
  inputType: string | null;
  autocomplete: string | null;
  elementName: string | null;
  id: string | null;
  placeholder: string | null;
  href: string | null;
  linkTarget: string | null;
  form: InPageForm | null;
  submitsForm: boolean;
  visible: boolean;
  hiddenBy: string[];
  covered: boolean;
  enabled: boolean;
  inShadowRoot: boolean;
  inIframe: boolean;
  itemText: string | null;
  section: string | null;
  options: { value: string; label: string }[] | null;
  checked: boolean | null;
  currentValueLength: number | null;
}

export interface InPageDestination {
  url: string;
  via: "goto" | "link" | "form" | "new-window";
}

export type InPageResult =
  | {
      ok: true;
      url: string;
      title: string;
      target: InPageTarget | null;
      destination: InPageDestination | null;
      fields: InPageField[];
      formValuesDigest: string;
      text: CapturedText;
    }
  | { ok: false; error: "no_match" | "ambiguous"; count: number; url: string };
