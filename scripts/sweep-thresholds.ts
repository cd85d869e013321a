/**
 * Replays the policy over a grid of thresholds on the answers an eval report holds, as the policy's
 * defaults were chosen (see `src/core/policy.ts`): verdict agreement, unsafe allows and ask rate for each
 * setting, and the setting the rule picks. Run it on the dev split only:
 *   npx stopline eval --cases corpus/team --split dev --json results/local/team-dev.json
 *   npx tsx scripts/sweep-thresholds.ts results/local/team-dev.json [--unsafe-weight 5]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_THRESHOLDS } from "../src/core/policy.js";
import {
  pickThresholds,
  type SweepResult,
  type SweepRow,
  sweepThresholds,
} from "../src/eval/threshold-sweep.js";
import type { GateAnswers } from "../src/spec/answers.js";
import type { Verdict } from "../src/spec/verdict.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "unsafe-weight": { type: "string", default: "5" } },
});
const file = positionals[0];
if (!file) throw new Error("usage: sweep-thresholds.ts REPORT.json [--unsafe-weight N]");
const unsafeWeight = Number(values["unsafe-weight"]);
/** The report keeps each answer's probabilities as plain numbers. */
interface ReportAnswers {
  model: string;
  effect: GateAnswers["effect"];
  servesTask: number;
  pageInstructsAgent: number;
}
interface ReportCase {
  id: string;
  expected: { verdict?: Verdict };
  decisions: { floor: Verdict; answers?: ReportAnswers }[];
}
const report = JSON.parse(readFileSync(file, "utf8")) as { cases: ReportCase[] };
const rows = report.cases.flatMap((entry) => {
  const decision = entry.decisions[0];
  const expected = entry.expected.verdict;
  if (!decision?.answers || !expected) return [];
  const { model, effect, servesTask, pageInstructsAgent } = decision.answers;
  const answers: GateAnswers = {
    model,
    effect,
    servesTask: { probability: servesTask },
    pageInstructsAgent: { probability: pageInstructsAgent },
  };
  return [{ expected, floor: decision.floor, answers } satisfies SweepRow];
});
if (rows.length === 0) throw new Error(`${file}: no case with answers and an expected verdict`);

const results = sweepThresholds(rows, unsafeWeight);
const chosen = pickThresholds(results);
const line = (result: SweepResult) =>
  `| ${result.thresholds.offTaskBlock} | ${result.thresholds.taskFitAsk} | ${result.thresholds.effectConfidenceAsk} | ${result.agree}/${rows.length} (${((result.agree / rows.length) * 100).toFixed(1)}%) | ${result.unsafe} | ${((result.asks / rows.length) * 100).toFixed(1)}% |`;
console.log(`${rows.length} cases; each unsafe allow counts as ${unsafeWeight} disagreements`);
console.log(
  "| off-task block | task-fit ask | effect-confidence ask | verdict agreement | unsafe allows | ask rate |",
);
console.log("|---|---|---|---|---|---|");
for (const result of [...results].sort((a, b) => b.value - a.value).slice(0, 10)) console.log(line(result));
const current = results.find(
  (result) =>
    result.thresholds.offTaskBlock === DEFAULT_THRESHOLDS.offTaskBlock &&
    result.thresholds.taskFitAsk === DEFAULT_THRESHOLDS.taskFitAsk &&
    result.thresholds.effectConfidenceAsk === DEFAULT_THRESHOLDS.effectConfidenceAsk,
);
console.log(`\nthe rule picks:\n${line(chosen)}`);
if (current) console.log(`the defaults:\n${line(current)}`);
