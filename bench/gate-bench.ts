/**
 * The gate's own benchmark (part of `npm run bench`): medians and p95 over many runs, and ratios against a
 * baseline measured in the same process, interleaved so both see the same machine load.
 *   - describe time on pages of about 10 KB, 100 KB and 1 MB, with the code installed in the document as
 *     the guard does (the target found by the page's own query, as for any plain CSS selector), the same
 *     with the target found by a Playwright locator (as for other selectors), and with the code shipped
 *     with each call as for a page nobody installed it in;
 *   - the gate's added time per click: a guarded click ÷ a raw Playwright click on the same page, with an
 *     instant classifier so the model is excluded (its cost is reported by the model's own benchmark).
 *     Each click starts after a random pause of up to one display frame. A Playwright click waits for
 *     animation frames before it dispatches, so its time is counted in frames (about 16.7 ms each); clicks
 *     run back to back start in step with the frames, and then any gate cost at all, however small, adds
 *     a whole frame (a 10 KB page measures 1.5× that way with describe at 5 ms). An agent's clicks follow
 *     its model's answers, not the display, so they start anywhere in a frame: the random pause measures
 *     that, and the back-to-back figure is reported beside it. Started anywhere, a click whose gate
 *     work ends before the frame it would have waited for anyway costs nothing extra, and one whose work
 *     runs past it costs a whole frame: when the gate takes about half a frame the guarded times are
 *     split between two values and their median jumps from run to run, so the ratio of means (whose
 *     extra is the gate's time on average) is reported too. A second guarded click, whose describe
 *     always asks a Playwright locator, is interleaved as well, so the saving of the page's own query is
 *     measured on the same load;
 *   - policy time per decision and evidence-log append time (write + fsync).
 * Writes results/bench/gate-bench.json and prints a markdown table.
 *   npx tsx bench/gate-bench.ts [--runs 60]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { decide } from "../src/core/policy.js";
import { describeAction } from "../src/describe/describe-action.js";
import { installDescribe } from "../src/describe/page-code.js";
import { EvidenceLog } from "../src/evidence/evidence-log.js";
import { guard } from "../src/playwright/guard.js";
import { launchChromium } from "../src/playwright/launch-chromium.js";
import type { Backend } from "../src/spec/backend.js";
import type { ModelOutcome } from "../src/spec/decision.js";
import { generatePage } from "./page-generator.js";
import { seededRandom } from "./seeded-random.js";
import { servePage } from "./serve-page.js";
import { percentile, type Summary, summarise } from "./statistics.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "60" } } });
const runs = Number(values.runs);
const FRAME_MS = 1000 / 60;
// Seeded, so every run of the bench draws the same pauses.
const random = seededRandom(20_261_130);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const instant: Backend = {
  id: "instant",
  async answer() {
    return {
      model: "instant",
      answers: {
        effect: {
          choice: "read_only",
          probabilities: {
            read_only: 1,
            reversible_change: 0,
            public_or_irreversible: 0,
            credentials_or_money: 0,
          },
        },
        servesTask: { noul: 1 },
        pageInstructsAgent: { noul: 0 },
      },
    };
  },
};

const SIZES = [
  { label: "10 KB", bytes: 10_000 },
  { label: "100 KB", bytes: 100_000 },
  { label: "1 MB", bytes: 1_000_000 },
];

const browser = await launchChromium();
const context = await browser.newContext();
// The guard installs describe's code in every document (installDescribe); a page it did not install in
// gets the code shipped with every call. Both are measured, interleaved, on the same page.
const page = await context.newPage();
await installDescribe(page);
const describeResults: {
  page: string;
  elements: number;
  summary: Summary;
  viaLocator: Summary;
  shipped: Summary;
}[] = [];
interface ClickComparison {
  raw: Summary;
  guarded: Summary;
  /** Guarded, with describe finding the target through a Playwright locator. */
  guardedViaLocator: Summary;
  ratioOfMeansViaLocator: number;
  ratioOfMedians: number;
  medianPairRatio: number;
  /** Mean guarded ÷ mean raw: steady where the medians are not (see below). */
  ratioOfMeans: number;
}
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const clickResults: ({ page: string; backToBack: ClickComparison } & ClickComparison)[] = [];

