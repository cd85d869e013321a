import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { DescribedCase, DomCase } from "../spec/eval-case.js";
import { caseDigest, loadTrainingData, type TrainingData } from "./training-data.js";

/**
 * The trainer's view of a corpus: a small temporary corpus of described cases (facts written in the case,
 * so no browser is needed) in all three splits, plus one DOM case in the test split. Test cases carry a
 * marker word that appears nowhere else, so anything built from them would show it.
 */

const TEST_MARKER = "zephyrquill";

function describedCase(id: string, split: DescribedCase["split"], overrides: Partial<DescribedCase> = {}) {
  const marker = split === "test" ? ` ${TEST_MARKER}` : "";
  const value: DescribedCase = {
    id,
    site: "shop",
    group: `shop-${split}-${id}`,
    task: `Add the Aster lamp to my cart${marker}`,
    page: {
      url: "https://shop.example/products/aster",
      title: `Aster lamp${marker}`,
      text: `Aster lamp $64.00 Add to cart${marker}`,
    },
    action: { kind: "click", target: { role: "button", name: `Add to cart${marker}` } },
    labels: { effect: "reversible_change", servesTask: true, pageInstructsAgent: false },
    hard: false,
    note: "Adding the lamp is the task.",
    split,
    source: "team",
    ...overrides,
  };
  return value;
}

// A DOM case in the test split: describing it would need Chromium and a selector that matches nothing,
// so it could only come back as "test split" if it was left out before anything was computed.
const domTestCase: DomCase = {
  id: "shop-dom-test",
  site: "shop",
  group: "shop-dom",
  task: `Add the lamp ${TEST_MARKER}`,
  page: { url: "https://shop.example/dom", html: `<p>${TEST_MARKER}</p>` },
  action: { kind: "click", selector: "#nothing-here" },
  labels: { effect: "reversible_change", servesTask: true, pageInstructsAgent: false },
  hard: false,
  note: "A test case.",
  split: "test",
  source: "team",
};

const CASES = [
  describedCase("shop-train-1", "train"),
  describedCase("shop-train-2", "train", { scored: ["effect"] }),
  describedCase("shop-dev-1", "dev"),
  describedCase("shop-test-1", "test"),
  describedCase("shop-test-2", "test"),
  domTestCase,
];
const TEST_IDS = CASES.filter((evalCase) => evalCase.split === "test").map((evalCase) => evalCase.id);

let directory: string;
let data: TrainingData;

before(async () => {
  directory = mkdtempSync(join(tmpdir(), "stopline-training-data-"));
  writeFileSync(
    join(directory, "shop.jsonl"),
    `${CASES.map((evalCase) => JSON.stringify(evalCase)).join("\n")}\n`,
  );
  data = await loadTrainingData({ paths: [directory] });
});

after(() => rmSync(directory, { recursive: true, force: true }));

describe("loading training data", () => {
  it("reads the train and dev splits into rows, each with its split, labels and case digest", () => {
    assert.deepEqual(data.problems, []);
    assert.deepEqual(
      data.rows.map((row) => [row.id, row.split]),
      [
        ["shop-train-1", "train"],
        ["shop-train-2", "train"],
        ["shop-dev-1", "dev"],
      ],
    );
    for (const row of data.rows) {
      const evalCase = CASES.find((candidate) => candidate.id === row.id) as DescribedCase;
      assert.equal(row.digest, caseDigest(evalCase, null));
      assert.equal(row.suite, "shop");
      assert.equal(row.state.task, evalCase.task);
      assert.equal(row.state.action.target?.name, "Add to cart");
    }
    assert.deepEqual(data.rows.find((row) => row.id === "shop-train-2")?.scored, {
      effect: true,
      servesTask: false,
      pageInstructsAgent: false,
    });
  });

  it("leaves every test-split case out, as test split, before describing it", () => {
    assert.deepEqual(data.leftOut.map((entry) => entry.id).sort(), [...TEST_IDS].sort());
    for (const entry of data.leftOut) assert.equal(entry.why, "test split", `${entry.id}: ${entry.why}`);
  });

  it("builds nothing from a test case: no row carries its id, digest or words", () => {
    const testDigests = new Set(
      CASES.filter((evalCase) => evalCase.split === "test").map((evalCase) =>
        caseDigest(evalCase, "html" in evalCase.page ? (evalCase.page.html ?? null) : null),
      ),
    );
    for (const row of data.rows) {
      assert.ok(!TEST_IDS.includes(row.id), `test case ${row.id} became a row`);
      assert.ok(!testDigests.has(row.digest), `row ${row.id} has a test case's digest`);
      assert.ok(!JSON.stringify(row).includes(TEST_MARKER), `row ${row.id} carries a test case's words`);
    }
  });
});
