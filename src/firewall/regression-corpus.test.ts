import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { detectInjection } from "./injection-detector.js";
import { TRIGGER } from "./signal-catalog.js";
import { captureStatic } from "./static-capture.js";

/**
 * The false-positive regression corpus: benign pages that look like injections to a pattern matcher (a
 * security article quoting injections, a how-to full of imperatives, legal text about bots, assistant
 * documentation with an example prompt, a chatbot greeting, a bank notice with links, a forum warning, a
 * recipe with hidden accessibility text). None may be injected or critical. The live capture of the same
 * pages is checked in test/e2e/firewall-corpus.test.ts.
 */
const FOLDER = new URL("../../test/fixtures/firewall/benign/", import.meta.url);
const PAGES = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".html"))
  .sort();

describe("firewall: benign pages are not injections (static capture)", () => {
  it("has the kinds of page the issue names", () => {
    for (const kind of ["security-article", "howto", "legal", "assistant-docs", "chatbot"])
      assert.ok(PAGES.includes(`${kind}.html`), kind);
  });
  for (const name of PAGES)
    it(`${name} is not injected and has no critical finding`, () => {
      const scan = detectInjection(
        captureStatic(readFileSync(new URL(name, FOLDER), "utf8"), `https://pages.example/${name}`),
      );
      assert.notEqual(
        scan.verdict,
        "injected",
        JSON.stringify(scan.findings.map((finding) => [finding.probability, finding.signals])),
      );
      assert.equal(scan.critical, false);
    });
  it("every place with a signal on these pages also matches the trigger the live capture filters by", () => {
    for (const name of PAGES) {
      const scan = detectInjection(
        captureStatic(readFileSync(new URL(name, FOLDER), "utf8"), `https://pages.example/${name}`),
      );
      for (const finding of scan.findings)
        for (const id of finding.nodes) {
          const node = scan.nodes.find((candidate) => candidate.id === id);
          if (node && finding.spans.some((span) => span.node === id))
            assert.ok(TRIGGER.test(node.text), `${name}: ${node.text}`);
        }
    }
  });
});