for (const size of SIZES) {
  // A button with a cheap click handler, in the middle of a realistic page.
  const html = generatePage(size.bytes).replace(
    "<main>",
    '<main><button id="bench-button" onclick="window.__clicks=(window.__clicks||0)+1">Show more</button>',
  );
  const url = `https://bench.example/${size.bytes}`;
  await servePage(page, html, url);
  const elements = await page.evaluate(() => document.querySelectorAll("*").length);

  const describeTimes: number[] = [];
  const locatorTimes: number[] = [];
  const shippedTimes: number[] = [];
  for (let run = 0; run < runs + 5; run++) {
    let started = performance.now();
    const installed = await describeAction(page, { kind: "click", selector: "#bench-button" });
    const installedTime = performance.now() - started;
    started = performance.now();
    const located = await describeAction(
      page,
      { kind: "click", selector: "#bench-button" },
      { pageQuery: false },
    );
    const locatorTime = performance.now() - started;
    started = performance.now();
    const shipped = await describeAction(
      page,
      { kind: "click", selector: "#bench-button" },
      { shipCode: true },
    );
    const shippedTime = performance.now() - started;
    if (installed.shipped || installed.query !== "page" || located.query !== "playwright" || !shipped.shipped)
      throw new Error("describe did not take the path measured");
    if (run >= 5) {
      describeTimes.push(installedTime);
      locatorTimes.push(locatorTime);
      shippedTimes.push(shippedTime);
    }
  }
  describeResults.push({
    page: `${size.label} (${elements} elements)`,
    elements,
    summary: summarise(describeTimes),
    viaLocator: summarise(locatorTimes),
    shipped: summarise(shippedTimes),
  });

  const logPath = join(mkdtempSync(join(tmpdir(), "stopline-bench-")), "evidence.jsonl");
  const guarded = guard(page, { task: "Show more products", backend: instant, evidence: logPath });
  const guardedViaLocator = guard(page, {
    task: "Show more products",
    backend: instant,
    evidence: join(mkdtempSync(join(tmpdir(), "stopline-bench-")), "evidence.jsonl"),
    describe: { pageQuery: false },
  });
  // Raw and guarded clicks alternate, so both see the same load; `anywhere` pauses before each.
  const compare = async (anywhere: boolean): Promise<ClickComparison> => {
    const raw: number[] = [];
    const gated: number[] = [];
    const gatedViaLocator: number[] = [];
    for (let run = 0; run < runs + 3; run++) {
      if (anywhere) await pause(random() * FRAME_MS);
      let started = performance.now();
      await page.locator("#bench-button").click();
      const rawTime = performance.now() - started;
      if (anywhere) await pause(random() * FRAME_MS);
      started = performance.now();
      await guarded.click("#bench-button");
      const gatedTime = performance.now() - started;
      if (anywhere) await pause(random() * FRAME_MS);
      started = performance.now();
      await guardedViaLocator.click("#bench-button");
      const viaLocatorTime = performance.now() - started;
      if (run >= 3) {
        raw.push(rawTime);
        gated.push(gatedTime);
        gatedViaLocator.push(viaLocatorTime);
      }
    }
    const pairRatios = gated.map((value, index) => value / (raw[index] as number));
    return {
      raw: summarise(raw),
      guarded: summarise(gated),
      guardedViaLocator: summarise(gatedViaLocator),
      ratioOfMeansViaLocator: mean(gatedViaLocator) / mean(raw),
      ratioOfMedians: summarise(gated).median / summarise(raw).median,
      medianPairRatio: percentile(pairRatios, 50),
      ratioOfMeans: mean(gated) / mean(raw),
    };
  };
  const anywhere = await compare(true);
  const backToBack = await compare(false);
  guarded.close();
  guardedViaLocator.close();
  clickResults.push({ page: size.label, ...anywhere, backToBack });
}
await browser.close();

