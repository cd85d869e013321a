import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { EvidenceLog, verifyEvidenceFile, verifyEvidenceText } from "./evidence-log.js";

function logWith(records: number): { path: string; lines: string[] } {
  const path = join(mkdtempSync(join(tmpdir(), "stopline-log-")), "evidence.jsonl");
  const log = new EvidenceLog(path, { runId: "test" });
  for (let index = 0; index < records; index++)
    log.append({
      type: "outcome",
      decisionId: `d${index}`,
      actionId: "a",
      status: "executed",
      executed: true,
      error: null,
      verdict: "allow",
      reasonCodes: [],
    });
  log.close();
  return { path, lines: readFileSync(path, "utf8").trimEnd().split("\n") };
}

describe("evidence log", () => {
  it("writes a chain that verifies, with sequence numbers and prev hashes", () => {
    const { path, lines } = logWith(4);
    assert.equal(lines.length, 4);
    assert.deepEqual(verifyEvidenceFile(path), { ok: true, records: 4, problem: null });
    assert.equal(JSON.parse(lines[0] as string).prev, "0".repeat(64));
  });
  it("names the line that was edited", () => {
    const { lines } = logWith(5);
    const edited = [...lines];
    edited[2] = (edited[2] as string).replace('"executed":true', '"executed":false');
    const report = verifyEvidenceText(`${edited.join("\n")}\n`);
    assert.equal(report.ok, false);
    assert.equal(report.problem?.line, 4, "the line after the edit no longer links to it");
    assert.equal(report.problem?.kind, "broken_link");
  });
  it("names the line after a deleted line", () => {
    const { lines } = logWith(5);
    const report = verifyEvidenceText(`${[...lines.slice(0, 2), ...lines.slice(3)].join("\n")}\n`);
    assert.equal(report.problem?.line, 3);
    assert.equal(report.problem?.kind, "broken_link");
  });
  it("names the first line out of order when lines are swapped", () => {
    const { lines } = logWith(5);
    const swapped = [lines[0], lines[2], lines[1], lines[3], lines[4]] as string[];
    const report = verifyEvidenceText(`${swapped.join("\n")}\n`);
    assert.equal(report.problem?.line, 2);
  });
  it("catches a record that breaks the schema even when the chain is recomputed", () => {
    const report = verifyEvidenceText(
      `${JSON.stringify({ schema: "stopline.evidence/1", seq: 1, time: new Date().toISOString(), runId: "r", type: "outcome", prev: "0".repeat(64) })}\n`,
    );
    assert.equal(report.problem?.kind, "bad_record");
    assert.equal(report.problem?.line, 1);
  });
  it("reports a torn last line, and the next append moves it aside and repairs the chain", () => {
    const { path, lines } = logWith(3);
    const torn = `${lines.join("\n")}\n{"schema":"stopline.evidence/1","seq":4,"ti`;
    writeFileSync(path, torn);
    const before = verifyEvidenceFile(path);
    assert.equal(before.problem?.kind, "torn_tail");
    assert.equal(before.problem?.line, 4);
    const log = new EvidenceLog(path, { runId: "after-crash" });
    log.append({
      type: "outcome",
      decisionId: "d9",
      actionId: "a",
      status: "stopped",
      executed: false,
      error: null,
      verdict: "block",
      reasonCodes: ["off_task"],
    });
    log.close();
    const after = verifyEvidenceFile(path);
    assert.deepEqual(after, { ok: true, records: 5, problem: null });
    const repaired = readFileSync(path, "utf8").trimEnd().split("\n");
    const repair = JSON.parse(repaired[3] as string);
    assert.equal(repair.type, "repair");
    assert.equal(readFileSync(repair.savedTo, "utf8"), '{"schema":"stopline.evidence/1","seq":4,"ti');
  });
  it("refuses a second writer while the first holds the log", () => {
    const { path } = logWith(1);
    const first = new EvidenceLog(path);
    try {
      assert.throws(() => new EvidenceLog(path), /already open in this process/);
    } finally {
      first.close();
    }
    writeFileSync(`${path}.lock`, "1"); // a live process (pid 1) holds it
    assert.throws(() => new EvidenceLog(path), /being written by process 1/);
    writeFileSync(`${path}.lock`, "999999999"); // a process that died: the lock is taken over
    new EvidenceLog(path).close();
  });
  it("has every record on disk when append returns", () => {
    const path = join(mkdtempSync(join(tmpdir(), "stopline-log-")), "evidence.jsonl");
    const log = new EvidenceLog(path);
    log.append({
      type: "outcome",
      decisionId: "d",
      actionId: "a",
      status: "executed",
      executed: true,
      error: null,
      verdict: "allow",
      reasonCodes: [],
    });
    assert.equal(readFileSync(path, "utf8").split("\n").length, 2);
    log.close();
  });
});
