import type { HtmlElement } from "./html-document.js";

/**
 * Just enough CSS for the static mode to know which text a stylesheet hides: rules from `<style>` blocks
 * and `style` attributes, selectors with type, id, class, attribute, `:not()`, `:first-child`-style
 * pseudo-classes and the descendant and child combinators, ordered by specificity. Selectors that depend
 * on state (`:hover`, `:checked`, ...) never match: they describe a page after someone touched it.
 */

interface Compound {
  tag: string | null;
  ids: string[];
  classes: string[];
  attributes: { name: string; operator: string | null; value: string }[];
  nots: Compound[];
  structural: string[];
  /** True when the compound uses a pseudo-class this engine does not evaluate. */
  unsupported: boolean;
}

interface Selector {
  /** Right to left: the subject first, then each ancestor step with the combinator that links it. */
  steps: { compound: Compound; combinator: " " | ">" | "+" | "~" }[];
  specificity: number;
  pseudo: "before" | "after" | null;
}

export interface StyleRule {
  selectors: Selector[];
  declarations: Map<string, string>;
  important: Set<string>;
  order: number;
}

/** Declarations of a `style` attribute or a rule body. */
export function parseDeclarations(body: string): {
  declarations: Map<string, string>;
  important: Set<string>;
} {
  const declarations = new Map<string, string>();
  const important = new Set<string>();
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  const pieces: string[] = [];
  for (let index = 0; index <= body.length; index++) {
    const character = body[index];
    if (quote) {
      if (character === quote && body[index - 1] !== "\\") quote = null;
      continue;
    }
    if (character === '"' || character === "'") quote = character;
    else if (character === "(") depth++;
    else if (character === ")") depth = Math.max(0, depth - 1);
    else if ((character === ";" && depth === 0) || index === body.length) {
      pieces.push(body.slice(start, index));
      start = index + 1;
    }
  }
  for (const piece of pieces) {
    const colon = piece.indexOf(":");
    if (colon === -1) continue;
    const name = piece.slice(0, colon).trim().toLowerCase();
    let value = piece.slice(colon + 1).trim();
    if (name === "") continue;
    if (/!\s*important\s*$/i.test(value)) {
      value = value.replace(/!\s*important\s*$/i, "").trim();
      important.add(name);
    }
    declarations.set(name, value);
  }
  return { declarations, important };
}

function parseCompound(text: string): Compound | null {
  const compound: Compound = {
    tag: null,
    ids: [],
    classes: [],
    attributes: [],
    nots: [],
    structural: [],
    unsupported: false,
  };
  let rest = text;
  const tag = /^(\*|[a-zA-Z][\w-]*)/.exec(rest);
  if (tag) {
    if (tag[1] !== "*") compound.tag = (tag[1] as string).toLowerCase();
    rest = rest.slice(tag[0].length);
  }
  while (rest.length > 0) {
    const take = (pattern: RegExp): RegExpExecArray | null => {
      const found = pattern.exec(rest);
      if (found) rest = rest.slice(found[0].length);
      return found;
    };
    const id = take(/^#([\w-]+)/);
    if (id) {
      compound.ids.push(id[1] as string);
      continue;
    }
    const className = take(/^\.([\w-]+)/);
    if (className) {
      compound.classes.push(className[1] as string);
      continue;
    }
    const attribute = take(
      /^\[\s*([\w-]+)\s*(?:([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+)))?\s*(?:i\s*)?\]/,
    );
    if (attribute) {
      compound.attributes.push({
        name: (attribute[1] as string).toLowerCase(),
        operator: attribute[2] ?? null,
        value: attribute[3] ?? attribute[4] ?? attribute[5] ?? "",
      });
      continue;
    }
    const not = take(/^:not\(([^()]*)\)/i);
    if (not) {
      const inner = parseCompound((not[1] as string).trim());
      if (inner) compound.nots.push(inner);
      else compound.unsupported = true;
      continue;
    }
    const structural = take(/^:(first-child|last-child|only-child|root|empty)/i);
    if (structural) {
      compound.structural.push((structural[1] as string).toLowerCase());
      continue;
    }
    // Pseudo-elements are stripped by the caller; any other pseudo-class describes a state.
    if (take(/^:{1,2}[\w-]+(\([^)]*\))?/)) {
      compound.unsupported = true;
      continue;
    }
    return null;
  }
  return compound;
}