// Policy: a pure function; time many calls and report per call.
const outcome: ModelOutcome = {
  ok: true,
  latencyMs: 0,
  backend: "bench",
  answers: {
    model: "bench",
    effect: {
      choice: "reversible_change",
      probabilities: {
        read_only: 0.1,
        reversible_change: 0.75,
        public_or_irreversible: 0.1,
        credentials_or_money: 0.05,
      },
    },
    servesTask: { probability: 0.85 },
    pageInstructsAgent: { probability: 0.05 },
  },
};
const policyTimes: number[] = [];
for (let batch = 0; batch < 200; batch++) {
  const started = performance.now();
  for (let call = 0; call < 1000; call++) decide([], outcome);
  policyTimes.push(((performance.now() - started) / 1000) * 1000); // microseconds per call
}

const appendPath = join(mkdtempSync(join(tmpdir(), "stopline-bench-")), "evidence.jsonl");
const log = new EvidenceLog(appendPath);
const appendTimes: number[] = [];
for (let run = 0; run < 300; run++) {
  const started = performance.now();
  log.append({
    type: "outcome",
    decisionId: `d${run}`,
    actionId: "a",
    status: "executed",
    executed: true,
    error: null,
    verdict: "allow",
    reasonCodes: [],
  });
  appendTimes.push(performance.now() - started);
}
log.close();

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const report = {
  date: new Date().toISOString(),
  runs,
  loadAverage: loadavg(),
  describe: describeResults,
  click: clickResults,
  policyMicroseconds: summarise(policyTimes),
  appendMilliseconds: summarise(appendTimes),
};
mkdirSync(join("results", "bench"), { recursive: true });
writeFileSync(join("results", "bench", "gate-bench.json"), `${JSON.stringify(report, null, 2)}\n`);

const lines = [
  `Load average at the end: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")} · ${runs} runs per row`,
  "",
  "| measure | median | p95 |",
  "|---|---|---|",
  ...describeResults.map(
    (row) => `| describe, ${row.page} | ${fixed(row.summary.median)} ms | ${fixed(row.summary.p95)} ms |`,
  ),
  ...describeResults.map(
    (row) =>
      `| describe, ${row.page}, target found by a Playwright locator | ${fixed(row.viaLocator.median)} ms | ${fixed(row.viaLocator.p95)} ms |`,
  ),
  ...describeResults.map(
    (row) =>
      `| describe, ${row.page}, code shipped with each call | ${fixed(row.shipped.median)} ms | ${fixed(row.shipped.p95)} ms |`,
  ),
  ...clickResults.flatMap((row) => [
    `| raw Playwright click, ${row.page} page | ${fixed(row.raw.median)} ms | ${fixed(row.raw.p95)} ms |`,
    `| guarded click (no model), ${row.page} page | ${fixed(row.guarded.median)} ms | ${fixed(row.guarded.p95)} ms |`,
    `| gate overhead ratio, ${row.page} page | ${fixed(row.ratioOfMedians, 2)}× (ratio of medians; median of paired ratios ${fixed(row.medianPairRatio, 2)}×; ratio of means ${fixed(row.ratioOfMeans, 2)}×) | |`,
    `| gate overhead ratio, ${row.page} page, target found by a Playwright locator | ${fixed(row.guardedViaLocator.median / row.raw.median, 2)}× (ratio of medians; ratio of means ${fixed(row.ratioOfMeansViaLocator, 2)}×) | |`,
    `| gate overhead ratio, ${row.page} page, clicks back to back (in step with the frames) | ${fixed(row.backToBack.ratioOfMedians, 2)}× (raw ${fixed(row.backToBack.raw.median)} ms, guarded ${fixed(row.backToBack.guarded.median)} ms) | |`,
  ]),
  `| policy decision | ${fixed(report.policyMicroseconds.median, 2)} µs | ${fixed(report.policyMicroseconds.p95, 2)} µs |`,
  `| evidence append (write + fsync) | ${fixed(report.appendMilliseconds.median, 2)} ms | ${fixed(report.appendMilliseconds.p95, 2)} ms |`,
];
console.log(lines.join("\n"));
