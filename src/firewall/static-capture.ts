import { createHash } from "node:crypto";
import type { HiddenBy, TextProvenance } from "../spec/facts.js";
import type { ElementRef, NodeRef, PageText, PageTextNode } from "../spec/page-scan.js";
import { findElement, type HtmlElement, type HtmlNode, parseHtml, textContentOf } from "./html-document.js";
import { cascade, hasPseudoRules, parseStyleSheet, type StyleRule } from "./style-rules.js";

/**
 * The static mode: a page file read without a browser, into the same page model the live capture gives.
 * It computes visibility from the page's own `<style>` blocks and `style` attributes (classes count),
 * walks declarative shadow roots, reads `srcdoc` frames as text and decodes every text-bearing place.
 */

/** What the static mode cannot see: listed in every static capture. */
export const STATIC_LIMITATIONS: readonly string[] = [
  "external stylesheets (link rel=stylesheet) are not fetched: text they hide is treated as visible",
  "no layout: overflow clipping, zero size from layout, off-screen by flow and covering elements are not computed",
  "no scripts: text a script writes or removes, and shadow roots made by script, are not seen",
  "frames with src are not fetched; srcdoc frames are read as text",
  "colour is compared with the nearest declared ancestor background, not with what is painted behind",
  "media queries are assumed to apply; state selectors (:hover, :checked, ...) never do",
];

const BLOCK = new Set(
  "address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr legend li main nav ol option p pre section summary table tbody td tfoot th thead tr ul".split(
    " ",
  ),
);
const NOT_RENDERED = new Set([
  "head",
  "script",
  "style",
  "template",
  "noscript",
  "title",
  "link",
  "meta",
  "base",
]);
const ATTRIBUTES: [string, TextProvenance][] = [
  ["alt", "attr:alt"],
  ["title", "attr:title"],
  ["aria-label", "attr:aria-label"],
  ["aria-description", "attr:aria-description"],
  ["placeholder", "attr:placeholder"],
];
const QUOTE_TAGS = new Set(["blockquote", "q", "pre", "code", "samp", "kbd"]);

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
  red: [255, 0, 0, 1],
  green: [0, 128, 0, 1],
  blue: [0, 0, 255, 1],
};

function parseColour(value: string | undefined, variables: Map<string, string>): Colour | null {
  if (!value) return null;
  let text = value.trim().toLowerCase();
  const variable = /^var\(\s*(--[\w-]+)\s*(?:,\s*([^)]+))?\)/.exec(text);
  if (variable) text = (variables.get(variable[1] as string) ?? variable[2] ?? "").trim().toLowerCase();
  if (NAMED[text]) return NAMED[text] as Colour;
  const hex = /#([0-9a-f]{3,8})\b/.exec(text);
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
}

