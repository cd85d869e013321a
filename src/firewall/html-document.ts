/**
 * A small, forgiving HTML parser for the firewall's static mode: enough of the HTML5 tree-building rules
 * (void elements, raw-text elements, implied end tags, entities, declarative shadow roots) to turn a page
 * file into a tree of elements, text and comments without a browser. It never throws on bad markup and
 * its work is linear in the input.
 */

export interface HtmlText {
  type: "text";
  value: string;
  parent: HtmlElement | null;
}

export interface HtmlComment {
  type: "comment";
  value: string;
  parent: HtmlElement | null;
}

export interface HtmlElement {
  type: "element";
  /** Lower-case tag name; `#document` for the root. */
  tag: string;
  attributes: Map<string, string>;
  children: HtmlNode[];
  parent: HtmlElement | null;
  /** A declarative shadow root (`<template shadowrootmode>`), rendered in place of the children. */
  shadowRoot: HtmlElement | null;
}

export type HtmlNode = HtmlElement | HtmlText | HtmlComment;

const VOID = new Set(
  "area base br col embed hr img input link meta param source track wbr basefont bgsound frame keygen".split(
    " ",
  ),
);
const RAW_TEXT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
]);
/** Starting one of these closes an open `<p>`. */
const CLOSES_P = new Set(
  "address article aside blockquote details dialog div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section table ul".split(
    " ",
  ),
);
/** Tags whose start implies the end of an open sibling of the listed kinds. */
const IMPLIED_END: Record<string, string[]> = {
  li: ["li"],
  dt: ["dt", "dd"],
  dd: ["dt", "dd"],
  tr: ["tr", "td", "th"],
  td: ["td", "th"],
  th: ["td", "th"],
  option: ["option"],
  optgroup: ["optgroup", "option"],
  thead: ["tbody", "tfoot", "tr", "td", "th"],
  tbody: ["thead", "tfoot", "tr", "td", "th"],
  tfoot: ["thead", "tbody", "tr", "td", "th"],
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  shy: "\u00ad",
  copy: "©",
  reg: "®",
  trade: "™",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  sbquo: "‚",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  bull: "•",
  middot: "·",
  times: "×",
  divide: "÷",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  deg: "°",
  plusmn: "±",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  iexcl: "¡",
  iquest: "¿",
  prime: "′",
  Prime: "″",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  hearts: "♥",
  star: "☆",
  starf: "★",
  check: "✓",
  zwj: "\u200d",
  zwnj: "\u200c",
  lrm: "\u200e",
  rlm: "\u200f",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  aacute: "á",
  Aacute: "Á",
  eacute: "é",
  Eacute: "É",
  iacute: "í",
  Iacute: "Í",
  oacute: "ó",
  Oacute: "Ó",
  uacute: "ú",
  Uacute: "Ú",
  agrave: "à",
  Agrave: "À",
  egrave: "è",
  Egrave: "È",
  igrave: "ì",
  ograve: "ò",
  ugrave: "ù",
  Ugrave: "Ù",
  acirc: "â",
  Acirc: "Â",
  ecirc: "ê",
  Ecirc: "Ê",
  icirc: "î",
  ocirc: "ô",
  Ocirc: "Ô",
  ucirc: "û",
  auml: "ä",
  Auml: "Ä",
  euml: "ë",
  iuml: "ï",
  ouml: "ö",
  Ouml: "Ö",
  uuml: "ü",
  Uuml: "Ü",
  yuml: "ÿ",
  szlig: "ß",
  ntilde: "ñ",
  Ntilde: "Ñ",
  ccedil: "ç",
  Ccedil: "Ç",
  oelig: "œ",
  OElig: "Œ",
  aelig: "æ",
  AElig: "Æ",
  oslash: "ø",
  Oslash: "Ø",
  aring: "å",
  Aring: "Å",
  atilde: "ã",
  otilde: "õ",
  minus: "−",
  hyphen: "‐",
  dash: "‐",
  ast: "*",
  num: "#",
  excl: "!",
  quest: "?",
  colon: ":",
  semi: ";",
  comma: ",",
  period: ".",
  sol: "/",
  lpar: "(",
  rpar: ")",
  lsqb: "[",
  rsqb: "]",
  lbrack: "[",
  rbrack: "]",
  lcub: "{",
  rcub: "}",
  vert: "|",
  bsol: "\\",
  dollar: "$",
  percnt: "%",
  plus: "+",
  equals: "=",
  grave: "`",
  Hat: "^",
  lowbar: "_",
  commat: "@",
  tilde: "˜",
  circ: "ˆ",
  dagger: "†",
  Dagger: "‡",
  permil: "‰",
  infin: "∞",
  ne: "≠",
  le: "≤",
  ge: "≥",
  asymp: "≈",
};

/** Decodes character references in text or an attribute value. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z][A-Za-z0-9]{1,31});?/g,
    (whole, body: string) => {
      if (body.startsWith("#")) {
        const code =
          body[1] === "x" || body[1] === "X"
            ? Number.parseInt(body.slice(2), 16)
            : Number.parseInt(body.slice(1), 10);
        if (!Number.isFinite(code) || code > 0x10ffff || code === 0) return "\ufffd";
        return String.fromCodePoint(code);
      }
      return NAMED_ENTITIES[body] ?? whole;
    },
  );
}

function element(tag: string, parent: HtmlElement | null): HtmlElement {
  return { type: "element", tag, attributes: new Map(), children: [], parent, shadowRoot: null };
}

/** The rest of a tag up to its `>`, quoted attribute values skipped (a regular expression is far faster than a loop over characters). */
const TAG_END = /(?:"[^"]*"|'[^']*'|[^"'>])*>/y;
const TAG_NAME = /[A-Za-z][^\s/>]{0,63}/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function readAttributes(inside: string, node: HtmlElement): void {
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(inside); match; match = ATTRIBUTE.exec(inside)) {
    const name = (match[1] as string).toLowerCase();
    if (name === "/" || node.attributes.has(name)) continue;
    node.attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
}

