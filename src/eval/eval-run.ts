import type { Browser } from "playwright-core";
import type { Backend } from "../spec/backend.js";
import { type CaseDecision, runBackendStage } from "./backend-stage.js";
import { collectCaseFacts, DEFAULT_EVAL_CONCURRENCY, EVAL_VIEWPORT } from "./case-facts.js";
import { type CaseProblem, loadCases } from "./case-loader.js";
import { evalDescribeOptions, evalGateSettings } from "./eval-gate-settings.js";
import { buildEvalReport, type EvalReport } from "./eval-report.js";
import { expectedVerdict } from "./expected-verdict.js";

export type EvalStage = "facts" | "backend";

export interface EvalRunOptions {
  /** Case files and folders (folders are searched for `.jsonl` files). */
  casePaths: string[];
  /** Backends in order; the first is under test, a second one is compared with it. */
  backends: Backend[];
  /** Only cases of this split. Default: every split. */
  split?: "train" | "dev" | "test";
  /** How many times the backend stage runs over the same facts. Default 1. */
  repeat?: number;
  /** Pages described at once, and cases decided at once. Default `DEFAULT_EVAL_CONCURRENCY`. */
  concurrency?: number;
  /** A facts cache file to read and update (see `FactsCache`). Default: none. */
  factsCacheFile?: string;
  /** A browser to describe in; by default one is launched when a page needs it. */
  browser?: Browser;
  /** Progress of each stage; `label` names the backend in the backend stage. */
  onProgress?: (stage: EvalStage, done: number, total: number, label: string) => void;
  signal?: AbortSignal;
}

export interface EvalRunResult {
  report: EvalReport;
  /** Lines of the case files that did not validate (also in the report). */
  problems: CaseProblem[];
}

/**
 * A whole eval: load and validate the cases, collect their facts once, run every backend over the same
 * facts (`repeat` times), derive each case's expected verdict, and build the report.
 */
export async function runEval(options: EvalRunOptions): Promise<EvalRunResult> {
  const repeat = Math.max(1, Math.floor(options.repeat ?? 1));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_EVAL_CONCURRENCY));
  const settings = evalGateSettings();
  const describe = evalDescribeOptions(settings);
  const loaded = loadCases(options.casePaths);
  const cases = options.split
    ? loaded.cases.filter((entry) => entry.case.split === options.split)
    : loaded.cases;

  const facts = await collectCaseFacts(cases, {
    concurrency,
    describe,
    ...(options.factsCacheFile ? { cacheFile: options.factsCacheFile } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    onProgress: (done, total) => options.onProgress?.("facts", done, total, "facts"),
  });
  const expected = cases.map((entry, index) => {
    const caseFacts = facts.facts[index]!;
    return expectedVerdict(entry.case.labels, caseFacts.ok ? caseFacts.described : null, settings.origins);
  });

  const runs: { backend: string; repetitions: CaseDecision[][]; elapsedMs: number }[] = [];
  for (const backend of options.backends) {
    const started = performance.now();
    const repetitions: CaseDecision[][] = [];
    for (let round = 0; round < repeat; round++) {
      const label = repeat > 1 ? `${backend.id} ${round + 1}/${repeat}` : backend.id;
      repetitions.push(
        await runBackendStage(cases, facts.facts, backend, settings, {
          concurrency,
          onProgress: (done, total) => options.onProgress?.("backend", done, total, label),
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
    }
    runs.push({ backend: backend.id, repetitions, elapsedMs: performance.now() - started });
  }

  const report = buildEvalReport({
    generatedAt: new Date(),
    baseDirectory: process.cwd(),
    run: {
      casePaths: options.casePaths,
      split: options.split ?? null,
      repeat,
      concurrency,
      gate: {
        thresholds: settings.thresholds,
        modelTimeoutMs: settings.modelTimeoutMs,
        origins: settings.origins,
        rules: settings.rules.map((rule) => rule.id),
        detector: settings.detector !== undefined,
      },
      describe: { options: describe, viewport: EVAL_VIEWPORT },
    },
    invalidLines: loaded.problems,
    cases,
    facts,
    expected,
    runs,
  });
  return { report, problems: loaded.problems };
}
