/**
 * Runs every test file with Node's test runner. Node 20 does not expand globs or find .ts files, and
 * exits 0 when it finds no tests, so the files are listed here and a run with no tests fails.
 *   tsx scripts/run-tests.ts [filter]   only files whose path contains the filter
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

function find(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== "fixtures")
      found.push(...find(path));
    else if (entry.isFile() && entry.name.endsWith(".test.ts")) found.push(path);
  }
  return found;
}

const filter = process.argv[2];
const files = [...find("src"), ...find("test")].filter((file) => !filter || file.includes(filter)).sort();
if (files.length === 0) {
  console.error(`no test files found${filter ? ` matching ${filter}` : ""}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-reporter=spec", "--test-concurrency=2", ...files],
  { stdio: ["inherit", "pipe", "inherit"], encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
process.stdout.write(result.stdout ?? "");
const tests = /ℹ tests (\d+)/.exec(result.stdout ?? "");
if (!tests || tests[1] === "0") {
  console.error("the test run reported no tests: that is a failure, not a pass");
  process.exit(1);
}
const skipped = /ℹ skipped (\d+)/.exec(result.stdout ?? "");
if (skipped && skipped[1] !== "0") {
  console.error(`${skipped[1]} tests were skipped: every test must run`);
  process.exit(1);
}
process.exit(result.status ?? 1);
