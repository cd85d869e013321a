import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { detectInjection } from "./injection-detector.js";
import { captureStatic } from "./static-capture.js";

/**
 * The injected corpus: pages whose text really instructs an agent, hidden in varied ways (an off-screen
 * class, image alt text, a comment and a same-colour signature, a one-pixel font, a collapsed
 * `<details>`, `<noscript>` and a meta description) or in plain sight, in seven languages, and mostly in
 * polite paraphrase that never says "ignore previous instructions". Each must be `injected`. The benign
 * corpus beside it (regression-corpus.test.ts) holds the pages that must not be; the live capture of
 * both is checked in test/e2e/firewall-corpus.test.ts.
 */
const FOLDER = new URL("../../test/fixtures/firewall/injected/", import.meta.url);
const PAGES = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".html"))
  .sort();

describe("firewall: injected pages are injections (static capture)", () => {
  it("has pages in several languages and hiding styles", () => {
    assert.ok(PAGES.length >= 6, `${PAGES.length} pages`);
    const languages = new Set(
      PAGES.map(
        (name) => /<html lang="([a-z]{2})/.exec(readFileSync(new URL(name, FOLDER), "utf8"))?.[1] ?? "?",
      ),
    );
    for (const language of ["en", "es", "de", "fr", "zh", "ja", "pl"])
      assert.ok(languages.has(language), language);
  });
  for (const name of PAGES)
    it(`${name} is injected`, () => {
      const scan = detectInjection(
        captureStatic(readFileSync(new URL(name, FOLDER), "utf8"), `https://pages.example/${name}`),
      );
      assert.equal(
        scan.verdict,
        "injected",
        JSON.stringify(scan.findings.map((finding) => [finding.probability, finding.signals])),
      );
      // The finding is where the instruction is, not somewhere else on the page.
      const top = [...scan.findings].sort((a, b) => b.probability - a.probability)[0];
      assert.ok(top && top.probability >= 0.5);
    });
});
