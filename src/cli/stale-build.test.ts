import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { staleBuildWarning } from "./stale-build.js";

function checkout(): { root: string; built: string; source: string } {
  const root = mkdtempSync(join(tmpdir(), "stopline-stale-"));
  mkdirSync(join(root, "dist", "cli"), { recursive: true });
  mkdirSync(join(root, "src", "core"), { recursive: true });
  const built = join(root, "dist", "cli", "main.js");
  writeFileSync(built, "");
  return { root, built, source: join(root, "src") };
}
const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe("the command warns when it would run an old build", () => {
  it("names the source file that is newer than the build", () => {
    const { built, source } = checkout();
    at(built, 1_000);
    const file = join(source, "core", "policy.ts");
    writeFileSync(file, "");
    at(file, 2_000);
    const warning = staleBuildWarning(built, source);
    assert.match(warning ?? "", /older than .*policy\.ts/);
  });
  it("says nothing when the build is newer than every source file", () => {
    const { built, source } = checkout();
    const file = join(source, "core", "policy.ts");
    writeFileSync(file, "");
    at(file, 1_000);
    at(built, 2_000);
    assert.equal(staleBuildWarning(built, source), null);
  });
  it("ignores tests, which the build does not hold", () => {
    const { built, source } = checkout();
    at(built, 1_000);
    const test = join(source, "core", "policy.test.ts");
    writeFileSync(test, "");
    at(test, 2_000);
    assert.equal(staleBuildWarning(built, source), null);
  });
  it("says nothing in an installed package, which has no sources", () => {
    const { root, built } = checkout();
    assert.equal(staleBuildWarning(built, join(root, "no-such-src")), null);
  });
});
