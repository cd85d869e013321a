/**
 * Which selectors describe may resolve with the page's own `querySelectorAll` instead of a Playwright
 * locator (see in-page/plain-selector.ts for why the two then agree). Only plain CSS qualifies:
 *   - compounds of an optional type (or `*`), `#id`, `.class` and `[attribute]` / `[attribute op value]`
 *     (op one of = ~= ^= $= *= |=; value an identifier or a quoted string without quotes, backslashes,
 *     `>` or line breaks inside);
 *   - joined by descendant (space) or child (`>`) combinators.
 * Anything else (pseudo-classes and pseudo-elements, `:has-text()` and the other Playwright extensions,
 * `text=`, `role=`, XPath, `>>` chains, selector lists, sibling combinators, escapes, attribute flags)
 * goes through Playwright's locator as before. The list is deliberately short: a selector it accepts
 * must mean the same to the browser and to Playwright, and one it refuses only costs a few milliseconds.
 */
const IDENT = "-?[A-Za-z_][A-Za-z0-9_-]*";
const VALUE = String.raw`(?:${IDENT}|"[^"\\>\r\n\f]*"|'[^'\\>\r\n\f]*')`;
const ATTRIBUTE = String.raw`\[\s*${IDENT}\s*(?:[~^$*|]?=\s*${VALUE}\s*)?\]`;
const PART = String.raw`(?:#${IDENT}|\.${IDENT}|${ATTRIBUTE})`;
const COMPOUND = String.raw`(?:(?:${IDENT}|\*)${PART}*|${PART}+)`;
const PLAIN = new RegExp(String.raw`^\s*${COMPOUND}(?:(?:\s*>\s*|\s+)${COMPOUND})*\s*$`);

/** Whether a selector is plain CSS that the page's own query resolves exactly as Playwright's CSS engine. */
export function isPlainCssSelector(selector: string): boolean {
  return selector.length <= 1_000 && PLAIN.test(selector);
}