function specificityOf(compounds: Compound[]): number {
  let ids = 0;
  let classes = 0;
  let tags = 0;
  for (const compound of compounds) {
    ids += compound.ids.length;
    classes +=
      compound.classes.length +
      compound.attributes.length +
      compound.structural.length +
      compound.nots.length;
    if (compound.tag) tags++;
  }
  return ids * 10_000 + classes * 100 + tags;
}

function parseSelector(text: string): Selector | null {
  let source = text.trim();
  let pseudo: Selector["pseudo"] = null;
  const pseudoMatch = /::?(before|after)\s*$/i.exec(source);
  if (pseudoMatch) {
    pseudo = (pseudoMatch[1] as string).toLowerCase() as "before" | "after";
    source = source.slice(0, pseudoMatch.index).trim() || "*";
  }
  const tokens = source
    .replace(/\s*([>+~])\s*/g, " $1 ")
    .split(/\s+/)
    .filter(Boolean);
  const compounds: { compound: Compound; combinator: " " | ">" | "+" | "~" }[] = [];
  let combinator: " " | ">" | "+" | "~" = " ";
  for (const token of tokens) {
    if (token === ">" || token === "+" || token === "~") {
      combinator = token;
      continue;
    }
    const compound = parseCompound(token);
    if (!compound) return null;
    compounds.push({ compound, combinator });
    combinator = " ";
  }
  if (compounds.length === 0) return null;
  // Store right to left; each step's combinator links it to the step on its right.
  const steps: Selector["steps"] = [];
  for (let index = compounds.length - 1; index >= 0; index--) {
    const next = compounds[index + 1];
    steps.push({
      compound: (compounds[index] as (typeof compounds)[number]).compound,
      combinator: next ? next.combinator : " ",
    });
  }
  return { steps, specificity: specificityOf(compounds.map((entry) => entry.compound)), pseudo };
}

/** Parses a stylesheet's text into rules, in order. `@media` and `@supports` blocks are read as if they applied. */
export function parseStyleSheet(css: string, startOrder = 0): StyleRule[] {
  const rules: StyleRule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, " ");
  let order = startOrder;
  const walk = (source: string) => {
    let position = 0;
    while (position < source.length) {
      const open = source.indexOf("{", position);
      if (open === -1) break;
      const prelude = source.slice(position, open).trim();
      // Find the matching close brace.
      let depth = 1;
      let cursor = open + 1;
      while (cursor < source.length && depth > 0) {
        if (source[cursor] === "{") depth++;
        else if (source[cursor] === "}") depth--;
        cursor++;
      }
      const body = source.slice(open + 1, cursor - 1);
      position = cursor;
      if (prelude.startsWith("@")) {
        if (/^@(media|supports|layer|container|document)\b/i.test(prelude)) walk(body);
        continue;
      }
      const selectors = prelude
        .split(",")
        .map((part) => parseSelector(part))
        .filter((selector): selector is Selector => selector !== null);
      if (selectors.length === 0) continue;
      const { declarations, important } = parseDeclarations(body);
      if (declarations.size > 0) rules.push({ selectors, declarations, important, order: order++ });
    }
  };
  walk(text);
  return rules;
}

function siblingsOf(element: HtmlElement): HtmlElement[] {
  return (element.parent?.children ?? []).filter((child): child is HtmlElement => child.type === "element");
}

