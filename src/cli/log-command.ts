import { existsSync } from "node:fs";
import { verifyEvidenceFile } from "../evidence/evidence-log.js";

const HELP = `usage: stopline log verify FILE

Checks every record of an evidence log against the schema and the hash chain.
Exit 0: the log verifies. Exit 1: a line is broken (named, with the reason), or the last
line is torn (a write cut short; the next append repairs it). Exit 2: usage error.`;

export async function run(argv: string[]): Promise<number> {
  const [verb, file, ...extra] = argv;
  if (verb === "--help" || verb === "-h") {
    console.log(HELP);
    return 0;
  }
  if (verb !== "verify" || !file || extra.length > 0) {
    console.error(HELP);
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`stopline log verify: ${file} does not exist`);
    return 2;
  }
  const report = verifyEvidenceFile(file);
  if (report.ok) {
    console.log(`${file}: OK, ${report.records} records, chain verified`);
    return 0;
  }
  const problem = report.problem;
  console.log(
    `${file}: line ${problem?.line}: ${problem?.kind === "torn_tail" ? "torn last line" : (problem?.kind ?? "").replace(/_/g, " ")}: ${problem?.detail} (${report.records} records verified before it)`,
  );
  return 1;
}
