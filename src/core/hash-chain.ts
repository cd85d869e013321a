import { createHash } from "node:crypto";

/** The `prev` of the first record of a log. */
export const GENESIS = "0".repeat(64);

/** The SHA-256 of a text (as UTF-8) or of bytes, in hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return typeof data === "string"
    ? createHash("sha256").update(data, "utf8").digest("hex")
    : createHash("sha256").update(data).digest("hex");
}

/** Serialises a record as one log line whose `prev` is the SHA-256 of the previous line. */
export function chainLine(record: Record<string, unknown>, previousLine: string | null): string {
  return JSON.stringify({ ...record, prev: previousLine === null ? GENESIS : sha256Hex(previousLine) });
}

export type ChainProblem =
  | { line: number; kind: "not_json"; detail: string }
  | { line: number; kind: "broken_link"; detail: string }
  | { line: number; kind: "bad_sequence"; detail: string }
  | { line: number; kind: "bad_record"; detail: string }
  | { line: number; kind: "torn_tail"; detail: string };

export interface ChainReport {
  ok: boolean;
  records: number;
  /** The first problem, by line number (1-based), or null when the chain verifies. */
  problem: ChainProblem | null;
}

/**
 * Verifies a log's text: every line parses, links to the previous line's hash and carries the next
 * sequence number, and `validate` accepts it. A last line without a newline is a torn tail (a write cut
 * short), reported as such.
 */
export function verifyChain(
  text: string,
  validate: (record: unknown) => string | null = () => null,
): ChainReport {
  if (text === "") return { ok: true, records: 0, problem: null };
  const endsClean = text.endsWith("\n");
  const lines = text.split("\n");
  if (endsClean) lines.pop();
  let previous: string | null = null;
  let records = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const number = index + 1;
    if (!endsClean && index === lines.length - 1)
      return {
        ok: false,
        records,
        problem: { line: number, kind: "torn_tail", detail: "the last line is incomplete" },
      };
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch (error) {
      return {
        ok: false,
        records,
        problem: { line: number, kind: "not_json", detail: (error as Error).message },
      };
    }
    const expected = previous === null ? GENESIS : sha256Hex(previous);
    if (record["prev"] !== expected)
      return {
        ok: false,
        records,
        problem: {
          line: number,
          kind: "broken_link",
          detail: "prev does not match the hash of the line before (a line was edited, removed or moved)",
        },
      };
    if (record["seq"] !== records + 1)
      return {
        ok: false,
        records,
        problem: {
          line: number,
          kind: "bad_sequence",
          detail: `seq is ${String(record["seq"])}, expected ${records + 1}`,
        },
      };
    const invalid = validate(record);
    if (invalid)
      return { ok: false, records, problem: { line: number, kind: "bad_record", detail: invalid } };
    previous = line;
    records++;
  }
  return { ok: true, records, problem: null };
}
