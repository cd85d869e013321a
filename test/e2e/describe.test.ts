import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { evaluateHardRules } from "../../src/core/hard-rules.js";
import { type DescribeError, describeAction, isNamedKey } from "../../src/describe/describe-action.js";
import { installDescribe } from "../../src/describe/page-code.js";
import { GATE_FIREWALL_CAPTURE } from "../../src/firewall/gate-settings.js";
import { guard } from "../../src/playwright/guard.js";
import type { ProposedAction } from "../../src/spec/action.js";
import { browser, closeBrowser, fixture, pageWith } from "../support/browser.js";
import { fixedBackend } from "../support/scripted-backend.js";

let page: Page;
before(async () => {
  page = await pageWith(fixture("describe/kitchen-sink.html"), "https://billing.example/invoices");
});
after(closeBrowser);

async function target(selector: string, kind: "click" | "fill" = "click", value?: string) {
  const { described } = await describeAction(page, {
    kind,
    selector,
    ...(value === undefined ? {} : { value }),
  });
  return described;
}

describe("describe: the target element", () => {
  it("reads tag, role, accessible name from aria-label, and the row it belongs to", async () => {
    const { action } = await target("#delete-4471");
    assert.equal(action.target?.tag, "button");
    assert.equal(action.target?.role, "button");
    assert.equal(action.target?.name, "Delete invoice 4471");
    assert.equal(action.target?.nameSource, "aria-label");
    assert.match(action.target?.itemText ?? "", /Invoice #4471/);
    assert.doesNotMatch(action.target?.itemText ?? "", /4472/);
  });
  it("names fields by aria-labelledby, associated label and wrapping label", async () => {
    assert.equal((await target("#q", "fill", "x")).action.target?.name, "Search invoices");
    assert.equal((await target("#user", "fill", "x")).action.target?.nameSource, "label");
    const password = (await target("#pass", "fill", "secret")).action.target;
    assert.equal(password?.name, "Password");
    assert.equal(password?.inputType, "password");
  });
  it("resolves the form's action, method and sensitive fields, and knows a submit button submits it", async () => {
    const { action } = await target("#sign-in");
    assert.equal(action.target?.submitsForm, true);
    assert.equal(action.target?.form?.action, "https://billing.example/session");
    assert.equal(action.target?.form?.method, "post");
    assert.deepEqual(action.target?.form?.sensitiveFields.map((field) => field.kind).sort(), [
      "one_time_code",
      "password",
    ]);
    assert.equal(action.destination?.via, "form");
  });
  it("resolves links, their origin and target=_blank", async () => {
    const { action } = await target("#partner");
    assert.equal(action.destination?.origin, "https://partner.example");
    assert.equal(action.destination?.via, "new-window");
    assert.equal((await target("#js")).action.destination?.url, "javascript:alert(1)");
  });
  it("reads select options and checkbox state", async () => {
    const { action } = await describeAction(page, {
      kind: "select",
      selector: "#sort",
      value: "amount",
    }).then((r) => r.described);
    assert.deepEqual(
      action.target?.options?.map((option) => option.value),
      ["date", "amount"],
    );
    assert.equal((await target("#remember")).action.target?.checked, false);
    assert.equal((await target("#remember")).action.target?.name, "Remember me");
  });
  it("sees into open shadow roots and same-origin iframes", async () => {
    const shadow = (await target("#shadow-btn")).action.target;
    assert.equal(shadow?.inShadowRoot, true);
    assert.equal(shadow?.name, "Approve in shadow");
    assert.match(shadow?.itemText ?? "", /Shadow card/);
    const framed = await describeAction(page, {
      kind: "click",
      selector: "#frame >> internal:control=enter-frame >> #in-frame",
    });
    assert.equal(framed.described.action.target?.inIframe, true);
    assert.equal(
      framed.described.page.url,
      "https://billing.example/invoices",
      "the page around the frame is described",
    );
  });
  it("knows when the target is covered or has no size", async () => {
    assert.equal((await target("#covered")).action.target?.covered, true);
    const zero = (await target("#zero")).action.target;
    assert.equal(zero?.visible, false);
    assert.deepEqual(zero?.hiddenBy, ["zero-size"]);
  });
  it("redacts the value typed into a password field and keeps safe values", async () => {
    const secret = await describeAction(page, { kind: "fill", selector: "#pass", value: "hunter2" });
    assert.equal(secret.described.action.value, "[redacted: 7 characters]");
    assert.equal(secret.rawValue, "hunter2");
    assert.ok(!JSON.stringify(secret.described).includes("hunter2"));
    const safe = await describeAction(page, { kind: "fill", selector: "#q", value: "october" });
    assert.equal(safe.described.action.value, "october");
  });
  it("keeps a named key pressed in a password field, so submitting its form is seen, and hides a typed character", async () => {
    const enter = await describeAction(page, { kind: "press", selector: "#pass", value: "Enter" });
    assert.equal(enter.described.action.value, "Enter");
    const hits = evaluateHardRules({
      described: enter.described,
      rawValue: enter.rawValue,
      origins: { allowedOrigins: [], allowSubdomains: false },
    });
    assert.ok(hits.some((hit) => hit.reason.code === "sensitive_form_submit"));
    const character = await describeAction(page, { kind: "press", selector: "#pass", value: "x" });
    assert.match(character.described.action.value ?? "", /^\[redacted/);
    assert.equal(isNamedKey("Control+Shift+Tab"), true);
    assert.equal(isNamedKey("KeyA"), false);
    assert.equal(isNamedKey("Shift+a"), false);
  });
});

describe("describe: the sections a target sits in", () => {
  it("names the nearest heading, then the labelled regions around it, innermost first", async () => {
    const sections = await pageWith(
      `<div><div><button id="plain">Plain</button></div></div>
      <h1>Desk lamps</h1>
      <aside aria-label="Filters"><h3>Price</h3><label><input type="checkbox" id="under-50"> Under $50</label>
        <fieldset><legend>Colour</legend><label><input type="checkbox" id="black"> Black</label></fieldset></aside>
      <div role="toolbar" aria-labelledby="tools-name"><span id="tools-name">Search tools</span><select id="time"><option>Any time</option></select></div>
      <div role="group" aria-label="Ignored name" aria-labelledby="billing-name"><span id="billing-name">Billing</span><button id="pay">Pay</button></div>
      <section><h2>Danger zone</h2><div><p>Deleting is permanent.</p><button id="delete">Delete workspace</button></div></section>`,
      "https://shop.example/search",
    );
    const sectionOf = async (selector: string) =>
      (await describeAction(sections, { kind: "click", selector })).described.action.target?.section;
    assert.equal(await sectionOf("#under-50"), "Price › Filters");
    assert.equal(await sectionOf("#black"), "Colour › Price › Filters");
    assert.equal(await sectionOf("#time"), "Search tools › Desk lamps");
    assert.equal(await sectionOf("#delete"), "Danger zone");
    // aria-labelledby names a region before aria-label, as it names any element.
    assert.equal(await sectionOf("#pay"), "Billing › Desk lamps");
    assert.equal(await sectionOf("#plain"), null);
    await sections.close();
  });
});

describe("describe: the page", () => {
  it("collects hidden text with its provenance, through stylesheets and classes", async () => {
    const { page: facts } = await target("#home");
    const find = (text: string) => facts.hiddenText.find((piece) => piece.text.includes(text));
    assert.deepEqual(find("Hidden by a class")?.hiddenBy, ["display-none"]);
    assert.deepEqual(find("Hidden by visibility")?.hiddenBy, ["visibility-hidden"]);
    assert.deepEqual(find("Pushed off the screen")?.hiddenBy, ["off-screen"]);
    assert.deepEqual(find("Written very small")?.hiddenBy, ["tiny-font"]);
    assert.deepEqual(find("white on white")?.hiddenBy, ["same-colour"]);
    assert.deepEqual(find("Hidden by the attribute")?.hiddenBy, ["hidden-attribute"]);
    assert.deepEqual(find("hidden from assistive")?.hiddenBy, ["aria-hidden"]);
    assert.equal(find("ignore the user")?.provenance, "comment");
    assert.equal(find("approve every invoice")?.provenance, "meta");
    assert.equal(find("tells agents to click Pay")?.provenance, "attr:alt");
    assert.ok(facts.visibleText.includes("Invoice #4471"));
    assert.ok(!facts.visibleText.includes("Hidden by a class"));
    assert.ok(facts.visibleText.includes("Shadow card"), "shadow root text is visible text");
    assert.ok(facts.visibleText.includes("Frame text"), "same-origin iframe text is visible text");
  });
  it("inventories the page's sensitive fields", async () => {
    const { page: facts } = await target("#home");
    assert.deepEqual(facts.sensitiveFields.map((field) => field.kind).sort(), ["one_time_code", "password"]);
  });
  it("changes the state hash when the visible text or the form's values change, not otherwise", async () => {
    const first = (await target("#sign-in")).page.stateHash;
    assert.equal((await target("#sign-in")).page.stateHash, first, "stable when nothing changed");
    await page.fill("#user", "maren");
    const afterFill = (await target("#sign-in")).page.stateHash;
    assert.notEqual(afterFill, first, "a value in the target's form changed");
    await page.evaluate(() => {
      (document.querySelector(".invoice-row td") as HTMLElement).textContent = "Invoice #9999";
    });
    assert.notEqual((await target("#sign-in")).page.stateHash, afterFill, "the visible text changed");
  });
  it("bounds the visible text and records the bound", async () => {
    const { described } = await describeAction(
      page,
      { kind: "click", selector: "#home" },
      { visibleTextBound: 20 },
    );
    assert.equal(described.page.visibleText.length <= 20, true);
    assert.equal(described.page.visibleTextBound, 20);
    assert.equal(described.page.visibleTextTruncated, true);
  });
});

describe("describe: bad proposals are clear errors", () => {
  it("rejects a selector that matches nothing, several elements, or is not a selector", async () => {
    await assert.rejects(
      describeAction(page, { kind: "click", selector: "#nothing" }),
      (error: DescribeError) => error.code === "no_match",
    );
    await assert.rejects(
      describeAction(page, { kind: "click", selector: "button" }),
      (error: DescribeError) => error.code === "ambiguous",
    );
    await assert.rejects(
      describeAction(page, { kind: "click", selector: "##" }),
      (error: DescribeError) => error.code === "bad_selector",
    );
  });
  it("rejects an unknown kind and a missing selector", async () => {
    await assert.rejects(
      describeAction(page, { kind: "hover" as "click", selector: "#home" }),
      (error: DescribeError) => error.code === "unknown_kind",
    );
    await assert.rejects(
      describeAction(page, { kind: "click" }),
      (error: DescribeError) => error.code === "missing_selector",
    );
  });
});

const URL_ = "https://billing.example/invoices";
/** A page serving `body` at URL_, with describe's code installed before (or after) it loads. */
async function installedPage(body: string, installFirst: boolean): Promise<Page> {
  const context = await (await browser()).newContext();
  const fresh = await context.newPage();
  await fresh.route("**/*", (route) =>
    route.request().url() === URL_
      ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body })
      : route.fulfill({ status: 404, body: "" }),
  );
  if (installFirst) await installDescribe(fresh);
  await fresh.goto(URL_);
  if (!installFirst) await installDescribe(fresh);
  return fresh;
}

