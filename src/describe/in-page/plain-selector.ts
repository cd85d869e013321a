/**
 * Finds a proposal's target with the page's own `querySelectorAll` instead of a Playwright locator, where
 * both must find the same element. On this machine an empty call through a locator takes about 5 ms on
 * a 100 KB page and 14–17 ms on a 1 MB one, against about 2 ms for a plain call into the page, because
 * Playwright's CSS engine also walks every element looking for open shadow roots (the check below costs
 * 0.3 ms and 2–3 ms).
 *
 * Why the two agree. `isPlainCssSelector` (on Node's side) accepts only plain CSS: type, id, class and
 * attribute selectors joined by descendant or child combinators, no pseudo-class, no Playwright engine,
 * no selector list. For such a selector Playwright's engine matches a light-DOM element exactly as the
 * browser does (the element's ancestors are the same either way), and it only adds matches inside open
 * shadow roots. So Playwright's matches are the page's plus possibly more: when the page's query finds
 * exactly one element, the locator that dispatches the action finds that element, or several and then
 * refuses to act (Playwright's strict mode). Describe can never describe one element while the action
 * lands on another.
 *
 * What it relies on: the saved, unpatched `Document.prototype.querySelectorAll` (see pristine-dom.ts), so
 * the page cannot make the query lie; matches are read by index, which a page cannot redefine, and the one element is handed on in an array literal. Without
 * the saved copy, or on a page with an open shadow root (where Playwright could also find an element the
 * page's query cannot), it returns null and the caller asks Playwright, as for any other selector. A page
 * that hides its shadow roots from the check (by patching `shadowRoot`) gains nothing: it can only make
 * the locator find more elements, and then the action is refused.
 *
 * This function is serialised into the page: it must not reference anything outside its own body.
 */
export function resolvePlainSelector(selector: string): Element[] | null {
  const saved = (
    window as unknown as {
      __stoplinePristine?: {
        apply: (target: unknown, self: unknown, args: unknown[]) => unknown;
        documentQuerySelectorAll?: unknown;
      };
    }
  ).__stoplinePristine;
  if (!saved || typeof saved.documentQuerySelectorAll !== "function") return null;
  // A live collection: far cheaper to walk than a static copy of every element of a big page.
  const all = document.getElementsByTagName("*");
  for (let index = 0; index < all.length; index++) if ((all[index] as Element).shadowRoot) return null;
  let found: NodeListOf<Element>;
  try {
    found = saved.apply(saved.documentQuerySelectorAll, document, [selector]) as NodeListOf<Element>;
  } catch {
    return null;
  }
  // Counted and copied without a method or an index assignment a page could have redefined (a setter
  // on `Array.prototype[0]` would otherwise see, or swap, the element).
  let count = 0;
  while (found[count] !== undefined) count++;
  if (count === 1) return [found[0] as Element];
  // None, or several (an error either way): only the number matters.
  const elements: Element[] = [];
  elements.length = count;
  return elements;
}
