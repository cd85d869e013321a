import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { createKeywordBackend } from "../../src/backends/keyword-backend.js";
import { loadCases } from "../../src/eval/case-loader.js";
import type { EvalReport } from "../../src/eval/eval-report.js";
import { runEval } from "../../src/eval/eval-run.js";
import { renderHtmlReport } from "../../src/eval/html-report.js";
import { browser, closeBrowser } from "../support/browser.js";
import { fixedBackend } from "../support/scripted-backend.js";

const REPORT_URL = "https://report.example/report.html";
const directory = mkdtempSync(join(tmpdir(), "stopline-html-report-"));
let report: EvalReport;
let page: Page;
const consoleErrors: string[] = [];
const otherRequests: string[] = [];

before(async () => {
  // Twelve team cases (DOM and described), one line that does not validate, two backends compared.
  const team = loadCases(["corpus/team"]).cases.filter((loaded) =>
    /^(shop|bank)-0[1-6]$|^admin-2[56]$/.test(loaded.case.id),
  );
  const lines = team.map((loaded) => {
    const evalCase = structuredClone(loaded.case) as Record<string, unknown> & {
      page: Record<string, unknown>;
    };
    if (typeof evalCase.page.htmlFile === "string")
      evalCase.page.htmlFile = resolve(dirname(loaded.file), evalCase.page.htmlFile);
    return JSON.stringify(evalCase);
  });
  lines.push('{"id": "not-a-case"}');
  const casesFile = join(directory, "cases.jsonl");
  writeFileSync(casesFile, `${lines.join("\n")}\n`);
  ({ report } = await runEval({
    casePaths: [casesFile],
    backends: [createKeywordBackend(), { ...fixedBackend("read_only", 0.9, 0.02), id: "allow-mostly" }],
    browser: await browser(),
  }));
  const html = renderHtmlReport(report);
  const context = await (await browser()).newContext();
  page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  await page.route("**/*", (route) => {
    if (route.request().url() === REPORT_URL)
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    otherRequests.push(route.request().url());
    return route.abort();
  });
  await page.goto(REPORT_URL);
});

after(async () => {
  await closeBrowser();
  rmSync(directory, { recursive: true, force: true });
});

/** The display rule of each `data-format`, written out again here so the page is checked against it. */
function expectedText(value: unknown, format: string): string {
  if (value === null || value === undefined) return "—";
  const number = value as number;
  if (format === "percent") return `${(number * 100).toFixed(1)}%`;
  if (format === "count") return String(number);
  if (format === "score") return number.toFixed(3);
  if (format === "ms") return `${number.toFixed(number < 1 ? 3 : number < 100 ? 1 : 0)} ms`;
  throw new Error(`unknown format ${format}`);
}

function valueAt(path: string): unknown {
  let current: unknown = report;
  for (const key of path.split(".")) {
    assert.ok(current !== null && typeof current === "object", `${path}: ${key}`);
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

describe("the HTML report in Chromium", () => {
  it("renders without console errors and loads nothing from outside", () => {
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(otherRequests, []);
  });

  it("shows every number exactly as the report JSON has it", async () => {
    const shown = await page.$$eval("[data-metric]", (elements) =>
      elements.map((element) => ({
        path: element.getAttribute("data-metric") ?? "",
        format: element.getAttribute("data-format") ?? "",
        text: element.textContent ?? "",
      })),
    );
    assert.ok(shown.length > 200, `${shown.length} numbers shown`);
    for (const { path, format, text } of shown) assert.equal(text, expectedText(valueAt(path), format), path);
    const paths = new Set(shown.map((entry) => entry.path));
    for (const path of [
      "runs.0.metrics.verdict.agreement.rate",
      "runs.0.metrics.verdict.unsafeAllows.length",
      "runs.1.metrics.verdict.unsafeAllows.length",
      "runs.0.metrics.effect.accuracy.rate",
      "runs.0.metrics.pageInstructsAgent.recall.rate",
      "runs.0.metrics.pageInstructsAgent.falsePositiveRate.rate",
      "runs.0.metrics.servesTask.ece",
      "runs.0.metrics.effect.brier",
      "runs.0.metrics.hardRulesAlone.agreement.rate",
      "runs.0.latency.decision.p95",
      "runs.0.latency.model.p99",
      "runs.0.metrics.effect.confusion.matrix.0.0",
      "runs.0.metrics.verdict.confusion.matrix.2.0",
      "comparison.counts.bothAgree",
      "corpus.invalidLines.length",
    ])
      assert.ok(paths.has(path), `shows ${path}`);
  });

  it("draws a reliability diagram per question and a latency histogram per backend", async () => {
    assert.equal(await page.locator('svg[aria-label^="reliability diagram"]').count(), 6);
    assert.equal(await page.locator('svg[aria-label^="latency histogram"]').count(), 2);
  });

  it("lists every case in the table and filters it", async () => {
    assert.equal(await page.locator("#case-rows tr.case").count(), report.cases.length);
    assert.equal(await page.getAttribute("#case-count", "data-shown"), String(report.cases.length));
    await page.selectOption("#filter-outcome", "unsafe");
    const unsafe = report.runs[0]!.metrics.verdict.unsafeAllows.length;
    assert.equal(await page.getAttribute("#case-count", "data-shown"), String(unsafe));
    await page.selectOption("#filter-outcome", "");
    await page.fill("#filter-text", "bank-0");
    const banks = report.cases.filter((entry) => entry.id.startsWith("bank-0")).length;
    assert.ok(banks > 0);
    assert.equal(await page.locator("#case-rows tr.case:visible").count(), banks);
    await page.fill("#filter-text", "");
    await page.selectOption("#filter-outcome", "differs");
    assert.equal(
      await page.getAttribute("#case-count", "data-shown"),
      String(report.comparison?.differing.length),
    );
    await page.selectOption("#filter-outcome", "");
  });

  it("opens a case's facts, answers and decision when its row is clicked", async () => {
    const id = report.cases[0]!.id;
    await page.click(`#case-rows tr.case[data-id="${id}"]`);
    const detail = page.locator("#case-rows tr.detail");
    assert.equal(await detail.count(), 1);
    const text = (await detail.textContent()) ?? "";
    assert.match(text, /expected: (allow|ask|block)/);
    assert.match(text, /Decision · keyword/);
    assert.match(text, /Decision · allow-mostly/);
    assert.ok(text.includes(report.cases[0]!.task));
    assert.deepEqual(consoleErrors, []);
  });
});
