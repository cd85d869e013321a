import { randomBytes } from "node:crypto";
import type { Frame, Page } from "playwright-core";
import type { ProposedAction } from "../spec/action.js";
import { captureText } from "./in-page/capture-text.js";
import { describeInPage, type InPageRequest } from "./in-page/describe-in-page.js";
import { resolvePlainSelector } from "./in-page/plain-selector.js";
import { PRISTINE_DOM_SCRIPT } from "./in-page/pristine-dom.js";
import { isPlainCssSelector } from "./selector-grammar.js";

/**
 * How describe's page-side code reaches the page: shipped with each call, or installed once per document
 * by `installDescribe` and called by name. Either way the page answers in one round trip with the packed
 * JSON string that `describeAction` parses.
 */

// The page-side code is serialised once. The `__name` shim absorbs the helper some TypeScript loaders
// insert to keep function names, which does not exist inside the page.
const SHIM = "const __name = (target) => target;";
const CAPTURE_SOURCE = `const captureText = ${captureText.toString()};`;
const DESCRIBE_SOURCE = `const describeInPage = ${describeInPage.toString()};`;
const PLAIN_SELECTOR_SOURCE = `const resolvePlainSelector = ${resolvePlainSelector.toString()};`;
// The result leaves the page as one JSON string: Playwright's own serialisation of a result with hundreds
// of small objects costs tens of milliseconds on a big page, this about one. It is written by hand, from
// own properties only, so a page that defines `toJSON` on a prototype cannot forge it; strings are quoted
// by JSON.stringify, which never consults `toJSON` for a primitive. The page's saved copies are used when
// the guard installed them (see pristine-dom.ts).
const PACK_SOURCE = `const pack = (result) => {
  const saved = window.__stoplinePristine;
  const use = (name, fallback) =>
    saved && typeof saved[name] === "function" ? (value) => saved.apply(saved[name], null, [value]) : fallback;
  const quote = use("stringify", (text) => JSON.stringify(text));
  const keysOf = use("keys", (value) => Object.keys(value));
  const isArray = use("isArray", (value) => Array.isArray(value));
  // Only operators on primitives and plain loops below: no method a page could have replaced.
  const write = (value) => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "string") return quote(value);
    if (typeof value === "number") return value - value === 0 ? "" + value : "null";
    if (typeof value === "boolean") return value ? "true" : "false";
    let text = "";
    if (isArray(value)) {
      for (let index = 0; index < value.length; index++) text += (index > 0 ? "," : "") + write(value[index]);
      return "[" + text + "]";
    }
    const keys = keysOf(value);
    for (let index = 0; index < keys.length; index++) {
      const item = value[keys[index]];
      if (item === undefined || typeof item === "function") continue;
      text += (text === "" ? "" : ",") + quote(keys[index]) + ":" + write(item);
    }
    return "{" + text + "}";
  };
  return write(result);
};`;
const onElements = new Function(
  "elements",
  "request",
  `${SHIM}\n${CAPTURE_SOURCE}\n${DESCRIBE_SOURCE}\n${PACK_SOURCE}\nreturn pack(describeInPage(elements, request, captureText));`,
) as (elements: Element[], request: InPageRequest) => string;
const onPage = new Function(
  "request",
  `${SHIM}\n${CAPTURE_SOURCE}\n${DESCRIBE_SOURCE}\n${PACK_SOURCE}\nreturn pack(describeInPage([], request, captureText));`,
) as (request: InPageRequest) => string;
/**
 * The same code installed once per document by `installDescribe`, at document start, under a name
 * private to this process. A call then ships only the request instead of about 50 KB of code that the
 * page would parse and compile afresh each time: about 2 ms per action, a fifth of describe on a
 * 10 KB page (`npm run bench -- gate` measures both ways on the same page). The property is defined before
 * the page's own scripts run, non-writable and non-configurable, so a page can call it but never
 * replace it; in a document the script did not run in (one loaded before the install), the call finds
 * nothing and the code is shipped as before. Such a document could, once it learnt the name, define a
 * function of its own under it; it gains nothing by that, because its scripts also ran before anything
 * was saved and can already patch the DOM functions any describe relies on (see pristine-dom.ts): a
 * guard protects the documents it sees open, so attach it before the first navigation.
 */
