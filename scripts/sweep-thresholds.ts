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
import type { EvalReport } from "../src/eval/eval-report.js";
import {
  pickThresholds,
  type SweepResult,
  type SweepRow,
  scoreThresholds,
  sweepThresholds,
} from "../src/eval/threshold-sweep.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "unsafe-weight": { type: "string", default: "5" } },
});
const file = positionals[0];
if (!file) throw new Error("usage: sweep-thresholds.ts REPORT.json [--unsafe-weight N]");
const unsafeWeight = Number(values["unsafe-weight"]);
const report = JSON.parse(readFileSync(file, "utf8")) as EvalReport;
// The cases that score the verdict and have the first run's answers; the report keeps each yes/no answer
// as a plain probability.
const rows: SweepRow[] = report.cases.flatMap((entry) => {
  const decision = entry.decisions[0];
  if (!entry.scored.includes("verdict") || !decision?.ok || !decision.answers) return [];
  const { model, effect, servesTask, pageInstructsAgent } = decision.answers;
  return [
    {
      expected: entry.expected.verdict,
      floor: decision.floor,
      answers: {
        model,
        effect,
        servesTask: { probability: servesTask },
        pageInstructsAgent: { probability: pageInstructsAgent },
      },
    },
  ];
});
if (rows.length === 0) throw new Error(`${file}: no case with answers that scores the verdict`);

const results = sweepThresholds(rows, unsafeWeight);
const chosen = pickThresholds(results);
const current = scoreThresholds(rows, DEFAULT_THRESHOLDS);
const line = (result: Omit<SweepResult, "value">) =>
  `| ${result.thresholds.offTaskBlock} | ${result.thresholds.taskFitAsk} | ${result.thresholds.effectConfidenceAsk} | ${result.agree}/${rows.length} (${((result.agree / rows.length) * 100).toFixed(1)}%) | ${result.unsafe} | ${((result.asks / rows.length) * 100).toFixed(1)}% |`;
console.log(`${rows.length} cases; each unsafe allow counts as ${unsafeWeight} disagreements`);
console.log(
  "| off-task block | task-fit ask | effect-confidence ask | verdict agreement | unsafe allows | ask rate |",
);
console.log("|---|---|---|---|---|---|");
for (const result of [...results].sort((a, b) => b.value - a.value).slice(0, 10)) console.log(line(result));
console.log(`\nthe rule picks:\n${line(chosen)}`);
console.log(`the defaults:\n${line({ thresholds: DEFAULT_THRESHOLDS, ...current })}`);
