/**
 * What the browser itself costs on a big page (part of `npm run bench`): the primitives any full describe
 * or firewall capture has to call, each timed alone inside the page, next to the describe that uses them.
 * It shows how much of describe's time is the browser's floor on this machine rather than stopline's code:
 *   - an empty round trip into the page (Playwright `evaluate`), and the same through a locator on the
 *     target's selector (`evaluateAll`, as describe and a raw click resolve it: on a big page Playwright's
 *     own selector engine costs milliseconds);
 *   - the least any describe does: that locator call reading `innerText` of the body after a change;
 *   - `innerText` of the body (the visible text: it forces layout) and `textContent` (no layout);
 *   - reading every attribute of every element;
 *   - `checkVisibility()` on every element (the cheapest visibility test the browser offers);
 *   - `getComputedStyle` plus one property on every element;
 *   - describe itself, facts only, with its code installed as the guard does (as in the gate bench).
 * Writes results/bench/floor-bench.json and prints a markdown table.
 *   npx tsx bench/floor-bench.ts [--runs 40]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { describeAction } from "../src/describe/describe-action.js";
import { installDescribe } from "../src/describe/page-code.js";
import { launchChromium } from "../src/playwright/launch-chromium.js";
import { generatePage } from "./page-generator.js";
import { servePage } from "./serve-page.js";
import { type Summary, summarise } from "./statistics.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "40" } } });
const runs = Number(values.runs);

/** Each primitive runs in the page and reports its own duration, so the round trip is not counted. */
const PRIMITIVES: Record<string, string> = {
  "innerText of the body": "document.body.innerText.length",
  "textContent of the body": "document.body.textContent.length",
  "every attribute of every element":
    "{ let n = 0; for (const e of document.querySelectorAll('*')) for (const a of e.attributes) n += a.value.length; n }",
  "checkVisibility() on every element":
    "{ let n = 0; for (const e of document.querySelectorAll('*')) if (e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) n++; n }",
  "getComputedStyle on every element":
    "{ let n = 0; for (const e of document.querySelectorAll('*')) if (getComputedStyle(e).display !== 'none') n++; n }",
};

interface Row {
  page: string;
  elements: number;
  measures: Record<string, Summary>;
}

const browser = await launchChromium();
const rows: Row[] = [];
try {
  for (const [label, bytes] of [
    ["100 KB", 100_000],
    ["1 MB", 1_000_000],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await installDescribe(page);
    const url = `https://bench.example/floor-${bytes}`;
    const html = generatePage(bytes);
    await servePage(page, html, url);
    const elements = await page.evaluate(() => document.querySelectorAll("*").length);
    const TARGET = "#p1 .add";
    const samples: Record<string, number[]> = {
      "empty round trip (evaluate)": [],
      "empty round trip through a locator (evaluateAll)": [],
      "locator round trip reading innerText after a change": [],
    };
    for (const name of Object.keys(PRIMITIVES)) samples[name] = [];
    samples["describe, facts only"] = [];
    for (let run = -3; run < runs; run++) {
      // Each run changes the page a little, so no browser cache of layout or style carries over.
      await page.evaluate((index) => {
        document.body.dataset.run = String(index);
        document.title = `Shop ${index}`;
      }, run);
      let started = performance.now();
      await page.evaluate(() => 0);
      const roundTrip = performance.now() - started;
      started = performance.now();
      await page.locator(TARGET).evaluateAll(() => 0);
      const locatorTrip = performance.now() - started;
      started = performance.now();
      await page.locator(TARGET).evaluateAll(() => {
        document.body.dataset.touch = String(Math.random());
        return document.body.innerText.length;
      });
      const leastDescribe = performance.now() - started;
      const inPage: Record<string, number> = {};
      for (const [name, source] of Object.entries(PRIMITIVES))
        inPage[name] = await page.evaluate((code) => {
          document.body.dataset.touch = String(Math.random());
          const begin = performance.now();
          // biome-ignore lint/security/noGlobalEval: the bench's own fixed snippets, on its own page
          globalThis.eval(code);
          return performance.now() - begin;
        }, source);
      started = performance.now();
      const described = await describeAction(page, { kind: "click", selector: TARGET });
      if (described.shipped) throw new Error("describe's code was not installed in the page");
      const describeMs = performance.now() - started;
      if (run < 0) continue;
      samples["empty round trip (evaluate)"]?.push(roundTrip);
      samples["empty round trip through a locator (evaluateAll)"]?.push(locatorTrip);
      samples["locator round trip reading innerText after a change"]?.push(leastDescribe);
      for (const [name, value] of Object.entries(inPage)) samples[name]?.push(value);
      samples["describe, facts only"]?.push(describeMs);
    }
    rows.push({
      page: label,
      elements,
      measures: Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarise(list)])),
    });
    await context.close();
  }
} finally {
  await browser.close();
}

const fixed = (value: number) => value.toFixed(1);
const lines = [
  `Load average at the end: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")} · ${runs} runs per row`,
  "",
  "| measure | page | median | p95 |",
  "|---|---|---|---|",
];
for (const row of rows)
  for (const [name, summary] of Object.entries(row.measures))
    lines.push(
      `| ${name} | ${row.page} (${row.elements} elements) | ${fixed(summary.median)} ms | ${fixed(summary.p95)} ms |`,
    );
console.log(lines.join("\n"));
mkdirSync("results/bench", { recursive: true });
writeFileSync(
  "results/bench/floor-bench.json",
  `${JSON.stringify({ generatedAt: new Date().toISOString(), loadAverage: loadavg(), runs, rows }, null, 2)}\n`,
);
