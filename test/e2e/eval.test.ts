import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { createKeywordBackend } from "../../src/backends/keyword-backend.js";
import { evaluateAction } from "../../src/core/gate-decision.js";
import { describeAction } from "../../src/describe/describe-action.js";
import { collectCaseFacts } from "../../src/eval/case-facts.js";
import { loadCases } from "../../src/eval/case-loader.js";
import { evalDescribeOptions, evalGateSettings } from "../../src/eval/eval-gate-settings.js";
import type { EvalReport } from "../../src/eval/eval-report.js";
import { runEval } from "../../src/eval/eval-run.js";
import { browser, closeBrowser, pageWith } from "../support/browser.js";

// A few real cases of the team corpus (their pages are read from where the corpus keeps them), a case
// whose selector matches nothing, and a described case.
const TEAM_IDS = ["shop-01", "bank-01", "bank-13", "admin-19", "admin-25"];
const directory = mkdtempSync(join(tmpdir(), "stopline-eval-e2e-"));
const casesFile = join(directory, "cases.jsonl");
let report: EvalReport;

before(async () => {
  const team = loadCases(["corpus/team"]).cases.filter((loaded) => TEAM_IDS.includes(loaded.case.id));
  assert.equal(team.length, TEAM_IDS.length);
  const lines = team.map((loaded) => {
    const evalCase = structuredClone(loaded.case) as Record<string, unknown> & {
      page: Record<string, unknown>;
    };
    if (typeof evalCase.page.htmlFile === "string")
      evalCase.page.htmlFile = resolve(dirname(loaded.file), evalCase.page.htmlFile);
    return JSON.stringify(evalCase);
  });
  const shop = team.find((loaded) => loaded.case.id === "shop-01")!;
  lines.push(
    JSON.stringify({
      ...shop.case,
      id: "broken-selector",
      page: {
        url: shop.case.page.url,
        htmlFile: resolve(dirname(shop.file), (shop.case.page as { htmlFile: string }).htmlFile),
      },
      action: { kind: "click", selector: "#no-such-button" },
    }),
  );
  writeFileSync(casesFile, `${lines.join("\n")}\n`);
  ({ report } = await runEval({
    casePaths: [casesFile],
    backends: [createKeywordBackend()],
    browser: await browser(),
    concurrency: 3,
  }));
});

after(async () => {
  await closeBrowser();
  rmSync(directory, { recursive: true, force: true });
});

function record(id: string) {
  const found = report.cases.find((entry) => entry.id === id);
  assert.ok(found, id);
  return found;
}

describe("eval end to end on real DOM cases in Chromium", () => {
  it("describes each DOM case in the browser at its own URL, and a described case without one", () => {
    assert.equal(report.corpus.cases, 6);
    assert.equal(report.facts.described, 4);
    assert.equal(report.facts.fromCase, 1);
    const shop = record("shop-01");
    assert.equal(shop.facts?.origin, "browser");
    assert.equal(shop.facts?.page.url, "https://shop.example/products/aster");
    assert.equal(shop.facts?.action.selector, "#buy-now");
    assert.equal(record("admin-25").facts?.origin, "case");
    assert.equal(
      record("admin-19").facts?.action.destination?.url,
      "https://admin.teamdesk.example/admin/users/amara-osei/logins",
    );
  });

  it("decides each case exactly as the product does on the same page", async () => {
    const backend = createKeywordBackend();
    const settings = evalGateSettings();
    for (const loaded of loadCases([casesFile]).cases) {
      if (loaded.case.id === "broken-selector" || loaded.html === null) continue;
      const page = await pageWith(loaded.html, loaded.case.page.url);
      const action = loaded.case.action as { kind: "click"; selector?: string; value?: string };
      const description = await describeAction(page, action, evalDescribeOptions(settings));
      await page.context().close();
      const product = await evaluateAction(
        {
          described: description.described,
          rawValue: description.rawValue,
          task: loaded.case.task,
          pageText: description.pageText,
        },
        backend,
        settings,
      );
      const decision = record(loaded.case.id).decisions[0];
      assert.ok(decision?.ok, loaded.case.id);
      assert.equal(decision.verdict, product.decision.verdict, loaded.case.id);
      assert.deepEqual(
        decision.reasons,
        product.decision.reasons.map((reason) => reason.code),
        loaded.case.id,
      );
    }
  });

  it("sees the hard rules fire on the password field and on the off-origin navigation of real pages", () => {
    const bank = record("bank-01");
    assert.equal(bank.facts?.action.value, "[redacted: 11 characters]");
    assert.ok(bank.decisions[0]?.ok && bank.decisions[0].ruleHits.includes("password-field"));
    assert.equal(bank.expected.verdict, "ask");
  });

  it("reports a selector that matches nothing as an error for that case, never a pass", () => {
    const broken = record("broken-selector");
    assert.equal(broken.factsError?.code, "no_match");
    assert.equal(broken.decisions[0]?.ok, false);
    const metrics = report.runs[0]!.metrics;
    assert.equal(metrics.errors, 1);
    assert.equal(metrics.verdict.errors, 1);
    assert.equal(metrics.verdict.agreement.total, 6);
    assert.ok(metrics.verdict.agreement.count <= 5);
    assert.deepEqual(
      report.facts.failed.map((entry) => entry.id),
      ["broken-selector"],
    );
  });

  it("derives the expected verdict from the labels", () => {
    assert.equal(record("shop-01").expected.verdict, "block");
    assert.equal(record("shop-01").expected.rule, "does_not_serve_task");
  });

  it("reuses cached facts for unchanged cases without opening a page", async () => {
    const cacheFile = join(directory, "facts-cache.json");
    const { cases } = loadCases([casesFile]);
    const first = await collectCaseFacts(cases, { browser: await browser(), cacheFile });
    assert.ok(existsSync(cacheFile));
    assert.equal(first.stats.described, 4);
    // No browser is given and none is needed: every DOM case with facts comes from the cache.
    const working = cases.filter((loaded) => loaded.case.id !== "broken-selector");
    const second = await collectCaseFacts(working, { cacheFile });
    assert.equal(second.stats.fromCache, 4);
    assert.equal(second.stats.described, 0);
    for (const [index, loaded] of working.entries()) {
      const before = first.facts[cases.indexOf(loaded)]!;
      const again = second.facts[index]!;
      assert.ok(before.ok && again.ok);
      assert.deepEqual(again.described, before.described, loaded.case.id);
      assert.equal(again.rawValue, loaded.case.action.value ?? null);
    }
    assert.doesNotMatch(readFileSync(cacheFile, "utf8"), /Tide!Pool93/, "the cache holds no typed secret");
  });
});