const INSTALLED_NAME = `__stopline_${randomBytes(16).toString("hex")}`;
const DESCRIBE_INIT_SCRIPT = `(() => {
${SHIM}
${CAPTURE_SOURCE}
${DESCRIBE_SOURCE}
${PACK_SOURCE}
${PLAIN_SELECTOR_SOURCE}
const name = ${JSON.stringify(INSTALLED_NAME)};
if (Object.hasOwn(window, name)) return;
// Given a plain CSS selector instead of elements, finds them with the page's own query; "" asks the
// caller to use Playwright's locator (see plain-selector.ts).
const run = (elements, request) => {
  if (typeof elements !== "string") return pack(describeInPage(elements, request, captureText));
  const found = resolvePlainSelector(elements);
  return found === null ? "" : pack(describeInPage(found, request, captureText));
};
Object.defineProperty(window, name, { value: run, enumerable: false, configurable: false, writable: false });
})();`;
interface InstalledCall {
  name: string;
  request: InPageRequest;
}
type InstalledRun = (elements: Element[] | string, request: InPageRequest) => string;
// Both return null when the document has no installed code: the caller ships it.
const onElementsInstalled = (elements: Element[], call: InstalledCall): string | null => {
  const run = (window as unknown as Record<string, unknown>)[call.name];
  return typeof run === "function" ? (run as InstalledRun)(elements, call.request) : null;
};
const onPageInstalled = (call: InstalledCall): string | null => {
  const run = (window as unknown as Record<string, unknown>)[call.name];
  return typeof run === "function" ? (run as InstalledRun)([], call.request) : null;
};
// "" when the page's own query cannot stand in for Playwright's (see plain-selector.ts).
const onSelectorInstalled = (call: InstalledCall & { selector: string }): string | null => {
  const run = (window as unknown as Record<string, unknown>)[call.name];
  return typeof run === "function" ? (run as InstalledRun)(call.selector, call.request) : null;
};
/**
 * Pages `installDescribe` was called on, and whether their current document probably has the code: not
 * the document open at the install, yes after each main-frame navigation. A wrong "yes" (a same-document
 * navigation, or a race with the install) costs one extra round trip: the call finds nothing and ships.
 */
const installedPages = new WeakMap<Page, { present: boolean }>();

/**
 * Installs describe's page code in every document this page opens from now on (the guard does this),
 * after the pristine copies of the DOM functions it relies on (see pristine-dom.ts), in one script that
 * runs before the page's own. The document already open keeps working: its calls ship the code.
 */
export async function installDescribe(page: Page): Promise<void> {
  if (installedPages.has(page)) return;
  const state = { present: false };
  installedPages.set(page, state);
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) state.present = true;
  };
  page.on("framenavigated", onNavigated);
  try {
    await page.addInitScript({ content: `${PRISTINE_DOM_SCRIPT}\n${DESCRIBE_INIT_SCRIPT}` });
  } catch (error) {
    installedPages.delete(page);
    page.off("framenavigated", onNavigated);
    throw error;
  }
}

/** How describe found the target: the page's own query, Playwright's locator, or none (a goto). */
export type TargetQuery = "page" | "playwright" | "none";

/**
 * Runs describe's page code for one action in one round trip: a goto reads the page, any other kind the
 * elements its selector matches. Uses the installed code where the document has it (unless `shipCode`),
 * else ships it. With the installed code, a plain CSS selector is resolved by the page's own query in a
 * plain call, which saves the locator's walk of the page (see plain-selector.ts); any other
 * selector, or a page where that query cannot stand in, goes through a Playwright locator. Playwright's
 * errors (a bad selector, a closed page) propagate to the caller.
 */
export async function runInPage(
  page: Page,
  action: ProposedAction,
  request: InPageRequest,
  how: { shipCode: boolean; pageQuery: boolean } = { shipCode: false, pageQuery: true },
): Promise<{ packed: string; shipped: boolean; query: TargetQuery }> {
  const installed = installedPages.get(page);
  const selector = action.kind === "goto" ? null : (action.selector as string);
  const viaLocator: TargetQuery = selector === null ? "none" : "playwright";
  if (installed?.present && !how.shipCode) {
    const call: InstalledCall = { name: INSTALLED_NAME, request };
    // "" when the page's query cannot stand in, null when the document has no installed code.
    const viaPage =
      selector !== null && how.pageQuery && isPlainCssSelector(selector)
        ? await page.evaluate(onSelectorInstalled, { ...call, selector })
        : "";
    if (viaPage) return { packed: viaPage, shipped: false, query: "page" };
    const packed =
      viaPage === null
        ? null
        : selector === null
          ? await page.evaluate(onPageInstalled, call)
          : await page.locator(selector).evaluateAll(onElementsInstalled, call);
    if (packed !== null) return { packed, shipped: false, query: viaLocator };
    installed.present = false;
  }
  const packed =
    selector === null
      ? await page.evaluate(onPage, request)
      : await page.locator(selector).evaluateAll(onElements, request);
  return { packed, shipped: true, query: viaLocator };
}
