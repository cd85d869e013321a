/**
 * Runs inside the page. Captures what a person sees and what they do not, with the reason, in time that
 * does not grow with every element's style:
 * - visible text comes from the engine's own rendering (`innerText`, per document and open shadow root),
 *   so inline markup never splits a sentence and blocks sit on their own lines;
 * - hidden text comes from candidates: meta, comments, text-bearing attributes, `hidden`, `aria-hidden`,
 *   `template`, `noscript`, hidden inputs, elements with inline style, and elements matched by the page's
 *   style rules that can hide text (display, visibility, opacity, tiny fonts, colours close to a
 *   background the page declares, off-screen positioning, clipping, zero size, overflow). Each candidate
 *   is then checked with computed style, so stylesheets and classes count. Colour is compared with what
 *   is painted behind the text: the nearest ancestor background (gradients included) whose box holds the
 *   text, and, inside the viewport, whatever element is actually under it.
 * When a stylesheet cannot be read (cross-origin without CORS), every text-bearing element becomes a
 * candidate, within a time budget; the result says so.
 *
 * With `options.firewall`, it also returns every text-bearing place for the perception firewall: text
 * lines or blocks, comments, meta, attributes, `noscript`, `template`, page-provided input values, CSS
 * `content` of pseudo-elements, and the `srcdoc` of cross-origin frames as text. In `lines` mode (the
 * gate's) only places that match the firewall's trigger pattern, with their neighbours, leave the page:
 * the rest cannot score, and moving a megabyte of small objects out of the page costs more than the scan.
 * In `tree` mode (the safe view's) every visible block leaves, with references to interactive elements.
 *
 * DOM functions come from `window.__stoplinePristine` when the guarded page installed it at document
 * start (see pristine-dom.ts), so a page script that patches them cannot lie to the capture.
 *
 * This function is serialised into the page: it must not reference anything outside its own body.
 */
