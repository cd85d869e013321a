/**
 * Runs at document start in every frame of a guarded page, before the page's own scripts: saves the DOM
 * functions the capture relies on most (text, style, geometry, visibility, queries, attributes, the JSON
 * that carries the result out), so a script that later patches `HTMLElement.prototype.innerText` or
 * `window.getComputedStyle` to hide text cannot lie to the capture. The copies sit in a frozen,
 * non-configurable property; the page can read them, never replace them.
 *
 * What it does not cover: the many other built-ins the capture touches (node traversal getters, string
 * and array methods, regular expressions), and pages the guard attached to after they loaded. Running
 * the capture in an isolated world would close those; this is the cheap part of that defence.
 *
 * This function is serialised into the page: it must not reference anything outside its own body.
 */
export function installPristineDom(): void {
  const key = "__stoplinePristine";
  if (Object.hasOwn(window, key)) return;
  const getter = (prototype: object, name: string) => Object.getOwnPropertyDescriptor(prototype, name)?.get;
  const saved = Object.freeze({
    apply: Reflect.apply,
    innerText: getter(HTMLElement.prototype, "innerText"),
    textContent: getter(Node.prototype, "textContent"),
    getComputedStyle: window.getComputedStyle,
    getBoundingClientRect: Element.prototype.getBoundingClientRect,
    checkVisibility: Element.prototype.checkVisibility,
    querySelectorAll: Element.prototype.querySelectorAll,
    documentQuerySelectorAll: Document.prototype.querySelectorAll,
    fragmentQuerySelectorAll: DocumentFragment.prototype.querySelectorAll,
    getAttribute: Element.prototype.getAttribute,
    stringify: JSON.stringify,
    keys: Object.keys,
    isArray: Array.isArray,
  });
  Object.defineProperty(window, key, {
    value: saved,
    enumerable: false,
    configurable: false,
    writable: false,
  });
}

/** The init script that installs the pristine copies, as Playwright's `addInitScript` takes it. */
export const PRISTINE_DOM_SCRIPT = `(() => { const __name = (target) => target; (${installPristineDom.toString()})(); })();`;
