import { randomUUID } from "node:crypto";
import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { type ChainReport, chainLine, sha256Hex, verifyChain } from "../core/hash-chain.js";
import {
  EVIDENCE_SCHEMA,
  type EvidenceEntry,
  type EvidenceRecord,
  type EvidenceSink,
  evidenceRecordSchema,
} from "../spec/evidence.js";

export interface EvidenceLogOptions {
  /** Identifies this run in every record. Default: a random UUID. */
  runId?: string;
}

/** The error of a log that cannot be opened or written. */
export class EvidenceLogError extends Error {
  readonly code: "locked" | "corrupt" | "io";
  constructor(code: "locked" | "corrupt" | "io", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EvidenceLogError";
    this.code = code;
  }
}

/** Logs this process has open: a second writer in the same process would fork the chain. */
const OPEN_HERE = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Reads the end of a file back to the start of its last complete line (and any torn bytes after it). */
function readTail(descriptor: number, size: number): { lastLine: string | null; tornBytes: number } {
  if (size === 0) return { lastLine: null, tornBytes: 0 };
  const chunk = 64 * 1024;
  let buffer = Buffer.alloc(0);
  let position = size;
  while (position > 0) {
    const length = Math.min(chunk, position);
    position -= length;
    const piece = Buffer.alloc(length);
    readSync(descriptor, piece, 0, length, position);
    buffer = Buffer.concat([piece, buffer]);
    const lastNewline = buffer.lastIndexOf(0x0a);
    if (lastNewline === -1) continue;
    const tornBytes = buffer.length - lastNewline - 1;
    const previousNewline = buffer.lastIndexOf(0x0a, lastNewline - 1);
    if (previousNewline !== -1 || position === 0)
      return { lastLine: buffer.subarray(previousNewline + 1, lastNewline).toString("utf8"), tornBytes };
  }
  // No newline at all: the whole file is one torn line.
  return { lastLine: null, tornBytes: buffer.length };
}

/**
 * An append-only, hash-chained JSON Lines evidence log. Every append is written and fsynced before it
 * returns, so a decision record is on disk before its action is dispatched. One writer at a time: a lock
 * file beside the log holds the writer's pid. A write cut short by a killed process leaves at most one
 * torn last line; opening the log again moves those bytes to a side file, cuts them off and records the
 * repair in the chain.
 */
export class EvidenceLog implements EvidenceSink {
  readonly path: string;
  readonly runId: string;
  private descriptor: number;
  private lastLine: string | null;
  private seq: number;
  private readonly lockPath: string;
  private closed = false;

  constructor(path: string, options: EvidenceLogOptions = {}) {
    this.path = path;
    this.runId = options.runId ?? randomUUID();
    this.lockPath = `${path}.lock`;
    mkdirSync(dirname(path), { recursive: true });
    this.acquireLock();
    try {
      this.descriptor = openSync(path, "a+");
      const size = fstatSync(this.descriptor).size;
      const tail = readTail(this.descriptor, size);
      this.lastLine = tail.lastLine;
      this.seq = 0;
      if (this.lastLine !== null) {
        try {
          const record = JSON.parse(this.lastLine) as { seq?: unknown };
          if (typeof record.seq !== "number") throw new Error("no seq");
          this.seq = record.seq;
        } catch (error) {
          throw new EvidenceLogError(
            "corrupt",
            `${path}: the last complete line is not a record; run stopline log verify`,
            {
              cause: error,
            },
          );
        }
      }
      if (tail.tornBytes > 0) this.repair(size, tail.tornBytes);
    } catch (error) {
      this.releaseLock();
      throw error;
    }
  }

  private acquireLock(): void {
    if (OPEN_HERE.has(this.lockPath))
      throw new EvidenceLogError("locked", `${this.path} is already open in this process`);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(this.lockPath, String(process.pid), { flag: "wx" });
        OPEN_HERE.add(this.lockPath);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const holder = Number.parseInt(readFileSync(this.lockPath, "utf8"), 10);
        if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder))
          throw new EvidenceLogError("locked", `${this.path} is being written by process ${holder}`);
        // A lock left by a process that died: take it over.
        unlinkSync(this.lockPath);
      }
    }
    throw new EvidenceLogError("locked", `could not lock ${this.path}`);
  }

  private releaseLock(): void {
    OPEN_HERE.delete(this.lockPath);
    try {
      unlinkSync(this.lockPath);
    } catch {
      // Already gone.
    }
  }

  private repair(size: number, tornBytes: number): void {
    const torn = Buffer.alloc(tornBytes);
    readSync(this.descriptor, torn, 0, tornBytes, size - tornBytes);
    const savedTo = `${this.path}.torn-${Date.now()}`;
    writeFileSync(savedTo, torn);
    ftruncateSync(this.descriptor, size - tornBytes);
    fsyncSync(this.descriptor);
    this.append({
      type: "repair",
      tornBytes,
      tornSha256: sha256Hex(torn.toString("utf8")),
      savedTo,
    });
  }

  append(entry: EvidenceEntry): EvidenceRecord {
    if (this.closed) throw new EvidenceLogError("io", `${this.path} is closed`);
    const record = {
      schema: EVIDENCE_SCHEMA,
      seq: this.seq + 1,
      time: new Date().toISOString(),
      runId: this.runId,
      ...entry,
    };
    const line = chainLine(record, this.lastLine);
    const bytes = Buffer.from(`${line}\n`, "utf8");
    let written = 0;
    while (written < bytes.length)
      written += writeSync(this.descriptor, bytes, written, bytes.length - written);
    fsyncSync(this.descriptor);
    this.lastLine = line;
    this.seq++;
    return JSON.parse(line) as EvidenceRecord;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.descriptor);
    this.releaseLock();
  }
}

/** Checks an evidence log's schema and chain. Names the first broken line, or a torn last line. */
export function verifyEvidenceText(text: string): ChainReport {
  return verifyChain(text, (record) => {
    const parsed = evidenceRecordSchema.safeParse(record);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    return `${issue?.path.join(".") || "(record)"}: ${issue?.message ?? "invalid"}`;
  });
}

export function verifyEvidenceFile(path: string): ChainReport {
  return verifyEvidenceText(readFileSync(path, "utf8"));
}
