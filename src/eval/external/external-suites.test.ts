import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { EvalCase } from "../../spec/eval-case.js";
import { loadCases } from "../case-loader.js";
import { EXTERNAL_SUITES, serialiseCases } from "./external-suites.js";
import { HIDING_STYLES } from "./hiding-styles.js";
import { TEMPLATE_KINDS } from "./page-templates.js";

// The properties are checked on the committed suites under corpus/external; the builders are run on
// the excerpts of the raw data kept in test/fixtures/external-data (the full data sets are not part of
// the repository: `tsx scripts/build-external-suites.ts --check` compares against them where they exist).
const corpusDirectory = fileURLToPath(new URL("../../../corpus/external/", import.meta.url));
const excerptDirectory = fileURLToPath(new URL("../../../test/fixtures/external-data/", import.meta.url));
const committed = EXTERNAL_SUITES.map((suite) => {
  const { cases, problems } = loadCases([join(corpusDirectory, `${suite.name}.jsonl`)]);
  assert.deepEqual(problems, [], suite.name);
  return { suite, build: { cases: cases.map((loaded) => loaded.case) } };
});
const builds = committed;

function suiteCases(name: string): EvalCase[] {
  const found = builds.find((entry) => entry.suite.name === name);
  assert.ok(found, `suite ${name} exists`);
  return found.build.cases;
}

function partitionOf(evalCase: EvalCase): string {
  const tag = evalCase.tags?.find((candidate) => candidate.startsWith("from:"));
  assert.ok(tag, `${evalCase.id} names its source partition`);
  return tag;
}

describe("external suites: the builders", () => {
  it("build every suite to the same bytes twice from the raw data excerpts", () => {
    for (const suite of EXTERNAL_SUITES) {
      const first = suite.build(excerptDirectory);
      const again = suite.build(excerptDirectory);
      assert.ok(first.cases.length > 0, `${suite.name} builds cases from the excerpt`);
      assert.equal(serialiseCases(again.cases), serialiseCases(first.cases), suite.name);
      assert.deepEqual(again.leftOut, first.leftOut, suite.name);
    }
  });

  it("write only lines the case loader accepts", () => {
    const directory = mkdtempSync(join(tmpdir(), "stopline-external-"));
    for (const suite of EXTERNAL_SUITES)
      writeFileSync(
        join(directory, `${suite.name}.jsonl`),
        serialiseCases(suite.build(excerptDirectory).cases),
      );
    const { problems } = loadCases([directory]);
    assert.deepEqual(problems, []);
  });
});

describe("external suites: the committed files", () => {
  it("hold only lines the case loader accepts, with ids unique across the suites", () => {
    const { cases, problems } = loadCases([corpusDirectory]);
    assert.deepEqual(problems, []);
    const total = builds.reduce((sum, { build }) => sum + build.cases.length, 0);
    assert.equal(cases.length, total);
  });

  it("say on every case which labels its source provides", () => {
    for (const { build } of builds)
      for (const evalCase of build.cases) assert.ok((evalCase.scored?.length ?? 0) > 0, evalCase.id);
  });
});

describe("external suites: splits", () => {
  it("never lets a source partition (file, category or goal family) straddle splits", () => {
    for (const { suite, build } of builds) {
      const splits = new Map<string, Set<string>>();
      for (const evalCase of build.cases) {
        const partition = partitionOf(evalCase);
        splits.set(partition, (splits.get(partition) ?? new Set()).add(evalCase.split));
      }
      for (const [partition, seen] of splits)
        assert.equal(seen.size, 1, `${suite.name}: ${partition} is in ${[...seen].join(", ")}`);
    }
  });

  it("keeps every group (a site, a task template, a page template) in one split", () => {
    for (const { suite, build } of builds) {
      const splits = new Map<string, Set<string>>();
      for (const evalCase of build.cases) {
        assert.ok(evalCase.group, `${evalCase.id} has a group`);
        splits.set(evalCase.group, (splits.get(evalCase.group) ?? new Set()).add(evalCase.split));
      }
      for (const [group, seen] of splits)
        assert.equal(seen.size, 1, `${suite.name}: group ${group} is in ${[...seen].join(", ")}`);
    }
  });

  it("has train, dev and test in every suite", () => {
    for (const { suite, build } of builds)
      assert.deepEqual(
        new Set(build.cases.map((evalCase) => evalCase.split)),
        new Set(["train", "dev", "test"]),
        suite.name,
      );
  });

  it("never puts the same injection page in two splits", () => {
    const splitOfPage = new Map<string, string>();
    for (const evalCase of suiteCases("injection")) {
      const html = "html" in evalCase.page ? (evalCase.page.html ?? "") : "";
      const earlier = splitOfPage.get(html);
      assert.ok(earlier === undefined || earlier === evalCase.split, evalCase.id);
      splitOfPage.set(html, evalCase.split);
    }
  });
});

describe("external suites: the injection suite is balanced", () => {
  const cases = suiteCases("injection");

  it("places positives and negatives in every hiding style, so hiding alone never gives the answer", () => {
    for (const style of HIDING_STYLES) {
      const placed = cases.filter((evalCase) => evalCase.tags?.includes(`place:${style}`));
      assert.ok(
        placed.some((evalCase) => evalCase.labels.pageInstructsAgent),
        `${style} has positives`,
      );
      assert.ok(
        placed.some((evalCase) => !evalCase.labels.pageInstructsAgent),
        `${style} has negatives`,
      );
    }
  });

  it("places positives and negatives on every kind of page in every split", () => {
    for (const split of ["train", "dev", "test"] as const)
      for (const kind of TEMPLATE_KINDS) {
        const placed = cases.filter(
          (evalCase) => evalCase.split === split && evalCase.group?.startsWith(`injection-${kind}-`),
        );
        assert.ok(
          placed.some((evalCase) => evalCase.labels.pageInstructsAgent),
          `${split} ${kind} positives`,
        );
        assert.ok(
          placed.some((evalCase) => !evalCase.labels.pageInstructsAgent),
          `${split} ${kind} negatives`,
        );
      }
  });

  it("offers only on-task, read-only or reversible actions, so the verdict turns on the page alone", () => {
    for (const evalCase of cases) {
      assert.equal(evalCase.labels.servesTask, true, evalCase.id);
      assert.ok(["read_only", "reversible_change"].includes(evalCase.labels.effect), evalCase.id);
    }
  });
});

describe("external suites: attribution", () => {
  it("names every source folder and its commit in corpus/external/ATTRIBUTION.md", () => {
    const attribution = readFileSync(join(corpusDirectory, "ATTRIBUTION.md"), "utf8");
    for (const { suite } of builds) {
      assert.ok(attribution.includes(`\`${suite.name}\``), `${suite.name} is described`);
      for (const folder of suite.folders) {
        const license = readFileSync(join(excerptDirectory, folder, "LICENSE.md"), "utf8");
        const commit = /commit ([0-9a-f]{40})/.exec(license)?.[1];
        assert.ok(commit, `${folder}/LICENSE.md names a commit`);
        assert.ok(attribution.includes(commit), `${folder} commit ${commit} is in ATTRIBUTION.md`);
      }
    }
  });
});
