/**
 * The embedded model's benchmark (issue 5's speed targets), against the keyword baseline in the same run:
 *   - load: the committed model loaded in fresh child processes (the module already imported, so this is
 *     reading, validating and indexing the weights), median and p95; also import plus load, and the first
 *     decision of a cold process;
 *   - memory added by loading: RSS and V8 heap before and after, each after a full GC, median;
 *   - per-decision latency of `answerWithModel` (features and three heads) over the DecisionStates of the
 *     team corpus dev split, built by the trainer's own path (`loadTrainingData` with the facts cache),
 *     on the main thread (one core), interleaved with the keyword baseline so both see the same load;
 *   - decisions per second for the whole batch of dev states, median over rounds;
 *   - each state's median over the rounds, summarised across states: the p95 of a decision's own cost,
 *     apart from GC pauses and preemption on a shared machine (reported next to the raw p95, not instead).
 * Writes results/bench/model-bench.json and prints a markdown table with the targets: p95 ≤ 1 ms per
 * decision, load ≤ 300 ms, memory ≤ 100 MB.
 *   npx tsx bench/model-bench.ts [--children 15] [--rounds 30] [--cache .cache/facts-train.json]
 * The facts cache is copied to a temporary file first, so this never writes the trainer's cache.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { DecisionState } from "../src/spec/decision-state.js";
import { type Summary, summarise } from "./statistics.js";

const MB = 1024 * 1024;
const TARGETS = { p95Ms: 1, loadMs: 300, memoryMb: 100 };

interface ChildMeasure {
  importAndLoadMs: number;
  loadMs: number;
  firstDecisionMs: number;
  rssAddedMb: number;
  heapAddedMb: number;
}

/** One fresh process: import the loader, then measure loading the committed weights. */
async function child(): Promise<void> {
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  const importStarted = performance.now();
  const { loadLocalModel } = await import("../src/backends/local/local-model.js");
  const { answerWithModel } = await import("../src/backends/local/local-backend.js");
  const { addToCart } = await import("../test/support/contract-states.js");
  const imported = performance.now();
  collect();
  const before = process.memoryUsage();
  const started = performance.now();
  const model = loadLocalModel();
  const loadMs = performance.now() - started;
  collect();
  const after = process.memoryUsage();
  const decisionStarted = performance.now();
  answerWithModel(model, addToCart);
  const firstDecisionMs = performance.now() - decisionStarted;
  const measure: ChildMeasure = {
    importAndLoadMs: imported - importStarted + loadMs,
    loadMs,
    firstDecisionMs,
    rssAddedMb: (after.rss - before.rss) / MB,
    heapAddedMb: (after.heapUsed - before.heapUsed) / MB,
  };
  // The model must still be alive when memory is read, or the GC could have taken it back.
  if (model.vocabulary.size < 0) console.error("unreachable");
  process.stdout.write(`${JSON.stringify(measure)}\n`);
}

