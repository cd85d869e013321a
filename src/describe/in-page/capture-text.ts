/**
 * Runs inside the page. Captures what a person sees and what they do not, with the reason, in time that
 * does not grow with every element's style:
 * - visible text comes from the engine's own rendering (`innerText`, per document and open shadow root);
 * - hidden text comes from candidates: meta, comments, text-bearing attributes, `hidden`, `aria-hidden`,
 *   `template`, `noscript`, hidden inputs, elements with inline style, and elements matched by the page's
 *   style rules that can hide text (display, visibility, opacity, tiny fonts, pale or transparent colour,
 *   off-screen positioning, clipping, zero size, overflow). Each candidate is then checked with computed
 *   style, so stylesheets and classes count.
 * When a stylesheet cannot be read (cross-origin without CORS), every text-bearing element becomes a
 * candidate, within a time budget; the result says so.
 *
 * This function is serialised into the page: it must not reference anything outside its own body.
 */
export function captureText(root: Document, options: CaptureOptions): CapturedText {
  const started = performance.now();
  const ATTRIBUTES: [string, string][] = [
    ["alt", "attr:alt"],
    ["title", "attr:title"],
    ["aria-label", "attr:aria-label"],
    ["aria-description", "attr:aria-description"],
    ["placeholder", "attr:placeholder"],
  ];
  const ATTRIBUTE_SELECTOR = "[alt],[title],[aria-label],[aria-description],[placeholder]";
  const TINY_FONT_PX = 5;
  const FAR = -500;

  const visibleParts: string[] = [];
  let visibleLength = 0;
  let storedLength = 0;
  const hidden: CapturedHidden[] = [];
  let hiddenCount = 0;
  let unreadableStylesheets = 0;
  let complete = true;
  const timings = { visible: 0, comments: 0, attributes: 0, candidates: 0 };

  // Two independent 32-bit multiplicative hashes per stream: a cheap digest of everything seen that does
  // not depend on the bounds of the copies returned.
  const state = { h1: 0xdeadbeef, h2: 0x41c6ce57, g1: 0x9e3779b9, g2: 0x85ebca6b };
  const mixVisible = (text: string) => {
    let { h1, h2 } = state;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    state.h1 = h1;
    state.h2 = h2;
  };
  const mixHidden = (text: string) => {
    let { g1, g2 } = state;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      g1 = Math.imul(g1 ^ code, 2654435761);
      g2 = Math.imul(g2 ^ code, 1597334677);
    }
    state.g1 = g1;
    state.g2 = g2;
  };
  const digest = (a: number, b: number) => {
    const x = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
    const y = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
    return (x >>> 0).toString(16).padStart(8, "0") + (y >>> 0).toString(16).padStart(8, "0");
  };

  const describeWhere = (element: Element | null, prefix: string): string => {
    if (!element) return prefix || "document";
    const label = (node: Element) =>
      node.id
        ? `${node.tagName.toLowerCase()}#${node.id}`
        : node.classList.length > 0
          ? `${node.tagName.toLowerCase()}.${node.classList[0]}`
          : node.tagName.toLowerCase();
    const parent = element.parentElement;
    return `${prefix}${parent && parent !== element.ownerDocument.body ? `${label(parent)} > ` : ""}${label(element)}`;
  };

  const addVisible = (text: string) => {
    if (text === "") return;
    mixVisible(text);
    visibleLength += text.length;
    if (storedLength < options.visibleBound) {
      const room = options.visibleBound - storedLength;
      const piece = text.length > room ? text.slice(0, room) : text;
      visibleParts.push(piece);
      storedLength += piece.length;
    }
  };

  const addHidden = (text: string, provenance: string, hiddenBy: string[], where: () => string) => {
    const clean = text.replace(/\s+/g, " ").trim();
    if (clean.length < options.minHiddenLength) return;
    mixHidden(clean);
    hiddenCount++;
    if (hidden.length < options.hiddenLimit)
      hidden.push({
        text: clean.length > options.hiddenTextBound ? clean.slice(0, options.hiddenTextBound) : clean,
        provenance,
        hiddenBy,
        where: where(),
      });
  };

  // Colours: parse what computed style returns (rgb/rgba) and what stylesheets hold (hex, rgb, a few names).
  const NAMED: Record<string, [number, number, number, number]> = {
    white: [255, 255, 255, 1],
    black: [0, 0, 0, 1],
    transparent: [0, 0, 0, 0],
    snow: [255, 250, 250, 1],
    ivory: [255, 255, 240, 1],
    whitesmoke: [245, 245, 245, 1],
  };
  const parseColour = (value: string): [number, number, number, number] | null => {
    const text = value.trim().toLowerCase();
    if (NAMED[text]) return NAMED[text] as [number, number, number, number];
    const hex = /^#([0-9a-f]{3,8})$/.exec(text);
    if (hex) {
      let digits = hex[1] as string;
      if (digits.length <= 4) digits = digits.replace(/./g, (character) => character + character);
      const channel = (index: number) => Number.parseInt(digits.slice(index, index + 2), 16);
      return [channel(0), channel(2), channel(4), digits.length === 8 ? channel(6) / 255 : 1];
    }
    const match = /rgba?\(([^)]+)\)/.exec(text);
    if (!match) return null;
    const parts = (match[1] as string)
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map((part) => (part.endsWith("%") ? Number.parseFloat(part) / 100 : Number(part)));
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts.length > 3 ? (parts[3] as number) : 1];
  };
  const luminance = (colour: [number, number, number, number]) => {
    const channel = (value: number) => {
      const scaled = value / 255;
      return scaled <= 0.03928 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(colour[0]) + 0.7152 * channel(colour[1]) + 0.0722 * channel(colour[2]);
  };
  const contrast = (a: [number, number, number, number], b: [number, number, number, number]) => {
    const x = luminance(a);
    const y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const lengthPx = (value: string, fontPx = 16): number | null => {
    const match = /^(-?[\d.]+)(px|em|rem|%|pt|vw|vh)?$/.exec(value.trim());
    if (!match) return null;
    const number = Number.parseFloat(match[1] as string);
    switch (match[2]) {
      case "em":
      case "rem":
        return number * fontPx;
      case "%":
        return (number / 100) * fontPx;
      case "pt":
        return (number * 4) / 3;
      case "vw":
      case "vh":
        return number * 10;
      default:
        return number;
    }
  };

  // Can a style rule hide text? Generous on purpose: every candidate is checked with computed style.
  const ruleMayHide = (style: CSSStyleDeclaration): boolean => {
    if (style.length === 0) return false;
    if (style.display === "none") return true;
    if (style.visibility === "hidden" || style.visibility === "collapse") return true;
    if (style.opacity !== "" && Number.parseFloat(style.opacity) < 0.1) return true;
    if (style.fontSize !== "") {
      const size = lengthPx(style.fontSize);
      if (size !== null && size < TINY_FONT_PX) return true;
    }
    if (style.color !== "") {
      const colour = parseColour(style.color);
      if (colour && (colour[3] < 0.1 || luminance(colour) > 0.8)) return true;
      if (style.backgroundColor !== "" || style.background !== "") return true;
    }
    if (style.backgroundColor !== "" || style.background !== "") {
      const background = parseColour(style.backgroundColor || style.background);
      if (background && background[3] > 0.5 && luminance(background) < 0.05) return true;
    }
    for (const property of [
      "left",
      "top",
      "right",
      "bottom",
      "marginLeft",
      "marginTop",
      "textIndent",
    ] as const) {
      const value = style[property];
      if (value !== "" && (lengthPx(value) ?? 0) <= FAR) return true;
    }
    if (style.transform !== "" && /-\d{3,}|scale\(\s*0/.test(style.transform)) return true;
    if ((style.clip !== "" && style.clip !== "auto") || (style.clipPath !== "" && style.clipPath !== "none"))
      return true;
    for (const property of ["width", "height", "maxWidth", "maxHeight"] as const) {
      const value = style[property];
      if (value !== "" && (lengthPx(value) ?? 2) <= 1) return true;
    }
    if (
      /hidden|clip/.test(style.overflow + style.overflowX + style.overflowY) &&
      (style.height !== "" || style.maxHeight !== "")
    )
      return true;
    return false;
  };

  const collectSelectors = (rules: CSSRuleList, into: string[]) => {
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index] as CSSRule & {
        cssRules?: CSSRuleList;
        style?: CSSStyleDeclaration;
        selectorText?: string;
      };
      if (rule.selectorText !== undefined && rule.style && ruleMayHide(rule.style)) {
        // Pseudo-elements cannot be queried; their element is the candidate.
        const selector = rule.selectorText.replace(
          /::?(before|after|first-line|first-letter|marker|placeholder)\b/g,
          "",
        );
        if (selector.trim() !== "") into.push(selector);
      }
      if (rule.cssRules && rule.cssRules.length > 0) collectSelectors(rule.cssRules, into);
    }
  };

  const sheetsOf = (scope: Document | ShadowRoot): CSSStyleSheet[] => [
    ...Array.from(scope.styleSheets),
    ...((scope as { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets ?? []),
  ];

  // The nearest opaque background behind an element; cached, since siblings share ancestors.
  const backgrounds = new Map<Element, [number, number, number, number]>();
  const backgroundOf = (element: Element, view: Window): [number, number, number, number] => {
    const cached = backgrounds.get(element);
    if (cached) return cached;
    const own = parseColour(view.getComputedStyle(element).backgroundColor);
    const result: [number, number, number, number] =
      own && own[3] > 0.5
        ? own
        : element.parentElement
          ? backgroundOf(element.parentElement, view)
          : [255, 255, 255, 1];
    backgrounds.set(element, result);
    return result;
  };

  // Why an element is hidden from a person, from computed style; empty when it is seen. Cheapest checks
  // first, and the first reason found is enough (aria-hidden is added on top, as it hides from tools).
  const hiddenReasons = (
    element: Element,
    view: Window,
    page: { width: number; height: number },
  ): string[] => {
    const ariaHidden = element.closest("[aria-hidden=true]") !== null;
    const found = (reason: string) => (ariaHidden ? [reason, "aria-hidden"] : [reason]);
    const style = view.getComputedStyle(element);
    if (style.display === "none")
      return found(element.hasAttribute("hidden") ? "hidden-attribute" : "display-none");
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      if (!element.checkVisibility()) {
        const closedDetails = element.closest("details:not([open])");
        if (closedDetails && !element.closest("summary")) return found("collapsed-details");
        return found(element.closest("[hidden]") ? "hidden-attribute" : "display-none");
      }
      if (!element.checkVisibility({ visibilityProperty: true })) return found("visibility-hidden");
      return found("opacity-zero");
    }
    const rect = element.getBoundingClientRect();
    if (
      rect.right + view.scrollX <= 0 ||
      rect.bottom + view.scrollY <= 0 ||
      rect.left + view.scrollX >= page.width ||
      rect.top + view.scrollY >= page.height ||
      (lengthPx(style.textIndent) ?? 0) <= FAR
    )
      return found("off-screen");
    const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
    if ((rect.width < 2 || rect.height < 2) && (clips || rect.width === 0 || rect.height === 0))
      return found("zero-size");
    if (
      /rect\(\s*0(px)?[ ,]+0(px)?[ ,]+0(px)?[ ,]+0(px)?\s*\)/.test(style.clip) ||
      /inset\(\s*(50|100)%/.test(style.clipPath) ||
      /circle\(\s*0/.test(style.clipPath)
    )
      return found("clipped");
    if ((lengthPx(style.fontSize) ?? 16) < TINY_FONT_PX) return found("tiny-font");
    const colour = parseColour(style.color);
    if (colour && (colour[3] < 0.1 || contrast(colour, backgroundOf(element, view)) < 1.15))
      return found("same-colour");
    return ariaHidden ? ["aria-hidden"] : [];
  };

  const hasOwnText = (element: Element) => {
    for (let child = element.firstChild; child; child = child.nextSibling)
      if (child.nodeType === 3 && (child.nodeValue ?? "").trim() !== "") return true;
    return false;
  };

  interface Scope {
    scope: Document | ShadowRoot;
    view: Window;
    prefix: string;
  }

  // Documents (the page and same-origin iframes) and open shadow roots, found in one pass each.
  const scopes: Scope[] = [];
  const collectScopes = (scope: Document | ShadowRoot, view: Window, prefix: string) => {
    scopes.push({ scope, view, prefix });
    const all = scope.querySelectorAll("*");
    for (let index = 0; index < all.length; index++) {
      const element = all[index] as Element;
      if (element.shadowRoot)
        collectScopes(element.shadowRoot, view, `${prefix}${describeWhere(element, "")} >> `);
      if (options.enterFrames && element.tagName === "IFRAME") {
        try {
          const inner = (element as HTMLIFrameElement).contentDocument;
          const innerView = (element as HTMLIFrameElement).contentWindow;
          if (inner?.body && innerView)
            collectScopes(inner, innerView as unknown as Window, `${prefix}iframe > `);
        } catch {
          // A cross-origin frame is its own page.
        }
      }
    }
  };
  collectScopes(root, root.defaultView as Window, "");

  for (const { scope, view, prefix } of scopes) {
    // What a person sees, as the engine renders it: blocks on their own lines, inline markup joined.
    if (scope.nodeType === 9) {
      const body = (scope as Document).body;
      if (body) addVisible(`${body.innerText}\n`);
      for (const meta of Array.from(scope.querySelectorAll("meta[content]"))) {
        const key =
          meta.getAttribute("name") ?? meta.getAttribute("property") ?? meta.getAttribute("http-equiv") ?? "";
        if (/^(viewport|charset|theme-color|robots|referrer|color-scheme|format-detection)$/i.test(key))
          continue;
        addHidden(meta.getAttribute("content") ?? "", "meta", [], () => `${prefix}meta[name=${key}]`);
      }
    } else {
      for (const child of Array.from(scope.children)) {
        if (child.tagName === "STYLE" || child.tagName === "SCRIPT") continue;
        const text = (child as HTMLElement).innerText ?? "";
        if (text.trim() !== "") addVisible(`${text}\n`);
      }
    }

    const mark = performance.now();
    timings.visible +=
      mark - started - timings.visible - timings.comments - timings.attributes - timings.candidates;
    const walker = (
      scope.nodeType === 9 ? (scope as Document) : (scope as ShadowRoot).ownerDocument
    ).createTreeWalker(scope, NodeFilter.SHOW_COMMENT);
    while (walker.nextNode()) {
      const comment = walker.currentNode as Comment;
      addHidden(comment.nodeValue ?? "", "comment", [], () => describeWhere(comment.parentElement, prefix));
    }

    const afterComments = performance.now();
    timings.comments += afterComments - mark;
    // Attribute text is never read as such by a person looking at the page.
    for (const element of Array.from(scope.querySelectorAll(ATTRIBUTE_SELECTOR))) {
      for (const [attribute, provenance] of ATTRIBUTES) {
        const value = element.getAttribute(attribute);
        if (value && /\p{L}/u.test(value))
          addHidden(value, provenance, [], () => describeWhere(element, prefix));
      }
    }
    for (const element of Array.from(scope.querySelectorAll("noscript, template, input[type=hidden]"))) {
      const text =
        element.tagName === "TEMPLATE"
          ? ((element as HTMLTemplateElement).content.textContent ?? "")
          : element.tagName === "INPUT"
            ? (element as HTMLInputElement).value
            : (element.textContent ?? "");
      const provenance = element.tagName === "INPUT" ? "attr:value" : element.tagName.toLowerCase();
      // A hidden input holding words (not a token or an id) is text placed where no one sees it.
      if (element.tagName !== "INPUT" || /\p{L}+\s+\p{L}+/u.test(text))
        addHidden(text, provenance, ["not-rendered"], () => describeWhere(element, prefix));
    }

    const afterAttributes = performance.now();
    timings.attributes += afterAttributes - afterComments;
    // Candidates whose text may be hidden by style.
    const selectors = ["[style]", "[hidden]", "[aria-hidden=true]", "details:not([open]) > *"];
    let readable = true;
    for (const sheet of sheetsOf(scope)) {
      let rules: CSSRuleList;
      try {
        rules = sheet.cssRules;
      } catch {
        readable = false;
        unreadableStylesheets++;
        continue;
      }
      collectSelectors(rules, selectors);
    }
    let candidates: Element[];
    if (readable) {
      try {
        candidates = Array.from(scope.querySelectorAll(selectors.join(",")));
      } catch {
        const found = new Set<Element>();
        for (const selector of selectors) {
          try {
            for (const element of Array.from(scope.querySelectorAll(selector))) found.add(element);
          } catch {
            // A selector the engine does not accept in a query (a vendor pseudo-class) is skipped.
          }
        }
        candidates = Array.from(found);
      }
    } else {
      // Styles we cannot read: every element with text of its own is a candidate.
      candidates = Array.from(scope.querySelectorAll("body *")).filter(hasOwnText);
    }

    const ownerDocument = scope.nodeType === 9 ? (scope as Document) : (scope as ShadowRoot).ownerDocument;
    const pageBox = {
      width: Math.max(ownerDocument.documentElement.scrollWidth, view.innerWidth),
      height: Math.max(ownerDocument.documentElement.scrollHeight, view.innerHeight),
    };
    const done = new Set<Element>();
    const within = (element: Element) => {
      for (let current: Element | null = element; current; current = current.parentElement)
        if (done.has(current)) return true;
      return false;
    };
    for (const candidate of candidates) {
      if (performance.now() - started > options.budgetMs) {
        complete = false;
        break;
      }
      if (candidate.tagName === "SCRIPT" || candidate.tagName === "STYLE" || candidate.tagName === "TEMPLATE")
        continue;
      if (done.size > 0 && within(candidate)) continue;
      const reasons = hiddenReasons(candidate, view, pageBox);
      if (reasons.length > 0) {
        done.add(candidate);
        addHidden(candidate.textContent ?? "", "text", reasons, () => describeWhere(candidate, prefix));
        continue;
      }
      // A visible container can still hide text of its descendants: pale text on its dark background,
      // or children pushed outside its overflow-hidden box. Check those, bounded.
      const candidateStyle = view.getComputedStyle(candidate);
      const clipsChildren = candidateStyle.overflowX !== "visible" || candidateStyle.overflowY !== "visible";
      const darkBackground = luminance(backgroundOf(candidate, view)) < 0.05;
      if (!clipsChildren && !darkBackground) continue;
      const box = candidate.getBoundingClientRect();
      const descendants = candidate.querySelectorAll("*");
      for (let index = 0; index < descendants.length && index < 300; index++) {
        const descendant = descendants[index] as Element;
        if (!hasOwnText(descendant) || within(descendant)) continue;
        if (clipsChildren) {
          const rect = descendant.getBoundingClientRect();
          if (
            rect.right <= box.left ||
            rect.left >= box.right ||
            rect.bottom <= box.top ||
            rect.top >= box.bottom
          ) {
            done.add(descendant);
            addHidden(descendant.textContent ?? "", "text", ["overflow-hidden"], () =>
              describeWhere(descendant, prefix),
            );
            continue;
          }
        }
        const inner = hiddenReasons(descendant, view, pageBox);
        if (inner.length > 0) {
          done.add(descendant);
          addHidden(descendant.textContent ?? "", "text", inner, () => describeWhere(descendant, prefix));
        }
      }
    }
    timings.candidates += performance.now() - afterAttributes;
  }

  const visibleText = visibleParts
    .join("")
    .replace(/[ \t\r\f\v\u00a0]+/g, " ")
    .replace(/ ?\n\s*/g, "\n")
    .trim();
  return {
    visibleText,
    visibleTextLength: visibleLength,
    visibleTextTruncated: visibleLength > options.visibleBound,
    visibleDigest: digest(state.h1, state.h2),
    hidden,
    hiddenCount,
    hiddenDigest: digest(state.g1, state.g2),
    unreadableStylesheets,
    complete,
    elapsedMs: performance.now() - started,
    timings,
  };
}

export interface CaptureOptions {
  /** How many characters of visible text to return. The digest covers all of it. */
  visibleBound: number;
  /** How many hidden pieces of text to return. */
  hiddenLimit: number;
  /** How many characters of each hidden piece to return. */
  hiddenTextBound: number;
  /** Hidden text shorter than this (after trimming) is ignored. */
  minHiddenLength: number;
  enterFrames: boolean;
  /** Milliseconds the style checks may take before the capture stops and reports itself incomplete. */
  budgetMs: number;
}

export interface CapturedHidden {
  text: string;
  provenance: string;
  hiddenBy: string[];
  where: string;
}

export interface CapturedText {
  visibleText: string;
  visibleTextLength: number;
  visibleTextTruncated: boolean;
  visibleDigest: string;
  hidden: CapturedHidden[];
  hiddenCount: number;
  hiddenDigest: string;
  /** Stylesheets whose rules could not be read (cross-origin); their pages get the slower full check. */
  unreadableStylesheets: number;
  /** False when the style checks ran out of time; hidden text may then be missing. */
  complete: boolean;
  elapsedMs: number;
  /** Milliseconds per stage: visible text, comments, attributes, style candidates. */
  timings: { visible: number; comments: number; attributes: number; candidates: number };
}
