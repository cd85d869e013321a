import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { after, describe, it } from "node:test";
import { describeAction } from "../../src/describe/describe-action.js";
import { firewallCaptureOptions } from "../../src/firewall/capture-options.js";
import { detectInjection } from "../../src/firewall/injection-detector.js";
import type { PageScan } from "../../src/spec/page-scan.js";
import { closeBrowser, pageWith } from "../support/browser.js";

/**
 * The firewall corpora in the live capture (Chromium, computed style, the gate's `lines` capture and the
 * safe view's `tree` capture): every benign page is not injected and has no critical finding, every
 * injected page is injected. The static capture of the same files is checked in
 * src/firewall/regression-corpus.test.ts and src/firewall/injected-corpus.test.ts; new files in either
 * folder are picked up here too.
 */
const FIXTURES = new URL("../fixtures/firewall/", import.meta.url);
const pagesIn = (folder: string) =>
  readdirSync(new URL(`${folder}/`, FIXTURES))
    .filter((name) => name.endsWith(".html"))
    .sort();

/** The page served at its own URL, scanned in both captures on one load. */
async function scanLive(folder: string, name: string): Promise<Record<"lines" | "tree", PageScan>> {
  const url = `https://pages.example/${folder}/${name}`;
  const page = await pageWith(readFileSync(new URL(`${folder}/${name}`, FIXTURES), "utf8"), url);
  try {
    const scans: Partial<Record<"lines" | "tree", PageScan>> = {};
    for (const mode of ["lines", "tree"] as const) {
      const description = await describeAction(
        page,
        { kind: "goto", value: url },
        { firewall: firewallCaptureOptions(mode) },
      );
      assert.ok(description.pageText, "describe returned the firewall's places");
      assert.ok(description.pageText.complete, "the capture finished within its style-check budget");
      scans[mode] = detectInjection(description.pageText);
    }
    return scans as Record<"lines" | "tree", PageScan>;
  } finally {
    await page.context().close();
  }
}

const summary = (scan: PageScan) =>
  JSON.stringify(
    scan.findings.map((finding) => [
      finding.probability,
      finding.signals,
      finding.nodes.map((id) => scan.nodes.find((node) => node.id === id)?.text.slice(0, 120)),
    ]),
  );

after(closeBrowser);

describe("firewall: benign pages are not injections (live capture)", () => {
  for (const name of pagesIn("benign"))
    it(`${name} is not injected in the lines or the tree capture`, async () => {
      for (const [mode, scan] of Object.entries(await scanLive("benign", name))) {
        assert.notEqual(scan.verdict, "injected", `${mode}: ${summary(scan)}`);
        assert.equal(scan.critical, false, mode);
      }
    });
});

describe("firewall: injected pages are injections (live capture)", () => {
  for (const name of pagesIn("injected"))
    it(`${name} is injected in the lines and the tree capture`, async () => {
      for (const [mode, scan] of Object.entries(await scanLive("injected", name)))
        assert.equal(scan.verdict, "injected", `${mode}: ${summary(scan)}`);
    });
});
