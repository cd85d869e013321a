import { createHash } from "node:crypto";
import { modelStateFor } from "../core/gate-decision.js";
import { collectCaseFacts } from "../eval/case-facts.js";
import { type LoadedCase, loadCases } from "../eval/case-loader.js";
import { evalDescribeOptions, evalGateSettings } from "../eval/eval-gate-settings.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { CaseLabels, EvalCase } from "../spec/eval-case.js";

/** One case as the trainer sees it: the state the model is shown, and the labels its source provides. */
export interface TrainingRow {
  id: string;
  /** `team` or the external suite's source family (`webguard`, `st-webagentbench`, `injection`, ...). */
  source: string;
  suite: string;
  split: "train" | "dev";
  labels: CaseLabels;
  /** Which labels count: the case's `scored` list, or all three. */
  scored: { effect: boolean; servesTask: boolean; pageInstructsAgent: boolean };
  state: DecisionState;
  /** A digest of the case's content, for the leak checks. */
  digest: string;
}

/** The error of a split the trainer must never read. */
export class TestSplitError extends Error {
  readonly code = "test_split_in_training";
  constructor(id: string) {
    super(`case ${id} is in the test split: the trainer never reads test cases`);
    this.name = "TestSplitError";
  }
}

export function caseDigest(evalCase: EvalCase, html: string | null): string {
  return createHash("sha256")
    .update(JSON.stringify([evalCase.task, evalCase.page, evalCase.action, html ?? ""]))
    .digest("hex")
    .slice(0, 24);
}

function suiteOf(loaded: LoadedCase): string {
  const file = loaded.file.split("/").pop() ?? "";
  return loaded.file.includes("/corpus/team/") ? "team" : file.replace(/\.jsonl$/, "");
}

export interface TrainingDataOptions {
  /** Case files or folders. */
  paths: string[];
  /** A facts cache, so Chromium describes only what changed. */
  cacheFile?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface TrainingData {
  rows: TrainingRow[];
  /** Cases left out: test split (never loaded into the trainer), or no facts. */
  leftOut: { id: string; why: string }[];
  problems: string[];
}

/**
 * Loads the train and dev splits and builds the state the model is shown for each case, with the
 * product's own describe code and gate settings (the firewall included). Test cases are dropped before
 * anything is computed for them.
 */
export async function loadTrainingData(options: TrainingDataOptions): Promise<TrainingData> {
  const { cases, problems } = loadCases(options.paths);
  const usable = cases.filter((loaded) => loaded.case.split !== "test");
  const leftOut = cases
    .filter((loaded) => loaded.case.split === "test")
    .map((loaded) => ({ id: loaded.case.id, why: "test split" }));
  const settings = evalGateSettings();
  const collection = await collectCaseFacts(usable, {
    ...(options.cacheFile ? { cacheFile: options.cacheFile } : {}),
    describe: evalDescribeOptions(settings),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const rows: TrainingRow[] = [];
  usable.forEach((loaded, index) => {
    const facts = collection.facts[index];
    const evalCase = loaded.case;
    if (!facts?.ok) {
      leftOut.push({ id: evalCase.id, why: facts ? facts.error.message : "no facts" });
      return;
    }
    // Test cases were dropped above; this narrows the type and stays as a second lock on the door.
    if (evalCase.split === "test") throw new TestSplitError(evalCase.id);
    const scored = evalCase.scored;
    rows.push({
      id: evalCase.id,
      source: evalCase.source,
      suite: suiteOf(loaded),
      split: evalCase.split,
      labels: evalCase.labels,
      scored: {
        effect: !scored || scored.includes("effect"),
        servesTask: !scored || scored.includes("servesTask"),
        pageInstructsAgent: !scored || scored.includes("pageInstructsAgent"),
      },
      state: modelStateFor(
        { described: facts.described, task: evalCase.task, pageText: facts.pageText },
        settings,
      ),
      digest: caseDigest(evalCase, loaded.html),
    });
  });
  return {
    rows,
    leftOut,
    problems: problems.map(
      (problem) => `${problem.file}:${problem.line}: ${problem.field}: ${problem.reason}`,
    ),
  };
}
