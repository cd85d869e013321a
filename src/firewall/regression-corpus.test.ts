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
 * recipe with hidden accessibility text), and pages that talk about agents or are full of imperatives for
 * people (news about prompt injection in Spanish and Chinese, assistant help pages in English and German,
 * a prompt gallery, a call-centre script, bot policies in English and French, an accessible form full of
 * screen-reader text, developer documentation with system prompts, a chatbot greeting in Japanese, a
 * CAPTCHA page, a cookie banner in Chinese, phishing training, pages with hidden SEO keywords, a Finnish bank's
 * security page, a Hungarian shop's help page, and Russian, Ukrainian, Romanian and Greek help and security
 * pages that quote an injection). None may be
 * injected or critical. The live capture of the same pages is checked in test/e2e/firewall-corpus.test.ts.
 */
const FOLDER = new URL("../../test/fixtures/firewall/benign/", import.meta.url);
const PAGES = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".html"))
  .sort();

describe("firewall: benign pages are not injections (static capture)", () => {
  it("has the kinds of page the issue names", () => {
    for (const kind of [
      "security-article",
      "howto",
      "legal",
      "assistant-docs",
      "chatbot",
      "blog-injection-examples",
      "prompt-library",
      "support-agent-script",
      "bot-policy",
      "accessible-form",
      "llm-developer-guide",
      "captcha-check",
      "phishing-training",
    ])
      assert.ok(PAGES.includes(`${kind}.html`), kind);
    // Pages that talk about agents in other languages.
    const languages = new Set(
      PAGES.map(
        (name) => /<html lang="([a-z]{2})/.exec(readFileSync(new URL(name, FOLDER), "utf8"))?.[1] ?? "en",
      ),
    );
    for (const language of ["es", "de", "fr", "zh", "ja", "pl", "fi", "hu", "ru", "uk", "ro", "el"])
      assert.ok(languages.has(language), language);
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