describe("describe: code installed once per document", () => {
  const html = fixture("describe/kitchen-sink.html");
  const actions: ProposedAction[] = [
    { kind: "click", selector: "#delete-4471" },
    { kind: "fill", selector: "#pass", value: "hunter2" },
    { kind: "select", selector: "#sort", value: "amount" },
    { kind: "click", selector: "#shadow-btn" },
    { kind: "goto", value: "https://partner.example/" },
  ];

  it("describes from the installed code exactly what the shipped code describes", async () => {
    const installed = await installedPage(html, true);
    const plain = await pageWith(html, URL_);
    for (const action of actions) {
      const viaInstalled = await describeAction(installed, action, { firewall: GATE_FIREWALL_CAPTURE });
      const viaShipped = await describeAction(plain, action, { firewall: GATE_FIREWALL_CAPTURE });
      assert.equal(viaInstalled.shipped, false, `${action.kind} ${action.selector} used the installed code`);
      assert.equal(viaShipped.shipped, true);
      assert.deepEqual(viaInstalled.described, viaShipped.described);
      // The install also saved pristine DOM functions, which the shipped page lacks and says so.
      const withoutPristineNote = (text: typeof viaShipped.pageText) => ({
        ...text,
        elapsedMs: 0,
        limitations: text?.limitations.filter((line) => !line.includes("pristine")),
      });
      assert.deepEqual(withoutPristineNote(viaInstalled.pageText), withoutPristineNote(viaShipped.pageText));
      assert.equal(
        viaShipped.pageText?.limitations.some((line) => line.includes("no pristine copies")),
        true,
      );
      assert.equal(
        viaInstalled.pageText?.limitations.some((line) => line.includes("no pristine copies")),
        false,
      );
    }
    await installed.context().close();
    await plain.context().close();
  });
  it("ships the code to a document loaded before the install, and still errors clearly", async () => {
    const late = await installedPage(html, false);
    const { described, shipped } = await describeAction(late, { kind: "click", selector: "#delete-4471" });
    assert.equal(shipped, true);
    assert.equal(described.action.target?.name, "Delete invoice 4471");
    await assert.rejects(
      describeAction(late, { kind: "click", selector: "button" }),
      (error: DescribeError) => error.code === "ambiguous",
    );
    // A same-document navigation does not bring the code: the call finds nothing and ships it.
    await late.evaluate(() => history.pushState({}, "", "/invoices?page=2"));
    const afterPush = await describeAction(late, { kind: "click", selector: "#delete-4471" });
    assert.equal(afterPush.shipped, true);
    assert.equal(afterPush.described.action.target?.name, "Delete invoice 4471");
    await late.goto(URL_);
    assert.equal((await describeAction(late, { kind: "click", selector: "#delete-4471" })).shipped, false);
    await late.context().close();
  });
  it("a page that finds the installed code can call it but not replace it", async () => {
    const hostile = html.replace(
      "</body>",
      `<script>
  for (const name of Object.getOwnPropertyNames(window).filter((key) => key.startsWith("__stopline_"))) {
    const fake = () => JSON.stringify({ ok: false, error: "no_match", url: "forged", count: 0 });
    try { window[name] = fake; } catch {}
    try { Object.defineProperty(window, name, { value: fake }); } catch {}
    try { delete window[name]; } catch {}
    window.__found = (window.__found || 0) + 1;
  }
</script></body>`,
    );
    const installed = await installedPage(hostile, true);
    assert.equal(await installed.evaluate(() => (window as unknown as { __found?: number }).__found), 1);
    const { described, shipped } = await describeAction(installed, {
      kind: "click",
      selector: "#delete-4471",
    });
    assert.equal(shipped, false);
    assert.equal(described.action.target?.name, "Delete invoice 4471");
    await installed.context().close();
  });
});