function luminance(colour: Colour): number {
  const channel = (value: number) => {
    const scaled = value / 255;
    return scaled <= 0.03928 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(colour[0]) + 0.7152 * channel(colour[1]) + 0.0722 * channel(colour[2]);
}

function contrast(a: Colour, b: Colour): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function lengthPx(value: string | undefined, fontPx: number): number | null {
  if (value === undefined) return null;
  const match = /^(-?[\d.]+)(px|em|rem|%|pt|vw|vh)?$/.exec(value.trim());
  if (!match) return null;
  const number = Number.parseFloat(match[1] as string);
  switch (match[2]) {
    case "em":
      return number * fontPx;
    case "rem":
      return number * 16;
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
}

function fontSizeOf(declarations: Map<string, string>): string | undefined {
  const size = declarations.get("font-size");
  if (size) return size;
  const shorthand = declarations.get("font");
  return shorthand ? /(-?[\d.]+(?:px|em|rem|pt|%))/.exec(shorthand)?.[1] : undefined;
}

/** Reasons a person cannot see text: aria-hidden hides from tools, not from people. */
function hidesFromPeople(reasons: readonly HiddenBy[]): boolean {
  for (const reason of reasons) if (reason !== "aria-hidden") return true;
  return false;
}

function hasOwnText(element: HtmlElement): boolean {
  for (const child of element.children) if (child.type === "text" && child.value.trim() !== "") return true;
  return false;
}

const FAR_PROPERTIES = ["left", "top", "right", "bottom", "margin-left", "margin-top", "text-indent"];

interface Context {
  hidden: HiddenBy[];
  visibilityHidden: boolean;
  colour: Colour;
  fontPx: number;
  background: Colour;
  quoted: boolean;
  scope: number;
  where: string;
  ariaHidden: boolean;
}

function label(element: HtmlElement): string {
  const id = element.attributes.get("id");
  if (id) return `${element.tag}#${id}`;
  const className = (element.attributes.get("class") ?? "").trim().split(/\s+/)[0];
  return className ? `${element.tag}.${className}` : element.tag;
}

function whereOf(element: HtmlElement, prefix: string): string {
  const parent = element.parent;
  return `${prefix}${parent && parent.tag !== "body" && parent.tag !== "#document" ? `${label(parent)} > ` : ""}${label(element)}`;
}

function roleOf(element: HtmlElement): string | null {
  const explicit = element.attributes.get("role");
  if (
    explicit &&
    /^(button|link|checkbox|radio|tab|menuitem|switch|option|combobox|textbox|searchbox|slider)$/.test(
      explicit,
    )
  )
    return explicit;
  switch (element.tag) {
    case "a":
      return element.attributes.has("href") ? "link" : null;
    case "button":
    case "summary":
      return "button";
    case "select":
      return "combobox";
    case "textarea":
      return "textbox";
    case "input": {
      const type = (element.attributes.get("type") ?? "text").toLowerCase();
      if (type === "hidden") return null;
      if (/^(button|submit|reset|image)$/.test(type)) return "button";
      if (type === "checkbox" || type === "radio") return type;
      return type === "search" ? "searchbox" : "textbox";
    }
    default:
      return null;
  }
}

/** A selector that finds this element in the parsed page: its id when unique, else nth-of-type steps. */
function selectorOf(element: HtmlElement, idCounts: Map<string, number>): string {
  const steps: string[] = [];
  for (
    let current: HtmlElement | null = element;
    current && current.tag !== "#document";
    current = current.parent
  ) {
    const id = current.attributes.get("id");
    if (id && /^[A-Za-z][\w-]*$/.test(id) && idCounts.get(id) === 1) {
      steps.unshift(`#${id}`);
      break;
    }
    const parent: HtmlElement | null = current.parent;
    if (!parent || parent.tag === "#document") {
      steps.unshift(current.tag);
      break;
    }
    let position = 0;
    for (const sibling of parent.children) {
      if (sibling.type === "element" && sibling.tag === current.tag) position++;
      if (sibling === current) break;
    }
    steps.unshift(`${current.tag}:nth-of-type(${position})`);
  }
  return steps.join(" > ");
}

function digestOf(nodes: PageTextNode[]): string {
  const hash = createHash("sha256");
  for (const node of nodes) hash.update(`${node.provenance}\u0000${node.text}\u0000`);
  return hash.digest("hex").slice(0, 16);
}

export interface StaticCaptureOptions {
  /** Most element references. Default 2,000. */
  refs?: number;
  /** Most places. Default 20,000. */
  maxNodes?: number;
}

/** Reads a page file's text-bearing places without a browser. */
export function captureStatic(html: string, url: string, options: StaticCaptureOptions = {}): PageText {
  const started = performance.now();
  const maxRefs = options.refs ?? 2_000;
  const maxNodes = options.maxNodes ?? 20_000;
  const document = parseHtml(html);
  const nodes: PageTextNode[] = [];
  const elements: ElementRef[] = [];
  let complete = true;

  // Stylesheets, in document order, and custom properties declared on :root or html.
  const rules: StyleRule[] = [];
  const variables = new Map<string, string>();
  const styleStack: HtmlNode[] = [document];
  while (styleStack.length > 0) {
    const node = styleStack.pop() as HtmlNode;
    if (node.type !== "element") continue;
    if (node.tag === "style") rules.push(...parseStyleSheet(textContentOf(node), rules.length));
    for (let index = node.children.length - 1; index >= 0; index--)
      styleStack.push(node.children[index] as HtmlNode);
    if (node.shadowRoot) styleStack.push(node.shadowRoot);
  }
  for (const rule of rules)
    if (
      rule.selectors.some(
        (selector) =>
          selector.steps.length === 1 &&
          (selector.steps[0]?.compound.tag === "html" || selector.specificity === 100),
      )
    )
      for (const [name, value] of rule.declarations) if (name.startsWith("--")) variables.set(name, value);
  const pseudoRules = hasPseudoRules(rules);

  const idCounts = new Map<string, number>();
  const idStack: HtmlNode[] = [document];
  while (idStack.length > 0) {
    const node = idStack.pop() as HtmlNode;
    if (node.type !== "element") continue;
    const id = node.attributes.get("id");
    if (id) idCounts.set(id, (idCounts.get(id) ?? 0) + 1);
    for (const child of node.children) idStack.push(child);
  }

  const add = (
    text: string,
    provenance: TextProvenance,
    hiddenBy: HiddenBy[],
    where: string,
    scope: number,
    quoted: boolean,
    refs?: NodeRef[],
  ) => {
    const clean = text
      .replace(/[ \t\r\f\v\u00a0]+/g, " ")
      .replace(/ ?\n\s*/g, "\n")
      .trim();
    if (clean === "" && !(refs && refs.length > 0)) return;
    if (nodes.length >= maxNodes) {
      complete = false;
      return;
    }
    const node: PageTextNode = {
      id: `n${nodes.length}`,
      text: clean === "" ? " " : clean,
      provenance,
      hiddenBy,
      where,
      scope,
      quoted,
    };
    if (refs && refs.length > 0) node.refs = refs;
    nodes.push(node);
  };

  const titleElement = findElement(document, "title");
  const title = titleElement ? textContentOf(titleElement).replace(/\s+/g, " ").trim() : "";
  if (title) add(title, "text", [], "title", 0, false);

  // Meta content and comments anywhere.
  const metaStack: HtmlNode[] = [document];
  while (metaStack.length > 0) {
    const node = metaStack.pop() as HtmlNode;
    if (node.type === "comment") {
      add(node.value, "comment", [], whereOf(node.parent ?? document, ""), 0, false);
      continue;
    }
    if (node.type !== "element") continue;
    if (node.tag === "meta" && node.attributes.has("content")) {
      const key =
        node.attributes.get("name") ??
        node.attributes.get("property") ??
        node.attributes.get("http-equiv") ??
        "";
      if (!/^(viewport|charset|theme-color|robots|referrer|color-scheme|format-detection)$/i.test(key))
        add(node.attributes.get("content") ?? "", "meta", [], `meta[name=${key}]`, 0, false);
    }
    for (let index = node.children.length - 1; index >= 0; index--)
      metaStack.push(node.children[index] as HtmlNode);
    if (node.shadowRoot) metaStack.push(node.shadowRoot);
  }

  // Visible blocks in order; hidden subtrees as one place each, with the reason.
  interface Block {
    parts: string[];
    length: number;
    refs: NodeRef[];
    where: string;
    scope: number;
    quoted: boolean;
  }
  let block: Block | null = null;
  let scopes = 0;
  const flush = () => {
    const current = block;
    block = null;
    if (!current) return;
    const raw = current.parts.join("");
    // Collapse whitespace while mapping reference offsets.
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
    const refs = current.refs.map((ref) => ({
      ref: ref.ref,
      start: Math.min(map[ref.start] ?? 0, trimmed.length),
      end: Math.min(map[ref.end] ?? 0, trimmed.length),
    }));
    add(trimmed, "text", [], current.where, current.scope, current.quoted, refs);
  };
  const hiddenText = (element: HtmlElement): string => {
    const parts: string[] = [];
    const stack: (HtmlNode | "\n")[] = [element];
    while (stack.length > 0) {
      const node = stack.pop() as HtmlNode | "\n";
      if (node === "\n") {
        parts.push("\n");
        continue;
      }
      if (node.type === "text") parts.push(node.value);
      if (node.type !== "element" || node.tag === "script" || node.tag === "style") continue;
      const isBlock = BLOCK.has(node.tag);
      if (isBlock) stack.push("\n");
      const children = node.shadowRoot?.children ?? node.children;
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as HtmlNode);
      if (isBlock) stack.push("\n");
    }
    return parts.join("");
  };

  const visit = (element: HtmlElement, inherited: Context) => {
    const declarations = element.tag === "#document" ? new Map<string, string>() : cascade(element, rules);
    const context: Context = { ...inherited, hidden: [...inherited.hidden] };
    const fontSize = fontSizeOf(declarations);
    if (fontSize) context.fontPx = lengthPx(fontSize, inherited.fontPx) ?? inherited.fontPx;
    const colour = parseColour(declarations.get("color"), variables);
    if (colour) context.colour = colour;
    const background =
      parseColour(declarations.get("background-color"), variables) ??
      parseColour(declarations.get("background"), variables);
    if (background && background[3] > 0.5) context.background = background;
    const visibility = declarations.get("visibility");
    if (visibility === "hidden" || visibility === "collapse") context.visibilityHidden = true;
    else if (visibility === "visible") context.visibilityHidden = false;
    if (element.attributes.get("aria-hidden") === "true") context.ariaHidden = true;

    const reasons: HiddenBy[] = [];
    const display = declarations.get("display");
    if (display === "none")
      reasons.push(element.attributes.has("hidden") ? "hidden-attribute" : "display-none");
    else if (element.attributes.has("hidden") && display === undefined) reasons.push("hidden-attribute");
    else if (element.tag === "dialog" && !element.attributes.has("open") && display === undefined)
      reasons.push("display-none");
    const opacity = declarations.get("opacity");
    if (opacity !== undefined && Number.parseFloat(opacity) < 0.1) reasons.push("opacity-zero");
    for (const property of FAR_PROPERTIES)
      if ((lengthPx(declarations.get(property), context.fontPx) ?? 0) <= -500) {
        reasons.push("off-screen");
        break;
      }
    const transform = declarations.get("transform") ?? "";
    if (/translate[XY]?\(\s*-\d{3,}/.test(transform)) reasons.push("off-screen");
    if (/scale\(\s*0(\.0\d*)?\s*[,)]/.test(transform)) reasons.push("zero-size");
    const clip = declarations.get("clip") ?? "";
    const clipPath = declarations.get("clip-path") ?? "";
    if (
      /rect\(\s*0(px)?[ ,]+0(px)?[ ,]+0(px)?[ ,]+0(px)?\s*\)/.test(clip) ||
      /inset\(\s*(50|100)%/.test(clipPath) ||
      /circle\(\s*0/.test(clipPath)
    )
      reasons.push("clipped");
    const overflow = `${declarations.get("overflow") ?? ""} ${declarations.get("overflow-x") ?? ""} ${declarations.get("overflow-y") ?? ""}`;
    const clips = /hidden|clip|scroll|auto/.test(overflow);
    const width = lengthPx(declarations.get("width"), context.fontPx);
    const height = lengthPx(declarations.get("height") ?? declarations.get("max-height"), context.fontPx);
    if (
      (width !== null && width <= 1 && (clips || (height !== null && height <= 1))) ||
      (height !== null && height <= 1 && clips)
    )
      reasons.push("zero-size");
    if (reasons.length > 0) {
      for (const reason of reasons) if (!context.hidden.includes(reason)) context.hidden.push(reason);
    }
    return { context, declarations, newlyHidden: reasons.length > 0 };
  };

  const hiddenReasonsFor = (context: Context, textColourCheck: boolean): HiddenBy[] => {
    const reasons = [...context.hidden];
    if (context.visibilityHidden && !reasons.includes("visibility-hidden")) reasons.push("visibility-hidden");
    if (reasons.length === 0 && context.fontPx < 5) reasons.push("tiny-font");
    if (
      reasons.length === 0 &&
      textColourCheck &&
      (context.colour[3] < 0.1 || contrast(context.colour, context.background) < 1.15)
    )
      reasons.push("same-colour");
    if (context.ariaHidden) reasons.push("aria-hidden");
    return reasons;
  };

  const rootElement = findElement(document, "html") ?? document;
  const body = findElement(document, "body") ?? rootElement;
  const rootContext: Context = {
    hidden: [],
    visibilityHidden: false,
    colour: [0, 0, 0, 1],
    fontPx: 16,
    background: [255, 255, 255, 1],
    quoted: false,
    scope: 0,
    where: "",
    ariaHidden: false,
  };
  // The root and body styles set the page's colour, background and font.
  let start = rootContext;
  for (const element of [rootElement, body])
    if (element.tag !== "#document") start = visit(element, start).context;

  interface Entry {
    node: HtmlNode;
    context: Context;
    prefix: string;
  }
  type Step =
    | Entry
    | {
        exit: HtmlElement;
        block: boolean;
        ref: NodeRef | null;
        owner: Block | null;
        start: number;
        role: string | null;
      };
  const stack: Step[] = [];
  const push = (children: HtmlNode[], context: Context, prefix: string) => {
    for (let index = children.length - 1; index >= 0; index--)
      stack.push({ node: children[index] as HtmlNode, context, prefix });
  };
  push(body.shadowRoot?.children ?? body.children, start, "");
  const refNames = new Map<string, HtmlElement>();
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    if ("exit" in step) {
      if (step.ref && step.owner) {
        step.ref.end = step.owner.length;
        const element = step.exit;
        const text = step.owner.parts.join("").slice(step.start, step.ref.end).replace(/\s+/g, " ").trim();
        const name =
          element.attributes.get("aria-label") ||
          text ||
          element.attributes.get("title") ||
          element.attributes.get("placeholder") ||
          element.attributes.get("value") ||
          "";
        elements.push({
          ref: step.ref.ref,
          role: step.role ?? "",
          name: name.length > 100 ? `${name.slice(0, 99)}…` : name,
          selector: selectorOf(element, idCounts),
        });
      }
      if (step.block) flush();
      continue;
    }
    const { node, context, prefix } = step;
    if (node.type === "comment") continue;
    if (node.type === "text") {
      if (hidesFromPeople(hiddenReasonsFor(context, true))) continue;
      if (node.value.trim() === "" && !block) continue;
      block ??= {
        parts: [],
        length: 0,
        refs: [],
        where: whereOf(node.parent ?? body, prefix),
        scope: context.scope,
        quoted: context.quoted,
      };
      (block as Block).parts.push(node.value);
      (block as Block).length += node.value.length;
      continue;
    }
    const element = node;
    if (element.tag === "br") {
      if (block) {
        (block as Block).parts.push(" ");
        (block as Block).length += 1;
      }
      continue;
    }
    // Places that are text without being rendered.
    if (element.tag === "noscript" || element.tag === "template") {
      const inner = element.tag === "noscript" ? parseHtml(textContentOf(element)) : element;
      add(hiddenText(inner), element.tag, ["not-rendered"], whereOf(element, prefix), context.scope, false);
      continue;
    }
    if (NOT_RENDERED.has(element.tag)) continue;
    const { context: inner, newlyHidden } = visit(element, context);
    for (const [attribute, provenance] of ATTRIBUTES) {
      const value = element.attributes.get(attribute);
      if (value && /\p{L}/u.test(value))
        add(value, provenance, [], whereOf(element, prefix), context.scope, false);
    }
    if (element.tag === "input" || element.tag === "textarea") {
      const type = (
        element.attributes.get("type") ?? (element.tag === "textarea" ? "textarea" : "text")
      ).toLowerCase();
      const value =
        element.tag === "textarea" ? textContentOf(element) : (element.attributes.get("value") ?? "");
      if (type === "hidden" && /\p{L}+\s+\p{L}+/u.test(value))
        add(value, "attr:value", ["not-rendered"], whereOf(element, prefix), context.scope, false);
      else if (/^(text|search|email|url|tel|textarea)$/.test(type) && /\p{L}+\s+\p{L}+/u.test(value))
        add(
          value,
          "attr:value",
          hiddenReasonsFor(inner, true),
          whereOf(element, prefix),
          context.scope,
          false,
        );
    }
    if (element.tag === "iframe") {
      const source = element.attributes.get("srcdoc");
      if (source) {
        const framed = captureStatic(source, url, { refs: 0, maxNodes: 500 });
        const text = framed.nodes.map((place) => place.text).join("\n");
        add(
          text,
          "srcdoc",
          hiddenReasonsFor(inner, false),
          `${whereOf(element, prefix)} srcdoc`,
          context.scope,
          false,
        );
      }
      continue;
    }
    if (pseudoRules)
      for (const pseudo of ["before", "after"] as const) {
        const declarations = cascade(element, rules, pseudo);
        const content = declarations.get("content");
        if (!content || content === "none" || content === "normal") continue;
        const pieces: string[] = [];
        for (const part of content.matchAll(
          /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([\w-]+)\s*\)/g,
        )) {
          if (part[3]) pieces.push(element.attributes.get(part[3]) ?? "");
          else
            pieces.push(
              (part[1] ?? part[2] ?? "").replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_whole, hex, character) =>
                hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : character,
              ),
            );
        }
        const text = pieces.join("");
        if (!/\p{L}/u.test(text)) continue;
        const pseudoContext = { ...inner, hidden: [...inner.hidden] };
        const pseudoColour = parseColour(declarations.get("color"), variables);
        if (pseudoColour) pseudoContext.colour = pseudoColour;
        const size = fontSizeOf(declarations);
        if (size) pseudoContext.fontPx = lengthPx(size, inner.fontPx) ?? inner.fontPx;
        if (declarations.get("display") === "none") pseudoContext.hidden.push("display-none");
        add(
          text,
          "pseudo-content",
          hiddenReasonsFor(pseudoContext, true),
          `${whereOf(element, prefix)}::${pseudo}`,
          context.scope,
          false,
        );
      }
    const hiddenHere = hidesFromPeople(hiddenReasonsFor(inner, false));
    if (newlyHidden || (hiddenHere && !hidesFromPeople(hiddenReasonsFor(context, false)))) {
      // A subtree a person does not see: one place, read whole.
      add(
        hiddenText(element),
        "text",
        hiddenReasonsFor(inner, false),
        whereOf(element, prefix),
        context.scope,
        false,
      );
      continue;
    }
    if (element.tag === "details" && !element.attributes.has("open")) {
      const summary = element.children.find(
        (child): child is HtmlElement => child.type === "element" && child.tag === "summary",
      );
      for (const child of element.children) {
        if (child === summary) continue;
        const text = child.type === "text" ? child.value : child.type === "element" ? hiddenText(child) : "";
        if (text.trim() !== "")
          add(text, "text", ["collapsed-details"], whereOf(element, prefix), context.scope, false);
      }
      flush();
      if (summary) push([summary], inner, prefix);
      continue;
    }
    // Text whose colour matches its background, or too small to read, is a hidden place of its own.
    if (hasOwnText(element)) {
      if (hidesFromPeople(hiddenReasonsFor(inner, true))) {
        add(
          hiddenText(element),
          "text",
          hiddenReasonsFor(inner, true),
          whereOf(element, prefix),
          context.scope,
          false,
        );
        continue;
      }
    }
    const isBlock = BLOCK.has(element.tag);
    if (isBlock) flush();
    const quoted = inner.quoted || QUOTE_TAGS.has(element.tag);
    const childContext = { ...inner, quoted };
    let ref: NodeRef | null = null;
    let owner: Block | null = null;
    const role = elements.length + refNames.size < maxRefs ? roleOf(element) : null;
    if (role) {
      block ??= {
        parts: [],
        length: 0,
        refs: [],
        where: whereOf(element, prefix),
        scope: context.scope,
        quoted,
      };
      owner = block as Block;
      ref = { ref: `e${refNames.size + 1}`, start: owner.length, end: owner.length };
      refNames.set(ref.ref, element);
      owner.refs.push(ref);
    }
    stack.push({ exit: element, block: isBlock, ref, owner, start: owner?.length ?? 0, role });
    if (element.shadowRoot) {
      scopes++;
      push(element.shadowRoot.children, { ...childContext, scope: scopes }, `${prefix}${label(element)} >> `);
    } else push(element.children, childContext, prefix);
  }
  flush();
  elements.sort((a, b) => Number.parseInt(a.ref.slice(1), 10) - Number.parseInt(b.ref.slice(1), 10));

  return {
    mode: "static",
    url,
    title,
    nodes,
    elements,
    complete,
    digest: digestOf(nodes),
    limitations: [...STATIC_LIMITATIONS],
    elapsedMs: performance.now() - started,
  };
}