/** Parses a document. The root is a `#document` element holding whatever the markup made. */
export function parseHtml(source: string): HtmlElement {
  // A string built by concatenation is a rope, and some operations copy a rope on every call: work on a
  // fresh flat copy.
  const html = Buffer.from(source, "utf8").toString("utf8");
  const root = element("#document", null);
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1] as HtmlElement;
  const appendText = (value: string) => {
    if (value === "") return;
    const parent = current();
    const last = parent.children[parent.children.length - 1];
    if (last?.type === "text") last.value += value;
    else parent.children.push({ type: "text", value, parent });
  };
  const closeTo = (tag: string) => {
    for (let index = stack.length - 1; index > 0; index--) {
      if ((stack[index] as HtmlElement).tag === tag) {
        stack.length = index;
        return true;
      }
    }
    return false;
  };
  const inScope = (tags: string[]) => {
    for (let index = stack.length - 1; index > 0; index--) {
      const tag = (stack[index] as HtmlElement).tag;
      if (tags.includes(tag)) return tag;
      if (
        ["table", "ul", "ol", "dl", "select", "div", "section", "article", "body", "template"].includes(tag)
      )
        return null;
    }
    return null;
  };

  const length = html.length;
  const lower = html.toLowerCase();
  // One token per call: a loop whose body is a call is not peeled by the optimiser, which on some
  // inputs made the inlined body a hundred times slower.
  const step = (start: number): number => {
    let position = start;
    const open = html.indexOf("<", position);
    if (open === -1) {
      appendText(decodeEntities(html.slice(position)));
      return length;
    }
    if (open > position) appendText(decodeEntities(html.slice(position, open)));
    position = open;
    const next = html.charCodeAt(position + 1);
    if (next === 33 && html.startsWith("<!--", position)) {
      const end = html.indexOf("-->", position + 4);
      const value = html.slice(position + 4, end === -1 ? length : end);
      current().children.push({ type: "comment", value, parent: current() });
      position = end === -1 ? length : end + 3;
      return position;
    }
    if (next === 33 || next === 63) {
      const end = html.indexOf(">", position);
      position = end === -1 ? length : end + 1;
      return position;
    }
    const closing = next === 47;
    TAG_NAME.lastIndex = position + (closing ? 2 : 1);
    const nameMatch = TAG_NAME.exec(html);
    if (!nameMatch) {
      appendText("<");
      position++;
      return position;
    }
    const tag = nameMatch[0].toLowerCase();
    // Find the end of the tag, skipping quoted attribute values.
    const afterName = position + (closing ? 2 : 1) + nameMatch[0].length;
    TAG_END.lastIndex = afterName;
    const end = TAG_END.exec(html);
    const cursor = end ? end.index + end[0].length - 1 : length;
    const inside = html.slice(position + (closing ? 2 : 1) + nameMatch[0].length, cursor);
    position = cursor + 1;
    if (closing) {
      if (tag === "p" && !inScope(["p"])) return position;
      if (tag === "br") {
        current().children.push(element("br", current()));
        return position;
      }
      closeTo(tag);
      return position;
    }
    const node = element(tag, current());
    readAttributes(inside, node);
    if (CLOSES_P.has(tag) && inScope(["p"])) closeTo("p");
    const implied = IMPLIED_END[tag];
    if (implied) {
      const open = inScope(implied);
      if (open) closeTo(open);
    }
    const parent = current();
    if (tag === "template" && node.attributes.has("shadowrootmode") && parent !== root) {
      // Declarative shadow DOM: the template's content is the parent's shadow root.
      node.parent = parent;
      parent.shadowRoot = node;
    } else parent.children.push(node);
    if (VOID.has(tag)) return position;
    if (RAW_TEXT.has(tag)) {
      const end = lower.indexOf(`</${tag}`, position);
      const raw = html.slice(position, end === -1 ? length : end);
      if (raw !== "")
        node.children.push({
          type: "text",
          value: tag === "title" || tag === "textarea" ? decodeEntities(raw) : raw,
          parent: node,
        });
      position = end === -1 ? length : html.indexOf(">", end) + 1 || length;
      return position;
    }
    stack.push(node);
    return position;
  };
  for (let position = 0; position < length; ) position = step(position);
  return root;
}

/** The first element with this tag, depth first. */
export function findElement(root: HtmlElement, tag: string): HtmlElement | null {
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.type !== "element") continue;
    if (node.tag === tag) return node;
    for (let index = node.children.length - 1; index >= 0; index--)
      stack.push(node.children[index] as HtmlNode);
  }
  return null;
}

/** Text of an element's subtree, as the DOM's textContent would give it. */
export function textContentOf(node: HtmlNode): string {
  if (node.type !== "element") return node.type === "text" ? node.value : "";
  const parts: string[] = [];
  const stack: HtmlNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as HtmlNode;
    if (current.type === "text") parts.push(current.value);
    else if (current.type === "element")
      for (let index = current.children.length - 1; index >= 0; index--)
        stack.push(current.children[index] as HtmlNode);
  }
  return parts.join("");
}
