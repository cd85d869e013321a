import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { describe, it } from "node:test";
import { formatProblem, loadCases } from "../../src/eval/case-loader.js";
import { findSplitLeaks, NEAR_DUPLICATE_THRESHOLD, type SplitLeaks } from "../../src/eval/split-leaks.js";

/**
 * The splits of the committed corpus hold: every group in one split, and no near-identical pages in
 * different splits (word 5-gram Jaccard similarity at or above NEAR_DUPLICATE_THRESHOLD; see
 * src/eval/split-leaks.ts). The team corpus and the external suites are checked together, since a model
 * trains on the train split of both.
 */

function describeLeaks(leaks: SplitLeaks): string {
  const lines: string[] = [];
  for (const leak of leaks.groupLeaks)
    lines.push(
      `group ${leak.group} straddles splits: ${Object.entries(leak.splits)
        .map(([split, ids]) => `${split}: ${ids.join(", ")}`)
        .join("; ")}`,
    );
  const sample = leaks.nearDuplicates.slice(0, 40);
  for (const pair of sample) {
    const side = (references: typeof pair.first) =>
      references
        .slice(0, 3)
        .map((entry) => `${entry.id} (${entry.split}, ${entry.group ?? "no group"})`)
        .join(", ") + (references.length > 3 ? ` and ${references.length - 3} more` : "");
    lines.push(
      `near-identical pages, similarity ${pair.similarity.toFixed(3)}: ${side(pair.first)} ~ ${side(pair.second)}`,
    );
  }
  if (leaks.nearDuplicates.length > sample.length)
    lines.push(`... and ${leaks.nearDuplicates.length - sample.length} more near-identical page pairs`);
  return lines.join("\n");
}

function check(paths: string[]): void {
  const { cases, problems } = loadCases(paths);
  assert.deepEqual(problems.map(formatProblem), [], "every case line validates");
  assert.ok(cases.length > 0, `cases under ${paths.join(", ")}`);
  const leaks = findSplitLeaks(cases, { threshold: NEAR_DUPLICATE_THRESHOLD });
  assert.ok(
    leaks.groupLeaks.length === 0 && leaks.nearDuplicates.length === 0,
    `split leaks in ${paths.join(", ")}:\n${describeLeaks(leaks)}`,
  );
}

describe("corpus splits", () => {
  it("keeps every group of the team corpus in one split, with no near-identical pages across splits", () => {
    check(["corpus/team"]);
  });

  it("keeps the external suites and the team corpus apart across splits too, when the suites are present", () => {
    if (!existsSync("corpus/external")) return;
    check(["corpus/team", "corpus/external"]);
  });
});
