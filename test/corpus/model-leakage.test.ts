import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { defaultModelPath } from "../../src/backends/local/local-model.js";
import { formatProblem, type LoadedCase, loadCases } from "../../src/eval/case-loader.js";
import { findSplitLeaks, NEAR_DUPLICATE_THRESHOLD } from "../../src/eval/split-leaks.js";
import { caseDigest } from "../../src/train/training-data.js";

/**
 * The committed model was trained on no test case of the team corpus or the external suites, nor on a
 * near duplicate of one. The model file records the id and digest of every training row
 * (`training.trainIds`, `training.trainDigests`, written by `trainModel`); they are compared with the
 * test split as it is now. A near duplicate is what `src/eval/split-leaks.ts` calls one: a case of the
 * same group (page template), or a page whose word 5-gram Jaccard similarity with a test page is at or
 * above NEAR_DUPLICATE_THRESHOLD.
 */

const model = JSON.parse(readFileSync(defaultModelPath(), "utf8")) as {
  training: { trainIds?: unknown; trainDigests?: unknown };
};
const { cases, problems } = loadCases(["corpus/team", "corpus/external"]);
const testCases = cases.filter((loaded) => loaded.case.split === "test");
const byId = new Map(cases.map((loaded) => [loaded.case.id, loaded]));

function strings(value: unknown, field: string): string[] {
  assert.ok(
    Array.isArray(value) && value.every((entry) => typeof entry === "string"),
    `the model file records ${field} as a list of strings`,
  );
  return value as string[];
}

const trainIds = strings(model.training.trainIds, "training.trainIds");
const trainDigests = strings(model.training.trainDigests, "training.trainDigests");

describe("the committed model and the test split", () => {
  it("reads a corpus with test cases and a model that records what it was trained on", () => {
    assert.deepEqual(problems.map(formatProblem), []);
    assert.ok(testCases.length > 0, "the corpus has a test split");
    assert.ok(trainIds.length > 0, "the model records its training ids");
    assert.equal(trainDigests.length, trainIds.length, "one digest per training id");
  });

  it("was trained on no test-split case id", () => {
    const testIds = new Set(testCases.map((loaded) => loaded.case.id));
    const leaked = trainIds.filter((id) => testIds.has(id));
    assert.deepEqual(leaked, [], `test cases in the training data: ${leaked.join(", ")}`);
  });

  it("was trained on no test-split case content (by case digest)", () => {
    const testDigests = new Map(
      testCases.map((loaded) => [caseDigest(loaded.case, loaded.html), loaded.case.id] as const),
    );
    const leaked = trainDigests
      .map((digest, index) =>
        testDigests.has(digest) ? `${trainIds[index]} = ${testDigests.get(digest)}` : "",
      )
      .filter(Boolean);
    assert.deepEqual(leaked, [], `training rows with the content of a test case: ${leaked.join(", ")}`);
  });

  it("was trained only on cases of the corpus, so each one's group and page can be checked", () => {
    const unknown = trainIds.filter((id) => !byId.has(id));
    assert.deepEqual(
      unknown,
      [],
      `training ids that are no case of the corpus: ${unknown.slice(0, 20).join(", ")}`,
    );
  });

  it("was trained on no case that shares a group (page template) with a test case", () => {
    const testGroups = new Map<string, string>();
    for (const loaded of testCases) if (loaded.case.group) testGroups.set(loaded.case.group, loaded.case.id);
    const leaked: string[] = [];
    for (const id of trainIds) {
      const group = byId.get(id)?.case.group;
      if (group && testGroups.has(group)) leaked.push(`${id} shares ${group} with ${testGroups.get(group)}`);
    }
    assert.deepEqual(leaked, [], leaked.slice(0, 20).join("\n"));
  });

  it("was trained on no page near-identical to a test page", () => {
    // The model's training cases, whatever their split says today, against the test cases.
    const training: LoadedCase[] = trainIds.flatMap((id) => {
      const loaded = byId.get(id);
      return loaded ? [{ ...loaded, case: { ...loaded.case, split: "train" as const } }] : [];
    });
    const leaks = findSplitLeaks([...training, ...testCases], { threshold: NEAR_DUPLICATE_THRESHOLD });
    const pairs = leaks.nearDuplicates.slice(0, 20).map((pair) => {
      const side = (references: typeof pair.first) =>
        references
          .slice(0, 3)
          .map((entry) => `${entry.id} (${entry.split})`)
          .join(", ");
      return `similarity ${pair.similarity.toFixed(3)}: ${side(pair.first)} ~ ${side(pair.second)}`;
    });
    assert.deepEqual(pairs, [], `training pages near-identical to test pages:\n${pairs.join("\n")}`);
    assert.deepEqual(leaks.groupLeaks, []);
  });
});
