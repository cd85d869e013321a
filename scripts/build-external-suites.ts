/**
 * Builds the external eval suites from the raw data sets and writes them to `corpus/external/`:
 * one JSON Lines file per suite. The raw files stay where they are (`../shared/data`, or
 * `STOPLINE_EXTERNAL_DATA`, or `--data <dir>`); the build is deterministic, so running it twice writes
 * the same bytes. Prints cases per split and label, and what each source left out and why.
 *   tsx scripts/build-external-suites.ts [--data <dir>] [--check]
 * `--check` writes nothing and fails when a file on disk differs from a fresh build.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { externalDataDirectory } from "../src/eval/external/external-data.js";
import { EXTERNAL_SUITES, serialiseCases } from "../src/eval/external/external-suites.js";

const argv = process.argv.slice(2);
const dataFlag = argv.indexOf("--data");
const dataArgument = dataFlag >= 0 ? argv[dataFlag + 1] : undefined;
const dataDirectory = dataArgument ? resolve(dataArgument) : externalDataDirectory();
const check = argv.includes("--check");
// Relative to the repository, wherever the script is run from.
const outputDirectory = fileURLToPath(new URL("../corpus/external/", import.meta.url));

function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, count]) => `${value}: ${count}`)
    .join(", ");
}

let stale = 0;
mkdirSync(outputDirectory, { recursive: true });
for (const suite of EXTERNAL_SUITES) {
  const { cases, leftOut } = suite.build(dataDirectory);
  const path = join(outputDirectory, `${suite.name}.jsonl`);
  const text = serialiseCases(cases);
  if (check) {
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = "";
    }
    if (current !== text) {
      stale++;
      console.error(`${path} is stale: run tsx scripts/build-external-suites.ts`);
    }
  } else {
    writeFileSync(path, text);
  }
  console.log(`\n${suite.name}: ${cases.length} cases${check ? "" : ` → ${path}`}`);
  for (const split of ["train", "dev", "test"]) {
    const inSplit = cases.filter((evalCase) => evalCase.split === split);
    console.log(`  ${split} (${inSplit.length})`);
    console.log(`    effect: ${tally(inSplit.map((evalCase) => evalCase.labels.effect))}`);
    console.log(`    servesTask: ${tally(inSplit.map((evalCase) => String(evalCase.labels.servesTask)))}`);
    console.log(
      `    pageInstructsAgent: ${tally(inSplit.map((evalCase) => String(evalCase.labels.pageInstructsAgent)))}`,
    );
    console.log(`    scored: ${tally(inSplit.map((evalCase) => (evalCase.scored ?? []).join("+")))}`);
    console.log(`    source: ${tally(inSplit.map((evalCase) => evalCase.source))}`);
  }
  console.log(
    `  left out: ${leftOut.length}${leftOut.length ? ` (${tally(leftOut.map((item) => item.reason))})` : ""}`,
  );
}
if (stale > 0) process.exit(1);