function matchesCompound(element: HtmlElement, compound: Compound): boolean {
  if (compound.unsupported) return false;
  if (compound.tag && element.tag !== compound.tag) return false;
  for (const id of compound.ids) if (element.attributes.get("id") !== id) return false;
  if (compound.classes.length > 0) {
    const classes = (element.attributes.get("class") ?? "").split(/\s+/);
    for (const name of compound.classes) if (!classes.includes(name)) return false;
  }
  for (const { name, operator, value } of compound.attributes) {
    const actual = element.attributes.get(name);
    if (actual === undefined) return false;
    if (operator === null) continue;
    const ok =
      operator === "="
        ? actual === value
        : operator === "~="
          ? actual.split(/\s+/).includes(value)
          : operator === "^="
            ? actual.startsWith(value)
            : operator === "$="
              ? actual.endsWith(value)
              : operator === "*="
                ? actual.includes(value)
                : actual === value || actual.startsWith(`${value}-`);
    if (!ok) return false;
  }
  for (const not of compound.nots) if (matchesCompound(element, not)) return false;
  for (const structural of compound.structural) {
    const siblings = siblingsOf(element);
    if (structural === "first-child" && siblings[0] !== element) return false;
    if (structural === "last-child" && siblings[siblings.length - 1] !== element) return false;
    if (structural === "only-child" && siblings.length !== 1) return false;
    if (structural === "root" && element.tag !== "html") return false;
    if (structural === "empty" && element.children.length > 0) return false;
  }
  return true;
}

function matchesFrom(element: HtmlElement, selector: Selector, index: number): boolean {
  const step = selector.steps[index];
  if (!step) return true;
  if (!matchesCompound(element, step.compound)) return false;
  if (index === selector.steps.length - 1) return true;
  const combinator = step.combinator;
  if (combinator === ">") {
    const parent = element.parent;
    return parent !== null && parent.tag !== "#document" && matchesFrom(parent, selector, index + 1);
  }
  if (combinator === " ") {
    for (let ancestor = element.parent; ancestor && ancestor.tag !== "#document"; ancestor = ancestor.parent)
      if (matchesFrom(ancestor, selector, index + 1)) return true;
    return false;
  }
  const siblings = siblingsOf(element);
  const position = siblings.indexOf(element);
  if (combinator === "+") {
    const previous = siblings[position - 1];
    return previous !== undefined && matchesFrom(previous, selector, index + 1);
  }
  for (let before = position - 1; before >= 0; before--)
    if (matchesFrom(siblings[before] as HtmlElement, selector, index + 1)) return true;
  return false;
}

/** The rules' declarations that apply to an element (or to one of its pseudo-elements), cascaded. */
export function cascade(
  element: HtmlElement,
  rules: readonly StyleRule[],
  pseudo: "before" | "after" | null = null,
): Map<string, string> {
  const matched: { specificity: number; order: number; rule: StyleRule }[] = [];
  for (const rule of rules) {
    let best = -1;
    for (const selector of rule.selectors)
      if (selector.pseudo === pseudo && selector.specificity > best && matchesFrom(element, selector, 0))
        best = selector.specificity;
    if (best >= 0) matched.push({ specificity: best, order: rule.order, rule });
  }
  matched.sort((a, b) => a.specificity - b.specificity || a.order - b.order);
  const result = new Map<string, string>();
  const important = new Set<string>();
  for (const { rule } of matched)
    for (const [name, value] of rule.declarations) {
      if (important.has(name) && !rule.important.has(name)) continue;
      result.set(name, value);
      if (rule.important.has(name)) important.add(name);
    }
  if (pseudo === null) {
    const inline = element.attributes.get("style");
    if (inline) {
      const parsed = parseDeclarations(inline);
      for (const [name, value] of parsed.declarations) {
        if (important.has(name) && !parsed.important.has(name)) continue;
        result.set(name, value);
      }
    }
  }
  return result;
}

/** True when some rule has a selector for this pseudo-element: the static capture then looks for content. */
export function hasPseudoRules(rules: readonly StyleRule[]): boolean {
  return rules.some((rule) => rule.selectors.some((selector) => selector.pseudo !== null));
}