function median(values: readonly number[]): number {
  return summarise(values).median;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      children: { type: "string", default: "15" },
      rounds: { type: "string", default: "30" },
      cache: { type: "string", default: ".cache/facts-train.json" },
      child: { type: "boolean", default: false },
    },
  });
  const children = Number(values.children);
  const rounds = Number(values.rounds);
  const { defaultModelPath, loadLocalModel } = await import("../src/backends/local/local-model.js");
  const { answerWithModel } = await import("../src/backends/local/local-backend.js");
  const { extractFeatures } = await import("../src/backends/local/feature-extractor.js");
  const { keywordAnswers } = await import("../src/backends/keyword-backend.js");
  const { loadTrainingData } = await import("../src/train/training-data.js");
  const loadBefore = loadavg();

  // ---- load time and memory, each in a fresh process ----
  const self = fileURLToPath(import.meta.url);
  const measures: ChildMeasure[] = [];
  for (let run = 0; run < children; run++) {
    const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", self, "--child"], {
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`child ${run} failed: ${result.stderr}`);
    measures.push(JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as ChildMeasure);
  }
  const load = {
    children,
    loadMs: summarise(measures.map((entry) => entry.loadMs)),
    importAndLoadMs: summarise(measures.map((entry) => entry.importAndLoadMs)),
    firstDecisionMs: summarise(measures.map((entry) => entry.firstDecisionMs)),
    rssAddedMb: summarise(measures.map((entry) => entry.rssAddedMb)),
    heapAddedMb: summarise(measures.map((entry) => entry.heapAddedMb)),
  };

  // ---- the dev states of the team corpus, built as the trainer builds them ----
  const scratch = mkdtempSync(join(tmpdir(), "stopline-model-bench-"));
  const cacheCopy = join(scratch, "facts.json");
  if (existsSync(values.cache)) copyFileSync(values.cache, cacheCopy);
  let states: DecisionState[];
  let missing: number;
  try {
    const data = await loadTrainingData({ paths: ["corpus/team"], cacheFile: cacheCopy });
    states = data.rows.filter((row) => row.split === "dev").map((row) => row.state);
    missing = data.leftOut.filter((entry) => entry.why !== "test split").length;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (states.length === 0) throw new Error("no dev states to measure");

  // ---- per-decision latency, interleaved with the keyword baseline ----
  const model = loadLocalModel();
  let sink = 0;
  const samples = { local: [] as number[], keyword: [] as number[], features: [] as number[] };
  const batches = { local: [] as number[], keyword: [] as number[] };
  // Each state's own samples: the median per state is its cost without the machine's noise (the machine
  // is shared; a GC pause or a preemption lands on whichever decision is running).
  const localByState = states.map(() => [] as number[]);
  const runners = {
    local: (state: DecisionState) => answerWithModel(model, state).model.length,
    keyword: (state: DecisionState) => keywordAnswers(state).model.length,
    features: (state: DecisionState) => extractFeatures(state).effect.size,
  };
  for (let warm = 0; warm < 3; warm++)
    for (const state of states)
      sink += runners.local(state) + runners.keyword(state) + runners.features(state);
  for (let round = 0; round < rounds; round++) {
    // Alternate which backend goes first, so neither always runs on a warmer cache.
    const order = round % 2 === 0 ? (["local", "keyword"] as const) : (["keyword", "local"] as const);
    states.forEach((state, index) => {
      for (const name of [...order, "features"] as const) {
        const started = performance.now();
        sink += runners[name](state);
        const elapsed = performance.now() - started;
        samples[name].push(elapsed);
        if (name === "local") localByState[index]?.push(elapsed);
      }
    });
    for (const name of order) {
      const started = performance.now();
      for (const state of states) sink += runners[name](state);
      batches[name].push(states.length / ((performance.now() - started) / 1000));
    }
  }
  if (sink === 0) console.error("nothing measured");

  const perDecision = {
    local: summarise(samples.local),
    keyword: summarise(samples.keyword),
    features: summarise(samples.features),
    localPerStateMedian: summarise(localByState.map((entries) => median(entries))),
  };
  const decisionsPerSecond = { local: median(batches.local), keyword: median(batches.keyword) };
  const modelBytes = statSync(defaultModelPath()).size;
  const result = {
    measuredAt: new Date().toISOString(),
    machine: {
      cores: availableParallelism(),
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
    },
    model: { id: `${model.id}-${model.version}`, bytes: modelBytes },
    load,
    decisions: {
      corpus: "corpus/team dev split",
      states: states.length,
      statesWithoutFacts: missing,
      rounds,
      perDecisionMs: perDecision,
      decisionsPerSecond,
      medianRatioLocalToKeyword: perDecision.local.median / perDecision.keyword.median,
    },
    targets: TARGETS,
    met: {
      p95: perDecision.local.p95 <= TARGETS.p95Ms,
      load: load.loadMs.p95 <= TARGETS.loadMs,
      memory: Math.max(load.rssAddedMb.median, load.heapAddedMb.median) <= TARGETS.memoryMb,
    },
  };

  const ms = (value: number) => (value < 0.1 ? value.toFixed(4) : value.toFixed(3));
  const row = (name: string, summary: Summary, unit: string, target: string) =>
    `| ${name} | ${ms(summary.median)} ${unit} | ${ms(summary.p95)} ${unit} | ${target} |`;
  const yes = (met: boolean) => (met ? "met" : "**missed**");
  const lines = [
    `Embedded model ${result.model.id} (${(modelBytes / MB).toFixed(2)} MB), ${states.length} dev states of the team corpus, ${rounds} rounds; ${children} fresh processes for loading. ${result.machine.cores} cores, load average ${loadBefore.map((value) => value.toFixed(2)).join(" ")} before, ${result.machine.loadAverageAfter.map((value) => value.toFixed(2)).join(" ")} after.`,
    "",
    "| measure | median | p95 | target |",
    "| --- | --- | --- | --- |",
    row(
      "local model, per decision (features + 3 heads)",
      perDecision.local,
      "ms",
      `p95 ≤ ${TARGETS.p95Ms} ms: ${yes(result.met.p95)}`,
    ),
    row("local model, each state's median over rounds", perDecision.localPerStateMedian, "ms", ""),
    row("  of which features alone", perDecision.features, "ms", ""),
    row("keyword baseline, per decision", perDecision.keyword, "ms", ""),
    `| local / keyword (median) | ${result.decisions.medianRatioLocalToKeyword.toFixed(2)}× | | |`,
    `| local model, batch of ${states.length} | ${Math.round(decisionsPerSecond.local)} decisions/s | | |`,
    `| keyword baseline, batch of ${states.length} | ${Math.round(decisionsPerSecond.keyword)} decisions/s | | |`,
    row(
      "load the model (fresh process)",
      load.loadMs,
      "ms",
      `≤ ${TARGETS.loadMs} ms: ${yes(result.met.load)}`,
    ),
    row("import the backend (tsx, compiled on the fly) + load", load.importAndLoadMs, "ms", ""),
    row("first decision in a fresh process", load.firstDecisionMs, "ms", ""),
    `| memory added by loading: RSS | ${load.rssAddedMb.median.toFixed(1)} MB | ${load.rssAddedMb.p95.toFixed(1)} MB | ≤ ${TARGETS.memoryMb} MB: ${yes(result.met.memory)} |`,
    `| memory added by loading: V8 heap | ${load.heapAddedMb.median.toFixed(1)} MB | ${load.heapAddedMb.p95.toFixed(1)} MB | |`,
  ];
  if (missing > 0) lines.push("", `${missing} dev cases had no facts and are not measured.`);
  console.log(lines.join("\n"));
  mkdirSync("results/bench", { recursive: true });
  writeFileSync("results/bench/model-bench.json", `${JSON.stringify(result, null, 2)}\n`);
  console.log("\nwrote results/bench/model-bench.json");
}

if (process.argv.includes("--child")) await child();
else await main();
