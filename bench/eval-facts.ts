/**
 * How long the eval's facts stage takes: the first N DOM cases of a corpus described in one Chromium,
 * several pages at a time, by the product's describe code (the target: 300 DOM cases in under
 * 60 s on a 2-core machine). Each setting runs several times; the median and p95 of the wall time are
 * reported with the machine's load average, since the machine is shared.
 *   tsx bench/eval-facts.ts [--cases 300] [--concurrency 2,4,6] [--runs 3] [--corpus corpus/team]
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { collectCaseFacts } from "../src/eval/case-facts.js";
import { loadCases } from "../src/eval/case-loader.js";
import { percentile } from "../src/eval/latency-summary.js";
import { launchChromium } from "../src/playwright/launch-chromium.js";
import { isDescribedCase } from "../src/spec/eval-case.js";

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "300" },
    concurrency: { type: "string", default: "2,4,6" },
    runs: { type: "string", default: "3" },
    corpus: { type: "string", default: "corpus/team" },
  },
});
const count = Number(values.cases);
const settings = values.concurrency.split(",").map(Number);
const runs = Number(values.runs);

const dom = loadCases([values.corpus]).cases.filter((loaded) => !isDescribedCase(loaded.case));
const cases = dom.slice(0, count);
const pages = new Set(cases.map((loaded) => `${loaded.case.page.url}\u0000${loaded.html}`)).size;
console.log(`${cases.length} DOM cases on ${pages} distinct pages from ${values.corpus}`);

const browser = await launchChromium();
const rows: string[] = [];
try {
  // One warm-up run, so the first setting does not pay for starting Chromium's processes.
  await collectCaseFacts(cases.slice(0, 8), { browser, concurrency: 2 });
  const walls = new Map<number, number[]>(settings.map((setting) => [setting, []]));
  const describes = new Map<number, number[]>(settings.map((setting) => [setting, []]));
  const loads: number[] = [];
  // Settings interleave run by run, so each sees the same machine load.
  for (let run = 0; run < runs; run++) {
    for (const concurrency of settings) {
      loads.push(loadavg()[0] ?? 0);
      const result = await collectCaseFacts(cases, { browser, concurrency });
      if (result.stats.errors > 0) console.error(`${result.stats.errors} cases failed`);
      walls.get(concurrency)?.push(result.stats.elapsedMs / 1000);
      for (const facts of result.facts)
        if (facts.ok && facts.describeMs !== null) describes.get(concurrency)?.push(facts.describeMs);
      console.log(
        `run ${run + 1}, concurrency ${concurrency}: ${(result.stats.elapsedMs / 1000).toFixed(1)} s (load average ${loadavg()[0]?.toFixed(1)})`,
      );
    }
  }
  rows.push("| concurrency | wall median (s) | wall p95 (s) | describe median (ms) | describe p95 (ms) |");
  rows.push("| --- | --- | --- | --- | --- |");
  for (const concurrency of settings) {
    const wall = walls.get(concurrency) ?? [];
    const describe = describes.get(concurrency) ?? [];
    rows.push(
      `| ${concurrency} | ${percentile(wall, 50)?.toFixed(1)} | ${percentile(wall, 95)?.toFixed(1)} | ${percentile(describe, 50)?.toFixed(0)} | ${percentile(describe, 95)?.toFixed(0)} |`,
    );
  }
  console.log(`\n${rows.join("\n")}`);
  console.log(
    `\n${runs} runs per setting; 1-minute load average during the runs: median ${percentile(loads, 50)?.toFixed(1)}, max ${Math.max(...loads).toFixed(1)} on ${(await import("node:os")).cpus().length} cores`,
  );
} finally {
  await browser.close();
}
