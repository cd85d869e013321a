import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { formatProblem, loadCases } from "./case-loader.js";

const directory = mkdtempSync(join(tmpdir(), "stopline-loader-"));
after(() => rmSync(directory, { recursive: true, force: true }));

function domCase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "shop-01",
    site: "shop",
    task: "Add the lamp to my cart",
    page: { url: "https://shop.example/lamp", html: "<button id=add>Add to cart</button>" },
    action: { kind: "click", selector: "#add" },
    labels: { effect: "reversible_change", servesTask: true, pageInstructsAgent: false },
    hard: false,
    note: "Adding to the cart is what the user asked.",
    split: "train",
    source: "team",
    ...overrides,
  };
}

function write(name: string, lines: string[]): string {
  const path = join(directory, name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

describe("case loader: every bad line is reported with file, line, field and reason", () => {
  it("reports a line that is not JSON and keeps the good lines around it", () => {
    const file = write("bad-json.jsonl", [
      JSON.stringify(domCase({ id: "a-1" })),
      '{"id": "a-2", "site": ',
      JSON.stringify(domCase({ id: "a-3" })),
    ]);
    const { cases, problems } = loadCases([file]);
    assert.deepEqual(
      cases.map((entry) => entry.case.id),
      ["a-1", "a-3"],
    );
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.file, file);
    assert.equal(problems[0]?.line, 2);
    assert.equal(problems[0]?.field, "(line)");
    assert.match(problems[0]?.reason ?? "", /not JSON/);
    assert.match(formatProblem(problems[0]!), /bad-json\.jsonl:2: \(line\): not JSON/);
  });

  it("names the field and the reason of a value that does not validate", () => {
    const file = write("bad-field.jsonl", [
      JSON.stringify(
        domCase({ id: "b-1", labels: { effect: "explodes", servesTask: true, pageInstructsAgent: false } }),
      ),
      JSON.stringify(domCase({ id: "b-2", split: "holdout" })),
      JSON.stringify(domCase({ id: "b-3", action: { kind: "fill", selector: "#q" } })),
    ]);
    const { cases, problems } = loadCases([file]);
    assert.equal(cases.length, 0);
    const byLine = new Map(problems.map((problem) => [problem.line, problem]));
    assert.equal(byLine.get(1)?.field, "labels.effect");
    assert.equal(byLine.get(2)?.field, "split");
    assert.equal(byLine.get(3)?.field, "action.value");
    assert.match(byLine.get(3)?.reason ?? "", /fill needs a value/);
  });

  it("reports an htmlFile that cannot be read, relative to the case file", () => {
    const file = write("pages-missing/cases.jsonl", [
      JSON.stringify(
        domCase({ id: "c-1", page: { url: "https://shop.example/", htmlFile: "pages/nowhere.html" } }),
      ),
    ]);
    const { cases, problems } = loadCases([file]);
    assert.equal(cases.length, 0);
    assert.equal(problems[0]?.line, 1);
    assert.equal(problems[0]?.field, "page.htmlFile");
    assert.match(problems[0]?.reason ?? "", /cannot read .*pages-missing\/pages\/nowhere\.html/);
  });

  it("reads an htmlFile next to the case file", () => {
    write("pages-present/pages/lamp.html", ["<button id=add>Add</button>"]);
    const file = write("pages-present/cases.jsonl", [
      JSON.stringify(
        domCase({ id: "c-2", page: { url: "https://shop.example/", htmlFile: "pages/lamp.html" } }),
      ),
    ]);
    const { cases, problems } = loadCases([file]);
    assert.deepEqual(problems, []);
    assert.match(cases[0]?.html ?? "", /<button id=add>/);
  });

  it("reports a duplicate id with where the first one is, across files of a folder", () => {
    write("dupes/one.jsonl", [JSON.stringify(domCase({ id: "d-1" }))]);
    write("dupes/two.jsonl", [
      JSON.stringify(domCase({ id: "d-2" })),
      JSON.stringify(domCase({ id: "d-1" })),
    ]);
    const { cases, problems } = loadCases([join(directory, "dupes")]);
    assert.deepEqual(
      cases.map((entry) => entry.case.id),
      ["d-1", "d-2"],
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0]?.file ?? "", /two\.jsonl$/);
    assert.equal(problems[0]?.line, 2);
    assert.equal(problems[0]?.field, "id");
    assert.match(problems[0]?.reason ?? "", /duplicate id d-1 \(first at .*one\.jsonl:1\)/);
  });

  it("reports a path that does not exist instead of throwing", () => {
    const { cases, problems } = loadCases([join(directory, "no-such-folder")]);
    assert.equal(cases.length, 0);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.field, "(file)");
  });
});