export function captureText(
  root: Document,
  options: CaptureOptions,
  onRoots?: (roots: CapturedRoot[]) => void,
): CapturedText {
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
  const BLOCK_TAGS = new Set(
    "ADDRESS ARTICLE ASIDE BLOCKQUOTE BR CAPTION DD DETAILS DIALOG DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HGROUP HR LEGEND LI MAIN NAV OL OPTION P PRE SECTION SUMMARY TABLE TBODY TD TFOOT TH THEAD TR UL".split(
      " ",
    ),
  );
  const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "HEAD", "TITLE"]);
  const QUOTE_SELECTOR = "blockquote, q, pre, code, samp, kbd";

  // Pristine DOM functions, saved before the page's own scripts ran (when the guard installed them). A
  // saved function that cannot be applied here (another frame's realm) falls back to the live one.
  type PristineDom = {
    apply: (target: unknown, self: unknown, args: unknown[]) => unknown;
    innerText?: () => string;
    textContent?: () => string | null;
    getComputedStyle?: (element: Element, pseudo?: string | null) => CSSStyleDeclaration;
    getBoundingClientRect?: () => DOMRect;
    checkVisibility?: (options?: unknown) => boolean;
    querySelectorAll?: (selectors: string) => NodeListOf<Element>;
    documentQuerySelectorAll?: (selectors: string) => NodeListOf<Element>;
    fragmentQuerySelectorAll?: (selectors: string) => NodeListOf<Element>;
    getAttribute?: (name: string) => string | null;
    stringify?: (value: unknown) => string;
  };
  const pristine = (root.defaultView as unknown as { __stoplinePristine?: PristineDom } | null)
    ?.__stoplinePristine;
  const call = <T>(saved: unknown, self: unknown, args: unknown[], fallback: () => T): T => {
    if (!pristine || typeof saved !== "function") return fallback();
    try {
      return pristine.apply(saved, self, args) as T;
    } catch {
      return fallback();
    }
  };
  // Without saved copies, plain calls: these run thousands of times on a big page.
  const innerTextOf = pristine
    ? (element: HTMLElement): string => call(pristine.innerText, element, [], () => element.innerText) ?? ""
    : (element: HTMLElement): string => element.innerText ?? "";
  const textContentOf = pristine
    ? (node: Node): string => call(pristine.textContent, node, [], () => node.textContent) ?? ""
    : (node: Node): string => node.textContent ?? "";
  const styleOf = pristine
    ? (element: Element, view: Window, pseudo?: string): CSSStyleDeclaration =>
        call(pristine.getComputedStyle, view, pseudo ? [element, pseudo] : [element], () =>
          view.getComputedStyle(element, pseudo ?? null),
        )
    : (element: Element, view: Window, pseudo?: string): CSSStyleDeclaration =>
        view.getComputedStyle(element, pseudo ?? null);
  const rectOf = pristine
    ? (element: Element): DOMRect =>
        call(pristine.getBoundingClientRect, element, [], () => element.getBoundingClientRect())
    : (element: Element): DOMRect => element.getBoundingClientRect();
  const visibleBy = pristine
    ? (element: Element, check?: CheckVisibilityOptions): boolean =>
        call(pristine.checkVisibility, element, check ? [check] : [], () => element.checkVisibility(check))
    : (element: Element, check?: CheckVisibilityOptions): boolean => element.checkVisibility(check);
  const queryList = (scope: ParentNode, selector: string): ArrayLike<Element> => {
    if (!pristine) return scope.querySelectorAll(selector);
    const kind = (scope as Node).nodeType;
    const saved =
      kind === 9
        ? pristine.documentQuerySelectorAll
        : kind === 11
          ? pristine.fragmentQuerySelectorAll
          : pristine.querySelectorAll;
    return call(saved, scope, [selector], () => scope.querySelectorAll(selector));
  };
  const queryAll = (scope: ParentNode, selector: string): Element[] => Array.from(queryList(scope, selector));
  // What `queryAll(scope, selector)` gives for a selector that lists tags (each with an optional filter),
  // read from the engine's cached per-tag lists when that gives the same elements in the same order: one
  // tag present, or any order accepted (`anyOrder`) and at most `limit` elements. Matching a selector list
  // against every element of a big page costs milliseconds. Plain DOM functions only: with saved copies,
  // the query is used.
  const ofTags = (
    scope: Document | ShadowRoot,
    selector: string,
    tags: [string, ((element: Element) => boolean) | null][],
    anyOrder = false,
    limit = Number.POSITIVE_INFINITY,
  ): Element[] => {
    if (pristine || scope.nodeType !== 9 || (scope as Document).contentType !== "text/html")
      return queryAll(scope, selector);
    const lists = tags
      .map(([tag, keep]) => ({ list: (scope as Document).getElementsByTagName(tag), keep }))
      .filter(({ list }) => list.length > 0);
    const total = lists.reduce((sum, { list }) => sum + list.length, 0);
    if (lists.length > 1 && !(anyOrder && total <= limit)) return queryAll(scope, selector);
    const found: Element[] = [];
    for (const { list, keep } of lists)
      for (let index = 0; index < list.length; index++) {
        const element = list[index] as Element;
        if (!keep || keep(element)) found.push(element);
      }
    return found;
  };
  const typeIsHidden = (element: Element) => (element.getAttribute("type") ?? "").toLowerCase() === "hidden";
  const attributeOf = pristine
    ? (element: Element, name: string): string | null =>
        call(pristine.getAttribute, element, [name], () => element.getAttribute(name))
    : (element: Element, name: string): string | null => element.getAttribute(name);
  const stringify = (value: unknown): string =>
    call(pristine?.stringify, JSON, [value], () => JSON.stringify(value));

  const visibleParts: string[] = [];
  let visibleLength = 0;
  let storedLength = 0;
  const hidden: CapturedHidden[] = [];
  let hiddenCount = 0;
  let unreadableStylesheets = 0;
  let complete = true;
  const timings = { visible: 0, comments: 0, attributes: 0, candidates: 0, firewall: 0 };

  // Two independent 32-bit multiplicative hashes per stream: a cheap digest of everything seen that does
  // not depend on the bounds of the copies returned.
  const state = {
    h1: 0xdeadbeef,
    h2: 0x41c6ce57,
    g1: 0x9e3779b9,
    g2: 0x85ebca6b,
    f1: 0x27d4eb2f,
    f2: 0x165667b1,
  };
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
  const mixFirewall = (text: string) => {
    let { f1, f2 } = state;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      f1 = Math.imul(f1 ^ code, 2654435761);
      f2 = Math.imul(f2 ^ code, 1597334677);
    }
    state.f1 = f1;
    state.f2 = f2;
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

  // The firewall's places. Tuples in a JSON string: see CapturedFirewall.
  const firewall = options.firewall ?? null;
  // Words case-insensitively, characters with the Unicode flag (together they are slow). The words come
  // in parts when the options give them: together they match where the whole does, and faster.
  const wordSources = firewall
    ? firewall.triggerParts && firewall.triggerParts.length > 0
      ? firewall.triggerParts
      : [firewall.trigger]
    : [];
  const triggerWords = wordSources.map((source) => new RegExp(source, "i"));
  const triggerCharacters = firewall ? new RegExp(firewall.triggerCharacters, "u") : null;
  const trigger = firewall
    ? {
        test: (text: string) => {
          for (const words of triggerWords) if (words.test(text)) return true;
          return (triggerCharacters as RegExp).test(text);
        },
      }
    : null;
  const filtering = firewall?.mode === "lines";
  const nodeTuples: unknown[][] = [];
  const elementTuples: unknown[][] = [];
  const roleByElement = new Map<Element, string>();
  let nodeCharacters = 0;
  let nodesComplete = true;
  let omittedPlaces = 0;
  let crossOriginFrames = 0;
  const addNode = (
    text: string,
    provenance: string,
    hiddenBy: string[],
    where: () => string,
    scope: number,
    quoted: boolean,
    filtered: boolean,
    refs?: [string, number, number][],
  ) => {
    if (!firewall) return;
    const clean = text
      .replace(/[ \t\r\f\v\u00a0]+/g, " ")
      .replace(/ ?\n\s*/g, "\n")
      .trim();
    if (clean === "") return;
    mixFirewall(provenance);
    mixFirewall(clean);
    if (filtered && filtering && trigger && !trigger.test(clean)) {
      omittedPlaces++;
      return;
    }
    if (nodeTuples.length >= firewall.maxNodes || nodeCharacters + clean.length > firewall.maxCharacters) {
      nodesComplete = false;
      return;
    }
    nodeCharacters += clean.length;
    nodeTuples.push([clean, provenance, hiddenBy, where(), scope, quoted ? 1 : 0, refs ?? null]);
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

  const addHidden = (
    text: string,
    provenance: string,
    hiddenBy: string[],
    where: () => string,
    scope: number,
    filtered: boolean,
  ) => {
    const clean = text.replace(/\s+/g, " ").trim();
    if (clean.length < options.minHiddenLength) return;
    mixHidden(clean);
    hiddenCount++;
    let place: string | null = null;
    const placeOnce = () => {
      place ??= where();
      return place;
    };
    if (hidden.length < options.hiddenLimit)
      hidden.push({
        text: clean.length > options.hiddenTextBound ? clean.slice(0, options.hiddenTextBound) : clean,
        provenance,
        hiddenBy,
        where: placeOnce(),
      });
    addNode(text, provenance, hiddenBy, placeOnce, scope, false, filtered);
  };

  // Text of a subtree with a line break at every block boundary: `textContent` glues `<p>a</p><p>b</p>`
  // into "ab", which would hide a sentence boundary or invent a word.
  const LINE = {};
  const blockText = (element: Node, limit = 20_000): string => {
    const parts: string[] = [];
    let length = 0;
    const stack: (Node | typeof LINE)[] = [element];
    while (stack.length > 0 && length < limit) {
      const node = stack.pop() as Node | typeof LINE;
      if (node === LINE) {
        parts.push("\n");
        continue;
      }
      const current = node as Node;
      if (current.nodeType === 3) {
        const value = current.nodeValue ?? "";
        parts.push(value);
        length += value.length;
        continue;
      }
      if (current.nodeType !== 1 && current.nodeType !== 11 && current.nodeType !== 9) continue;
      const tag = (current as Element).tagName;
      if (tag === "SCRIPT" || tag === "STYLE" || tag === "TEMPLATE") continue;
      const block = tag !== undefined && BLOCK_TAGS.has(tag);
      if (block) stack.push(LINE);
      const container = (current as Element).shadowRoot ?? current;
      for (let child = container.lastChild; child; child = child.previousSibling) stack.push(child);
      if (block) stack.push(LINE);
    }
    return parts.join("");
  };

  // Colours: parse what computed style returns (rgb/rgba) and what stylesheets hold (hex, rgb, a few names).
  type Colour = [number, number, number, number];
  const NAMED: Record<string, Colour> = {
    white: [255, 255, 255, 1],
    black: [0, 0, 0, 1],
    transparent: [0, 0, 0, 0],
    snow: [255, 250, 250, 1],
    ivory: [255, 255, 240, 1],
    whitesmoke: [245, 245, 245, 1],
    gray: [128, 128, 128, 1],
    grey: [128, 128, 128, 1],
    silver: [192, 192, 192, 1],
  };
  const parseColour = (value: string): Colour | null => {
    const text = value.trim().toLowerCase();
    if (NAMED[text]) return NAMED[text] as Colour;
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
  // Every colour named in a value such as `linear-gradient(#fff, rgb(250 250 250))`.
  const coloursIn = (value: string): Colour[] => {
    const found: Colour[] = [];
    for (const match of value.matchAll(
      /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|\b(white|black|snow|ivory|whitesmoke)\b/gi,
    )) {
      const colour = parseColour(match[0]);
      if (colour) found.push(colour);
    }
    return found;
  };
  const luminance = (colour: Colour) => {
    const channel = (value: number) => {
      const scaled = value / 255;
      return scaled <= 0.03928 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(colour[0]) + 0.7152 * channel(colour[1]) + 0.0722 * channel(colour[2]);
  };
  const contrast = (a: Colour, b: Colour) => {
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

  // Colours the page's style rules declare, so a text colour is a candidate only when it is close to a
  // background the page could paint behind it (and the reverse): checking every coloured element would
  // cost a style computation per element.
  const rootStyle = root.documentElement ? styleOf(root.documentElement, root.defaultView as Window) : null;
  const resolveVariable = (value: string): string => {
    const variable = /^var\(\s*(--[\w-]+)/.exec(value.trim());
    return variable && rootStyle ? rootStyle.getPropertyValue(variable[1] as string).trim() || value : value;
  };
  const declaredBackgrounds: Colour[] = [[255, 255, 255, 1]];
  const declaredColours: Colour[] = [[0, 0, 0, 1]];
  const remember = (into: Colour[], colour: Colour | null) => {
    if (!colour || colour[3] < 0.5 || into.length >= 64) return;
    if (!into.some((known) => contrast(known, colour) < 1.02)) into.push(colour);
  };
  const nearAny = (colour: Colour, palette: Colour[], limit: number) =>
    palette.some((other) => contrast(colour, other) < limit);

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
      const colour = parseColour(resolveVariable(style.color));
      if (colour && (colour[3] < 0.1 || nearAny(colour, declaredBackgrounds, 1.5))) return true;
      if (style.backgroundColor !== "" || style.background !== "") return true;
    }
    if (style.backgroundColor !== "" || style.background !== "") {
      const background = parseColour(resolveVariable(style.backgroundColor || style.background));
      if (background && background[3] > 0.5 && nearAny(background, declaredColours, 1.5)) return true;
      if (/gradient/.test(style.backgroundImage || style.background)) return true;
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

  type StyleRule = CSSRule & { cssRules?: CSSRuleList; style?: CSSStyleDeclaration; selectorText?: string };
  const flattenRules = (rules: CSSRuleList, into: StyleRule[]) => {
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index] as StyleRule;
      if (rule.selectorText !== undefined && rule.style) into.push(rule);
      if (rule.cssRules && rule.cssRules.length > 0) flattenRules(rule.cssRules, into);
    }
  };
  const PSEUDO = /::?(before|after|first-line|first-letter|marker|placeholder)\b/g;
  const pseudoRules: { selector: string; pseudo: string }[] = [];
  const collectSelectors = (rules: StyleRule[], into: string[]) => {
    for (const rule of rules) {
      const style = rule.style as CSSStyleDeclaration;
      const selectorText = rule.selectorText as string;
      // Generated text: the page shows it to a person, and an agent reading the DOM never sees it.
      if (
        firewall &&
        pseudoRules.length < 200 &&
        /::?(before|after)\b/.test(selectorText) &&
        /["']\s*[^"'\s]|attr\(/.test(style.content)
      ) {
        for (const part of selectorText.split(",")) {
          const pseudo = /::?(before|after)\b/.exec(part)?.[1];
          if (!pseudo) continue;
          const selector = part.replace(PSEUDO, "").trim();
          pseudoRules.push({ selector: selector === "" ? "*" : selector, pseudo: `::${pseudo}` });
        }
      }
      if (ruleMayHide(style)) {
        // Pseudo-elements cannot be queried; their element is the candidate.
        const selector = selectorText.replace(PSEUDO, "");
        if (selector.trim() !== "") into.push(selector);
      }
    }
  };

  const sheetsOf = (scope: Document | ShadowRoot): CSSStyleSheet[] => [
    ...Array.from(scope.styleSheets),
    ...((scope as { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets ?? []),
  ];

  // What is painted behind an element: its own background, else the nearest ancestor's (a gradient's
  // colours all count); with a point, only ancestors whose box holds it (text positioned outside its
  // container sits over whatever is there). Cached per element when no point is given.
  const ownBackground = (element: Element, view: Window): Colour[] | null => {
    const style = styleOf(element, view);
    if (/gradient/.test(style.backgroundImage)) {
      const stops = coloursIn(style.backgroundImage);
      if (stops.length > 0) return stops;
    }
    const own = parseColour(style.backgroundColor);
    return own && own[3] > 0.5 ? [own] : null;
  };
  const backgrounds = new Map<Element, Colour[]>();
  const backgroundOf = (element: Element, view: Window, point?: { x: number; y: number }): Colour[] => {
    if (!point) {
      const cached = backgrounds.get(element);
      if (cached) return cached;
    }
    let holds = true;
    // The root's and the body's backgrounds paint the whole canvas.
    if (point && element.tagName !== "BODY" && element.tagName !== "HTML") {
      const box = rectOf(element);
      holds = point.x >= box.left && point.x <= box.right && point.y >= box.top && point.y <= box.bottom;
    }
    let result = holds ? ownBackground(element, view) : null;
    if (!result) {
      const parent =
        element.parentElement ?? ((element.getRootNode() as ShadowRoot).host as Element | undefined);
      result = parent ? backgroundOf(parent, view, point) : [[255, 255, 255, 1]];
    }
    if (!point) backgrounds.set(element, result);
    return result;
  };
  // Inside the viewport, what the engine actually paints under the text's centre decides: the element
  // itself and whatever lies below it, whoever their ancestors are.
  const paintedBehind = (element: Element, view: Window, rect: DOMRect): Colour[] | null => {
    const x = rect.left + rect.width / 2;
    const y = rect.top + Math.min(rect.height / 2, 8);
    if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return null;
    const scope = element.getRootNode() as Document | ShadowRoot;
    if (!("elementsFromPoint" in scope)) return null;
    const stack = scope.elementsFromPoint(x, y);
    let start = stack.indexOf(element);
    if (start < 0) start = stack.findIndex((under) => under.contains(element));
    if (start < 0) return null;
    for (let index = start; index < stack.length; index++) {
      const painted = ownBackground(stack[index] as Element, view);
      if (painted) return painted;
    }
    return [[255, 255, 255, 1]];
  };

  const closeTo = (colour: Colour, behind: Colour[]) =>
    colour[3] < 0.1 ||
    (behind.length > 0 && behind.every((background) => contrast(colour, background) < 1.15));

  // Why an element is hidden from a person, from computed style; empty when it is seen. Cheapest checks
  // first, and the first reason found is enough (aria-hidden is added on top, as it hides from tools).
  // `page` carries the view's scroll offsets, read once: reading them costs microseconds each time, and
  // nothing scrolls while the capture runs.
  const hiddenReasons = (
    element: Element,
    view: Window,
    page: { width: number; height: number; scrollX: number; scrollY: number; ariaHidden?: boolean },
  ): string[] => {
    // `page.ariaHidden` false: the element's tree has no aria-hidden=true element, so none is an ancestor.
    const ariaHidden = page.ariaHidden !== false && element.closest("[aria-hidden=true]") !== null;
    const found = (reason: string) => (ariaHidden ? [reason, "aria-hidden"] : [reason]);
    const style = styleOf(element, view);
    if (style.display === "none")
      return found(element.hasAttribute("hidden") ? "hidden-attribute" : "display-none");
    if (!visibleBy(element, { opacityProperty: true, visibilityProperty: true })) {
      if (!visibleBy(element)) {
        const closedDetails = element.closest("details:not([open])");
        if (closedDetails && !element.closest("summary")) return found("collapsed-details");
        return found(element.closest("[hidden]") ? "hidden-attribute" : "display-none");
      }
      if (!visibleBy(element, { visibilityProperty: true })) return found("visibility-hidden");
      return found("opacity-zero");
    }
    if (Number.parseFloat(style.opacity) < 0.1) return found("opacity-zero");
    const rect = rectOf(element);
    if (rect.width < 1 && rect.height < 1) return found("zero-size");
    if (
      rect.right + page.scrollX <= 0 ||
      rect.bottom + page.scrollY <= 0 ||
      rect.left + page.scrollX >= page.width ||
      rect.top + page.scrollY >= page.height ||
      (lengthPx(style.textIndent) ?? 0) <= FAR
    )
      return found("off-screen");
    const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
    if (
      (rect.width < 2 && rect.height < 2) ||
      ((rect.width < 2 || rect.height < 2) && (clips || rect.width === 0 || rect.height === 0))
    )
      return found("zero-size");
    if (
      /rect\(\s*0(px)?[ ,]+0(px)?[ ,]+0(px)?[ ,]+0(px)?\s*\)/.test(style.clip) ||
      /inset\(\s*(50|100)%/.test(style.clipPath) ||
      /circle\(\s*0/.test(style.clipPath)
    )
      return found("clipped");
    if ((lengthPx(style.fontSize) ?? 16) < TINY_FONT_PX) return found("tiny-font");
    const colour = parseColour(style.color);
    if (colour) {
      const point = { x: rect.left + rect.width / 2, y: rect.top + Math.min(rect.height / 2, 8) };
      const behind = paintedBehind(element, view, rect) ?? backgroundOf(element, view, point);
      if (closeTo(colour, behind)) return found("same-colour");
    }
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
    index: number;
  }

  // Documents (the page and same-origin iframes) and open shadow roots, found in one pass each. The
  // `srcdoc` of a frame we cannot enter is read as text.
  const scopes: Scope[] = [];
  const scopeIndex = new Map<Document | ShadowRoot, number>();
  // Every tree the walk reached, in the order it reached them, for describe's field list (one walk, not two).
  const roots: CapturedRoot[] = [];
  const closedFrames: { frame: HTMLIFrameElement; view: Window; prefix: string; index: number }[] = [];
  const collectScopes = (scope: Document | ShadowRoot, view: Window, prefix: string) => {
    const index = scopes.length;
    scopes.push({ scope, view, prefix, index });
    scopeIndex.set(scope, index);
    roots.push({ root: scope, entered: true });
    // A live collection is far cheaper to walk than a static copy of every element.
    const all: ArrayLike<Element> =
      scope.nodeType === 9 && !pristine
        ? (scope as Document).getElementsByTagName("*")
        : queryList(scope, "*");
    for (let position = 0; position < all.length; position++) {
      const element = all[position] as Element;
      if (element.shadowRoot)
        collectScopes(element.shadowRoot, view, `${prefix}${describeWhere(element, "")} >> `);
      if (element.tagName === "IFRAME") {
        let entered = false;
        let readable: Document | null = null;
        try {
          const inner = (element as HTMLIFrameElement).contentDocument;
          readable = inner;
          const innerView = (element as HTMLIFrameElement).contentWindow;
          if (options.enterFrames && inner?.body && innerView) {
            collectScopes(inner, innerView as unknown as Window, `${prefix}iframe > `);
            entered = true;
          }
        } catch {
          // A cross-origin frame is its own page.
        }
        // A same-origin document the capture does not read (no body yet) may still hold fields.
        if (!entered && readable) roots.push({ root: readable, entered: false });
        if (!entered && options.enterFrames)
          closedFrames.push({ frame: element as HTMLIFrameElement, view, prefix, index });
      }
    }
  };
  collectScopes(root, root.defaultView as Window, "");
  onRoots?.(roots);

  const hiddenElements = new Map<Element, string[]>();

  for (const { scope, view, prefix, index: scopeNumber } of scopes) {
    // What a person sees, as the engine renders it: blocks on their own lines, inline markup joined.
    const visibleChunks: string[] = [];
    if (scope.nodeType === 9) {
      if (scopeNumber === 0) addNode((scope as Document).title, "text", [], () => "title", 0, false, true);
      const body = (scope as Document).body;
      if (body) {
        const text = innerTextOf(body);
        addVisible(`${text}\n`);
        visibleChunks.push(text);
      }
      for (const meta of queryAll(scope, "meta[content]")) {
        const key =
          attributeOf(meta, "name") ?? attributeOf(meta, "property") ?? attributeOf(meta, "http-equiv") ?? "";
        if (/^(viewport|charset|theme-color|robots|referrer|color-scheme|format-detection)$/i.test(key))
          continue;
        addHidden(
          attributeOf(meta, "content") ?? "",
          "meta",
          [],
          () => `${prefix}meta[name=${key}]`,
          scopeNumber,
          true,
        );
      }
    } else {
      for (const child of Array.from(scope.children)) {
        if (child.tagName === "STYLE" || child.tagName === "SCRIPT") continue;
        const text = innerTextOf(child as HTMLElement);
        if (text.trim() !== "") {
          addVisible(`${text}\n`);
          visibleChunks.push(text);
        }
      }
    }

    const mark = performance.now();
    timings.visible +=
      mark -
      started -
      timings.visible -
      timings.comments -
      timings.attributes -
      timings.candidates -
      timings.firewall;

    const afterLines = performance.now();
    timings.firewall += afterLines - mark;

    const walker = (
      scope.nodeType === 9 ? (scope as Document) : (scope as ShadowRoot).ownerDocument
    ).createTreeWalker(scope, NodeFilter.SHOW_COMMENT);
    while (walker.nextNode()) {
      const comment = walker.currentNode as Comment;
      addHidden(
        comment.nodeValue ?? "",
        "comment",
        [],
        () => describeWhere(comment.parentElement, prefix),
        scopeNumber,
        true,
      );
    }

    const afterComments = performance.now();
    timings.comments += afterComments - afterLines;
    // Attribute text is never read as such by a person looking at the page.
    const withAttributes = queryList(scope, ATTRIBUTE_SELECTOR);
    for (let position = 0; position < withAttributes.length; position++) {
      const element = withAttributes[position] as Element;
      for (const [attribute, provenance] of ATTRIBUTES) {
        const value = attributeOf(element, attribute);
        if (value && /\p{L}/u.test(value))
          addHidden(value, provenance, [], () => describeWhere(element, prefix), scopeNumber, true);
      }
    }
    for (const element of ofTags(scope, "noscript, template, input[type=hidden]", [
      ["noscript", null],
      ["template", null],
      ["input", typeIsHidden],
    ])) {
      const text =
        element.tagName === "TEMPLATE"
          ? blockText((element as HTMLTemplateElement).content)
          : element.tagName === "INPUT"
            ? (element as HTMLInputElement).value
            : textContentOf(element);
      const provenance = element.tagName === "INPUT" ? "attr:value" : element.tagName.toLowerCase();
      // A hidden input holding words (not a token or an id) is text placed where no one sees it.
      if (element.tagName !== "INPUT" || /\p{L}+\s+\p{L}+/u.test(text))
        addHidden(
          text,
          provenance,
          ["not-rendered"],
          () => describeWhere(element, prefix),
          scopeNumber,
          true,
        );
    }

    const afterAttributes = performance.now();
    timings.attributes += afterAttributes - afterComments;
    // Candidates whose text may be hidden by style.
    const selectors = ["[style]", "[hidden]", "[aria-hidden=true]"];
    // Matching `details:not([open]) > *` against every element of a big page costs milliseconds; most
    // pages have no details element at all.
    const hasDetails =
      scope.nodeType === 9 && !pristine
        ? (scope as Document).getElementsByTagName("details").length > 0
        : queryList(scope, "details").length > 0;
    if (hasDetails) selectors.push("details:not([open]) > *");
    let readable = true;
    const rules: StyleRule[] = [];
    for (const sheet of sheetsOf(scope)) {
      let sheetRules: CSSRuleList;
      try {
        sheetRules = sheet.cssRules;
      } catch {
        readable = false;
        unreadableStylesheets++;
        continue;
      }
      flattenRules(sheetRules, rules);
    }
    for (const rule of rules) {
      const style = rule.style as CSSStyleDeclaration;
      if (style.backgroundColor !== "")
        remember(declaredBackgrounds, parseColour(resolveVariable(style.backgroundColor)));
      if (style.color !== "") remember(declaredColours, parseColour(resolveVariable(style.color)));
    }
    const pseudoStart = pseudoRules.length;
    collectSelectors(rules, selectors);
    let candidates: Element[];
    if (readable) {
      try {
        candidates = queryAll(scope, selectors.join(","));
      } catch {
        const found = new Set<Element>();
        for (const selector of selectors) {
          try {
            for (const element of queryAll(scope, selector)) found.add(element);
          } catch {
            // A selector the engine does not accept in a query (a vendor pseudo-class) is skipped.
          }
        }
        candidates = Array.from(found);
      }
    } else {
      // Styles we cannot read: every element with text of its own is a candidate.
      candidates = queryAll(scope, "body *").filter(hasOwnText);
    }

    const ownerDocument = scope.nodeType === 9 ? (scope as Document) : (scope as ShadowRoot).ownerDocument;
    const pageBox = {
      width: Math.max(ownerDocument.documentElement.scrollWidth, view.innerWidth),
      height: Math.max(ownerDocument.documentElement.scrollHeight, view.innerHeight),
      scrollX: view.scrollX,
      scrollY: view.scrollY,
      // The candidates hold every aria-hidden=true element of this tree when its styles were read.
      ariaHidden:
        !readable || candidates.some((candidate) => attributeOf(candidate, "aria-hidden") === "true"),
    };
    const within = (element: Element) => {
      for (let current: Element | null = element; current; current = current.parentElement)
        if (hiddenElements.has(current)) return true;
      return false;
    };
    // Hidden elements are recorded after the loop: a descendant found hidden first (inside a visible
    // container) must give way to a hidden ancestor found later, or its text would count twice.
    const pending: Element[] = [];
    const hide = (element: Element, reasons: string[]) => {
      hiddenElements.set(element, reasons);
      pending.push(element);
    };
    for (const candidate of candidates) {
      if (performance.now() - started > options.budgetMs) {
        complete = false;
        break;
      }
      if (candidate.tagName === "SCRIPT" || candidate.tagName === "STYLE" || candidate.tagName === "TEMPLATE")
        continue;
      if (hiddenElements.size > 0 && within(candidate)) continue;
      const reasons = hiddenReasons(candidate, view, pageBox);
      if (reasons.length > 0) {
        hide(candidate, reasons);
        continue;
      }
      // A visible container can still hide text of its descendants: text close to its background, or
      // children pushed outside its overflow-hidden box. Check those, bounded.
      const candidateStyle = styleOf(candidate, view);
      const clipsChildren = candidateStyle.overflowX !== "visible" || candidateStyle.overflowY !== "visible";
      // Only a background close to a text colour the page declares can hide its descendants' text.
      const painted = ownBackground(candidate, view);
      const paintsHidingBackground =
        painted?.some((colour) => nearAny(colour, declaredColours, 1.5)) ?? false;
      if (!clipsChildren && !paintsHidingBackground) continue;
      const box = rectOf(candidate);
      const descendants = queryList(candidate, "*");
      for (let index = 0; index < descendants.length && index < 300; index++) {
        const descendant = descendants[index] as Element;
        if (!hasOwnText(descendant) || within(descendant)) continue;
        if (clipsChildren) {
          const rect = rectOf(descendant);
          if (
            rect.right <= box.left ||
            rect.left >= box.right ||
            rect.bottom <= box.top ||
            rect.top >= box.bottom
          ) {
            hide(descendant, ["overflow-hidden"]);
            continue;
          }
        }
        const inner = hiddenReasons(descendant, view, pageBox);
        if (inner.length > 0) hide(descendant, inner);
      }
    }
    for (const element of pending) {
      let covered = false;
      for (let ancestor = element.parentElement; ancestor && !covered; ancestor = ancestor.parentElement)
        covered = hiddenElements.has(ancestor);
      if (covered) continue;
      const reasons = hiddenElements.get(element) as string[];
      addHidden(blockText(element), "text", reasons, () => describeWhere(element, prefix), scopeNumber, true);
    }
    // Text written straight inside a closed <details> (not in an element of its own) is not rendered,
    // and no candidate element holds it: read it here.
    if (hasDetails)
      for (const details of queryAll(scope, "details:not([open])")) {
        if (within(details)) continue;
        let bare = "";
        for (let child = details.firstChild; child; child = child.nextSibling)
          if (child.nodeType === 3) bare += `${child.nodeValue ?? ""} `;
        if (bare.trim() !== "")
          addHidden(
            bare,
            "text",
            ["collapsed-details"],
            () => describeWhere(details, prefix),
            scopeNumber,
            true,
          );
      }
    const afterCandidates = performance.now();
    timings.candidates += afterCandidates - afterAttributes;
    if (firewall && firewall.mode === "lines") {
      // Lines a person reads; quoted lines are those the page itself sets as a quotation or code.
      const quotedLines = new Set<string>();
      const quotes = ofTags(
        scope,
        QUOTE_SELECTOR,
        ["blockquote", "q", "pre", "code", "samp", "kbd"].map((tag): [string, null] => [tag, null]),
        true,
        200,
      );
      for (const quote of quotes.slice(0, 200))
        for (const line of innerTextOf(quote as HTMLElement).split("\n")) {
          const clean = line.replace(/\s+/g, " ").trim();
          if (clean !== "") quotedLines.add(clean);
        }
      // One pass of the trigger over the whole text (splitting and testing every line costs more), then
      // the lines it hit, with their neighbours: one line either side, up to three when they are short
      // (a sentence split over blocks).
      const text = visibleChunks.join("\n");
      const lineEnd = (offset: number) => {
        const end = text.indexOf("\n", offset);
        return end === -1 ? text.length : end;
      };
      const lineStart = (offset: number) => text.lastIndexOf("\n", Math.max(0, offset - 1)) + 1;
      const kept = new Map<number, number>();
      const keepAround = (start: number) => {
        kept.set(start, lineEnd(start));
        for (const direction of [-1, 1]) {
          let cursor = start;
          for (let step = 0; step < 3; step++) {
            const next = direction < 0 ? (cursor === 0 ? -1 : lineStart(cursor - 1)) : lineEnd(cursor) + 1;
            if (next < 0 || next > text.length || (direction < 0 && next === cursor)) break;
            const end = lineEnd(next);
            kept.set(next, end);
            cursor = next;
            if (end - next >= 40) break;
          }
        }
      };
      // Rendered text that style hides (transparent, tiny, off-screen, clipped) is also in innerText; it is
      // already a hidden place, so its lines are not read a second time as visible.
      const hiddenLines = new Set<string>();
      for (const element of hiddenElements.keys())
        for (const line of blockText(element, 4_000).split("\n")) {
          const clean = line.replace(/\s+/g, " ").trim();
          if (clean !== "") hiddenLines.add(clean);
        }
      // The start of every line holding a match (one match per line is enough).
      const linesHit = (source: string, flags: string): number[] => {
        const starts: number[] = [];
        const pattern = new RegExp(source, flags);
        for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
          starts.push(lineStart(match.index + 1));
          pattern.lastIndex = lineEnd(match.index) + 1;
          if (pattern.lastIndex > text.length) break;
        }
        return starts;
      };
      // Lines hit by any part of the words, in text order: the lines the whole expression would hit.
      const wordLines =
        wordSources.length === 1
          ? linesHit(wordSources[0] as string, "gi")
          : [...new Set(wordSources.flatMap((source) => linesHit(source, "gi")))].sort((a, b) => a - b);
      for (const starts of [wordLines, linesHit(firewall.triggerCharacters, "gu")])
        for (const start of starts) {
          const hit = text.slice(start, lineEnd(start)).replace(/\s+/g, " ").trim();
          if (!kept.has(start) && !hiddenLines.has(hit)) keepAround(start);
        }
      const starts = [...kept.keys()].sort((a, b) => a - b);
      let line = 1;
      let counted = 0;
      let keptLines = 0;
      for (const start of starts) {
        for (
          let index = text.indexOf("\n", counted);
          index !== -1 && index < start;
          index = text.indexOf("\n", index + 1)
        )
          line++;
        counted = start;
        const clean = text
          .slice(start, kept.get(start))
          .replace(/[ \t\r\f\v\u00a0]+/g, " ")
          .trim();
        if (clean === "" || hiddenLines.has(clean.replace(/\s+/g, " "))) continue;
        keptLines++;
        const number = line;
        addNode(
          clean,
          "text",
          [],
          () => `${prefix}line ${number}`,
          scopeNumber,
          quotedLines.has(clean),
          false,
        );
      }
      // Counted, not matched: an array of every line break of a big page is garbage to collect.
      let lines = 1;
      for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) lines++;
      omittedPlaces += Math.max(0, lines - keptLines);
    }

    if (firewall) {
      // Values the page put in its own fields (never what a person typed: those differ from the default).
      for (const field of ofTags(scope, "textarea, input", [
        ["textarea", null],
        ["input", null],
      ])) {
        const input = field as HTMLInputElement;
        const type = field.tagName === "TEXTAREA" ? "textarea" : (input.type || "text").toLowerCase();
        if (!/^(text|search|email|url|tel|textarea)$/.test(type)) continue;
        if (
          /^(cc-|one-time-code|current-password|new-password)/.test(attributeOf(field, "autocomplete") ?? "")
        )
          continue;
        const value = input.value;
        if (value !== input.defaultValue || !/\p{L}+\s+\p{L}+/u.test(value)) continue;
        const reasons = hiddenElements.get(field) ?? hiddenReasons(field, view, pageBox);
        addNode(value, "attr:value", reasons, () => describeWhere(field, prefix), scopeNumber, false, true);
      }
      // Generated text of ::before and ::after.
      for (const { selector, pseudo } of pseudoRules.slice(pseudoStart)) {
        let matched: Element[];
        try {
          matched = queryAll(scope, selector).slice(0, 500);
        } catch {
          continue;
        }
        for (const element of matched) {
          const pseudoStyle = styleOf(element, view, pseudo);
          if (pseudoStyle.display === "none") continue;
          const pieces: string[] = [];
          for (const part of pseudoStyle.content.matchAll(
            /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([\w-]+)\s*\)/g,
          )) {
            if (part[3]) pieces.push(attributeOf(element, part[3]) ?? "");
            else
              pieces.push(
                (part[1] ?? part[2] ?? "").replace(
                  /\\([0-9a-fA-F]{1,6}) ?|\\(.)/g,
                  (_whole, hex, character) =>
                    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : character,
                ),
              );
          }
          const text = pieces.join("");
          if (!/\p{L}/u.test(text)) continue;
          let reasons = [...(hiddenElements.get(element) ?? hiddenReasons(element, view, pageBox))];
          if (reasons.length === 0 || reasons[0] === "aria-hidden") {
            const colour = parseColour(pseudoStyle.color);
            if (pseudoStyle.visibility === "hidden") reasons = ["visibility-hidden"];
            else if (Number.parseFloat(pseudoStyle.opacity) < 0.1) reasons = ["opacity-zero"];
            else if ((lengthPx(pseudoStyle.fontSize) ?? 16) < TINY_FONT_PX) reasons = ["tiny-font"];
            else if (colour && closeTo(colour, backgroundOf(element, view))) reasons = ["same-colour"];
          }
          addNode(
            text,
            "pseudo-content",
            reasons,
            () => `${describeWhere(element, prefix)}${pseudo}`,
            scopeNumber,
            false,
            true,
          );
        }
      }
    }
    timings.firewall += performance.now() - afterCandidates;
  }

  if (firewall) {
    const firewallStarted = performance.now();
    // Frames we cannot enter: a `srcdoc` is text the page wrote, read as such; a `src` is another page.
    for (const { frame, view, prefix, index } of closedFrames) {
      const source = attributeOf(frame, "srcdoc");
      if (source === null) {
        crossOriginFrames++;
        continue;
      }
      const parsed = new DOMParser().parseFromString(source, "text/html");
      const pageBox = {
        width: view.innerWidth * 4,
        height: Number.MAX_SAFE_INTEGER,
        scrollX: view.scrollX,
        scrollY: view.scrollY,
      };
      const reasons = hiddenReasons(frame, view, pageBox);
      const where = () => `${describeWhere(frame, prefix)} srcdoc`;
      addNode(
        `${parsed.title}\n${blockText(parsed.body ?? parsed)}`,
        "srcdoc",
        reasons,
        where,
        index,
        false,
        true,
      );
      const comments = parsed.createTreeWalker(parsed, NodeFilter.SHOW_COMMENT);
      while (comments.nextNode())
        addNode(comments.currentNode.nodeValue ?? "", "srcdoc", ["not-rendered"], where, index, false, true);
      for (const meta of Array.from(parsed.querySelectorAll("meta[content]")))
        addNode(meta.getAttribute("content") ?? "", "srcdoc", ["not-rendered"], where, index, false, true);
    }

    if (firewall.mode === "tree") walkTree();
    timings.firewall += performance.now() - firewallStarted;
  }

  // Visible blocks in reading order (the flat tree: shadow roots and slots as rendered, same-origin
  // frames in place), with references to the elements an agent can act on.
  function walkTree() {
    const settings = firewall as NonNullable<typeof firewall>;
    const elements: Element[] = [];
    const refNames: string[] = [];
    interface Block {
      parts: string[];
      length: number;
      refs: [string, number, number][];
      where: string;
      scope: number;
      quoted: boolean;
    }
    let block: Block | null = null;
    const flush = () => {
      if (!block) return;
      const raw = block.parts.join("");
      // Offsets must survive the whitespace clean-up addNode does: collapse here, mapping each ref.
      let text = "";
      const map: number[] = [];
      let space = true;
      for (let index = 0; index < raw.length; index++) {
        map[index] = text.length;
        const character = raw[index] as string;
        if (/\s/.test(character)) {
          if (!space) text += " ";
          space = true;
        } else {
          text += character;
          space = false;
        }
      }
      map[raw.length] = text.length;
      const trimmed = text.trimEnd();
      const refs = block.refs.map(
        ([ref, start, end]) =>
          [ref, Math.min(map[start] ?? 0, trimmed.length), Math.min(map[end] ?? 0, trimmed.length)] as [
            string,
            number,
            number,
          ],
      );
      const current = block;
      if (trimmed !== "" || refs.length > 0)
        addNode(
          trimmed === "" ? " " : trimmed,
          "text",
          [],
          () => current.where,
          current.scope,
          current.quoted,
          false,
          refs,
        );
      block = null;
    };
    const open = (element: Element, scope: number, prefix: string, quoted: boolean): Block => {
      block ??= { parts: [], length: 0, refs: [], where: describeWhere(element, prefix), scope, quoted };
      return block;
    };
    const roleOf = (element: Element): string | null => {
      const explicit = attributeOf(element, "role");
      if (
        explicit &&
        /^(button|link|checkbox|radio|tab|menuitem|switch|option|combobox|textbox|searchbox|slider)$/.test(
          explicit,
        )
      )
        return explicit;
      switch (element.tagName) {
        case "A":
          return element.hasAttribute("href") ? "link" : null;
        case "BUTTON":
        case "SUMMARY":
          return "button";
        case "SELECT":
          return "combobox";
        case "TEXTAREA":
          return "textbox";
        case "INPUT": {
          const type = ((element as HTMLInputElement).type || "text").toLowerCase();
          if (type === "hidden") return null;
          if (/^(button|submit|reset|image)$/.test(type)) return "button";
          if (type === "checkbox" || type === "radio") return type;
          return type === "search" ? "searchbox" : "textbox";
        }
        default:
          return (element as HTMLElement).isContentEditable &&
            element.getAttribute("contenteditable") !== null
            ? "textbox"
            : null;
      }
    };
    const nameOf = (element: Element, text: string): string => {
      const input = element as HTMLInputElement;
      const labels = input.labels
        ? Array.from(input.labels)
            .map((label) => textContentOf(label))
            .join(" ")
        : "";
      const name =
        attributeOf(element, "aria-label") ||
        text ||
        labels ||
        (element.querySelector("img[alt]")?.getAttribute("alt") ?? "") ||
        attributeOf(element, "title") ||
        attributeOf(element, "placeholder") ||
        (/^(button|submit|reset)$/.test(input.type ?? "") ? input.value : "") ||
        "";
      const clean = name.replace(/\s+/g, " ").trim();
      return clean.length > 100 ? `${clean.slice(0, 99)}…` : clean;
    };

    type Entry =
      | { node: Node; scope: number; prefix: string; quoted: boolean }
      | {
          exit: Element;
          block: boolean;
          ref: [string, number, number] | null;
          owner: Block | null;
          start: number;
        };
    const stack: Entry[] = [];
    const pushChildren = (parent: Node, scope: number, prefix: string, quoted: boolean) => {
      const children: Node[] = [];
      if (parent.nodeType === 1 && (parent as Element).tagName === "SLOT") {
        const assigned = (parent as HTMLSlotElement).assignedNodes({ flatten: true });
        if (assigned.length > 0) children.push(...assigned);
      }
      if (children.length === 0) {
        const container = (parent as Element).shadowRoot ?? parent;
        for (let child = container.firstChild; child; child = child.nextSibling) children.push(child);
      }
      const childScope = (parent as Element).shadowRoot
        ? (scopeIndex.get((parent as Element).shadowRoot as ShadowRoot) ?? scope)
        : scope;
      const childPrefix = (parent as Element).shadowRoot
        ? `${prefix}${describeWhere(parent as Element, "")} >> `
        : prefix;
      for (let index = children.length - 1; index >= 0; index--)
        stack.push({ node: children[index] as Node, scope: childScope, prefix: childPrefix, quoted });
    };
    if (root.body) pushChildren(root.body, 0, "", false);
    while (stack.length > 0) {
      if (performance.now() - started > options.budgetMs * 2) {
        nodesComplete = false;
        break;
      }
      const entry = stack.pop() as Entry;
      if ("exit" in entry) {
        if (entry.ref && entry.owner) {
          entry.ref[2] = entry.owner.length;
          const named = refNames[Number.parseInt(entry.ref[0].slice(1), 10) - 1];
          if (named === "") {
            const text = entry.owner.parts.join("").slice(entry.start, entry.ref[2]);
            refNames[Number.parseInt(entry.ref[0].slice(1), 10) - 1] = nameOf(
              entry.exit,
              text.replace(/\s+/g, " ").trim(),
            );
          }
        }
        if (entry.block) flush();
        continue;
      }
      const { node, scope, prefix, quoted } = entry;
      if (node.nodeType === 3) {
        const value = node.nodeValue ?? "";
        if (value.trim() === "" && !(block as Block | null)) continue;
        const parent = node.parentElement;
        // Read above as hidden text: the bare text of a closed <details>.
        if (parent?.tagName === "DETAILS" && attributeOf(parent, "open") === null) continue;
        const current = open(parent ?? (root.body as Element), scope, prefix, quoted);
        current.parts.push(value);
        current.length += value.length;
        continue;
      }
      if (node.nodeType !== 1) continue;
      const element = node as Element;
      if (SKIPPED_TAGS.has(element.tagName) || hiddenElements.has(element)) continue;
      const isBlock = BLOCK_TAGS.has(element.tagName);
      if (element.tagName === "BR") {
        const line = block as Block | null;
        if (line) {
          line.parts.push(" ");
          line.length += 1;
        }
        continue;
      }
      if (isBlock) flush();
      let ref: [string, number, number] | null = null;
      let owner: Block | null = null;
      const role = elements.length < settings.refs ? roleOf(element) : null;
      if (role) {
        owner = open(element, scope, prefix, quoted);
        ref = [`e${elements.length + 1}`, owner.length, owner.length];
        owner.refs.push(ref);
        elements.push(element);
        refNames.push(
          role === "textbox" || role === "searchbox" || role === "combobox" ? nameOf(element, "") : "",
        );
        roleByElement.set(element, role);
      }
      stack.push({ exit: element, block: isBlock, ref, owner, start: owner?.length ?? 0 });
      const inQuote = quoted || /^(BLOCKQUOTE|Q|PRE|CODE|SAMP|KBD)$/.test(element.tagName);
      if (element.tagName === "IFRAME") {
        let inner: Document | null = null;
        try {
          inner = (element as HTMLIFrameElement).contentDocument;
        } catch {
          inner = null;
        }
        if (inner?.body) {
          flush();
          pushChildren(inner.body, scopeIndex.get(inner) ?? scope, `${prefix}iframe > `, inQuote);
        }
        continue;
      }
      pushChildren(element, scope, prefix, inQuote);
    }
    flush();

    // A selector per referenced element: ids when unique in their root, else nth-of-type steps.
    const idCounts = new Map<Document | ShadowRoot, Map<string, number>>();
    const idCount = (scope: Document | ShadowRoot, id: string) => {
      let counts = idCounts.get(scope);
      if (!counts) {
        counts = new Map();
        for (const element of queryAll(scope, "[id]"))
          counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
        idCounts.set(scope, counts);
      }
      return counts.get(id) ?? 0;
    };
    const selectorIn = (element: Element): string => {
      const steps: string[] = [];
      for (let current: Element | null = element; current; ) {
        const scope = current.getRootNode() as Document | ShadowRoot;
        const tag = current.tagName.toLowerCase();
        if (current.id && /^[A-Za-z][\w-]*$/.test(current.id) && idCount(scope, current.id) === 1) {
          steps.unshift(`#${current.id}`);
          break;
        }
        const parent: Element | null = current.parentElement;
        const siblings = parent ? parent.children : (current.parentNode as ParentNode | null)?.children;
        if (!siblings) {
          steps.unshift(tag);
          break;
        }
        let position = 0;
        for (let index = 0; index < siblings.length; index++) {
          const sibling = siblings[index] as Element;
          if (sibling.tagName === current.tagName) position++;
          if (sibling === current) break;
        }
        steps.unshift(`${tag}:nth-of-type(${position})`);
        if (!parent) break;
        current = parent;
      }
      return steps.join(" > ");
    };
    const selectorOf = (element: Element): string => {
      const segments = [selectorIn(element)];
      let scope = element.getRootNode() as Document | ShadowRoot;
      while (scope.nodeType === 11) {
        const host = (scope as ShadowRoot).host;
        segments.unshift(selectorIn(host));
        scope = host.getRootNode() as Document | ShadowRoot;
      }
      const frame = (scope as Document).defaultView?.frameElement;
      if (frame && scope !== root) segments.unshift(`${selectorOf(frame)} >> internal:control=enter-frame`);
      return segments.join(" >> ");
    };
    for (let index = 0; index < elements.length; index++) {
      const element = elements[index] as Element;
      elementTuples.push([
        `e${index + 1}`,
        roleByElement.get(element) ?? "",
        refNames[index] ?? "",
        selectorOf(element),
      ]);
    }
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
    firewall: firewall
      ? {
          nodes: stringify(nodeTuples),
          elements: stringify(elementTuples),
          omittedPlaces,
          complete: complete && nodesComplete,
          crossOriginFrames,
          unreadableStylesheets,
          pristine: pristine !== undefined,
          digest: digest(state.f1 ^ state.h1, state.f2 ^ state.g2),
        }
      : null,
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
  /** Capture every text-bearing place for the perception firewall. Absent or null: facts only. */
  firewall?: FirewallCaptureOptions | null;
}

export interface FirewallCaptureOptions {
  /**
   * `lines`: visible text as rendered lines, only those matching `trigger` (and their neighbours) leave
   * the page; for the gate. `tree`: every visible block, in reading order, with element references; for
   * the safe view.
   */
  mode: "lines" | "tree";
  /**
   * Source of a case-insensitive regular expression of words, and of a Unicode one of characters: places
   * that match neither cannot score.
   */
  trigger: string;
  /**
   * The same words as `trigger` in parts, each case-insensitive, that together match exactly where it
   * does (see TRIGGER_PARTS): faster over long text. Absent or empty: `trigger` is used.
   */
  triggerParts?: string[];
  triggerCharacters: string;
  /** Most places returned. */
  maxNodes: number;
  /** Most characters of place text returned, all places together. */
  maxCharacters: number;
  /** Most element references (tree mode). */
  refs: number;
}

/** The firewall's part of a capture, packed: JSON strings leave the page far faster than many objects. */
export interface CapturedFirewall {
  /** JSON of `[text, provenance, hiddenBy[], where, scope, quoted (0|1), refs ([ref, start, end][]) | null][]`. */
  nodes: string;
  /** JSON of `[ref, role, name, selector][]`. */
  elements: string;
  /** Places that did not match the trigger and stayed in the page (lines mode). */
  omittedPlaces: number;
  complete: boolean;
  /** Frames whose document could not be read and that have no `srcdoc`. */
  crossOriginFrames: number;
  unreadableStylesheets: number;
  /** True when the capture used DOM functions saved at document start. */
  pristine: boolean;
  /** Covers every place, kept or omitted. */
  digest: string;
}

/**
 * A tree the capture walked: a document or open shadow root it read (`entered`), or a same-origin frame's
 * document it did not read (no body), whose elements it did not walk.
 */
export interface CapturedRoot {
  root: Document | ShadowRoot;
  entered: boolean;
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
  /** Milliseconds per stage: visible text, comments, attributes, style candidates, firewall places. */
  timings: { visible: number; comments: number; attributes: number; candidates: number; firewall?: number };
  /** The firewall's places, when `options.firewall` asked for them. */
  firewall?: CapturedFirewall | null;
}