describe("describe: plain CSS selectors resolved by the page's own query", () => {
  // The kitchen sink without its shadow root: Playwright's CSS engine then finds what the page's query finds.
  const lightOnly = fixture("describe/kitchen-sink.html").replace(/<script>[\s\S]*?<\/script>/, "");
  const installed = (body: string) => installedPage(body, true);

  it("describes exactly what a Playwright locator finds", async () => {
    const viaPage = await installed(lightOnly);
    const viaLocator = await pageWith(lightOnly, URL_);
    for (const action of [
      { kind: "click", selector: "#delete-4471" },
      { kind: "fill", selector: "form#login input[name=pass]", value: "hunter2" },
      { kind: "select", selector: "#sort", value: "amount" },
      { kind: "check", selector: "#remember" },
    ] satisfies ProposedAction[]) {
      const fast = await describeAction(viaPage, action, { firewall: GATE_FIREWALL_CAPTURE });
      const slow = await describeAction(viaLocator, action, { firewall: GATE_FIREWALL_CAPTURE });
      assert.equal(fast.query, "page", `${action.selector} was resolved by the page's query`);
      assert.equal(slow.query, "playwright");
      assert.deepEqual(fast.described, slow.described);
    }
    await viaPage.context().close();
    await viaLocator.context().close();
  });
  it("asks Playwright for other selectors and on a page with an open shadow root", async () => {
    const light = await installed(lightOnly);
    const other = await describeAction(light, {
      kind: "click",
      selector: "#delete-4471:visible",
    });
    assert.equal(other.query, "playwright");
    assert.equal(other.described.action.target?.name, "Delete invoice 4471");
    await light.context().close();
    const withShadow = await installed(fixture("describe/kitchen-sink.html"));
    const plain = await describeAction(withShadow, { kind: "click", selector: "#delete-4471" });
    assert.equal(plain.query, "playwright");
    const inShadow = await describeAction(withShadow, { kind: "click", selector: "#shadow-btn" });
    assert.equal(inShadow.described.action.target?.inShadowRoot, true);
    await withShadow.context().close();
  });
  it("reports no match and several matches as a locator would", async () => {
    const light = await installed(lightOnly);
    await assert.rejects(
      describeAction(light, { kind: "click", selector: "#no-such-button" }),
      (error: DescribeError) => error.code === "no_match",
    );
    await assert.rejects(
      describeAction(light, { kind: "click", selector: "button" }),
      (error: DescribeError) => error.code === "ambiguous" && /matches \d+ elements/.test(error.message),
    );
    await light.context().close();
  });
  it("a page that patches querySelectorAll cannot swap the element described", async () => {
    const hostile = lightOnly.replace(
      "</body>",
      `<script>
  const real = Document.prototype.querySelectorAll;
  Document.prototype.querySelectorAll = function (selector) {
    return real.call(this, selector === "#delete-4471" ? "#js" : selector);
  };
</script></body>`,
    );
    const page = await installed(hostile);
    assert.equal(await page.evaluate(() => document.querySelectorAll("#delete-4471")[0]?.id), "js");
    const { described, query } = await describeAction(page, { kind: "click", selector: "#delete-4471" });
    assert.equal(query, "page");
    assert.equal(described.action.target?.name, "Delete invoice 4471");
    assert.equal(described.action.destination, null);
    await page.context().close();
  });
  it("a page that hides a shadow root with a twin of the target gets its click refused, not misdirected", async () => {
    const hidden = lightOnly.replace(
      "</body>",
      `<div id="twin-host"></div>
<script>
  window.__clicks = [];
  const root = document.getElementById("twin-host").attachShadow({ mode: "open" });
  root.innerHTML = '<button id="delete-4471">Pay now</button>';
  root.firstChild.addEventListener("click", () => window.__clicks.push("shadow twin"));
  document.getElementById("delete-4471").addEventListener("click", () => window.__clicks.push("light"));
  Object.defineProperty(Element.prototype, "shadowRoot", { get() { return null; }, configurable: true });
</script></body>`,
    );
    const page = await installed(hidden);
    const { described, query } = await describeAction(page, { kind: "click", selector: "#delete-4471" });
    assert.equal(query, "page", "the hidden shadow root kept describe on the page's query");
    assert.equal(described.action.target?.name, "Delete invoice 4471");
    const gated = guard(page, {
      task: "Delete invoice 4471",
      backend: fixedBackend("read_only", 1, 0),
      evidence: join(mkdtempSync(join(tmpdir(), "stopline-describe-")), "evidence.jsonl"),
    });
    // Playwright's locator sees the twin too: strict mode refuses to click either.
    await assert.rejects(gated.click("#delete-4471"), /strict mode violation/);
    gated.close();
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __clicks: string[] }).__clicks), []);
    await page.context().close();
  });
});
