import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { classifyField, FIELD_PATTERNS } from "../core/field-sensitivity.js";
import { REDACTION_PATTERNS, redactValue } from "../core/redaction.js";
import { buildFacts, describeAction } from "../describe/describe-action.js";
import { captureText } from "../describe/in-page/capture-text.js";
import { describeInPage } from "../describe/in-page/describe-in-page.js";
import type { DescribedAction } from "../spec/facts.js";
import type { PageText } from "../spec/page-scan.js";

/** Bump when the shape of a cached entry changes. */
const CACHE_FORMAT = 1;

/**
 * A digest of code and the patterns it reads: a pattern held in a module constant is not part of the
 * source text of the function that uses it, so it is hashed on its own (source and flags).
 */
export function codeFingerprint(
  code: readonly ((...args: never[]) => unknown)[],
  patterns: readonly RegExp[],
): string {
  return createHash("sha256")
    .update(
      [
        ...code.map((fn) => fn.toString()),
        ...patterns.map((pattern) => `${pattern.source}/${pattern.flags}`),
      ].join("\u0000"),
    )
    .digest("hex");
}

/**
 * The describe code this process runs: describe, the in-page code, the fact builder, field classification
 * and redaction, with the patterns the last two read. Cached facts made by other code are never reused.
 */
export const DESCRIBE_CODE_FINGERPRINT = codeFingerprint(
  [describeAction, describeInPage, captureText, buildFacts, classifyField, redactValue],
  [...FIELD_PATTERNS, ...REDACTION_PATTERNS],
);

/** What the cache keeps for one case: the facts (already redacted) and how long describing took. */
export interface CachedFacts {
  described: DescribedAction;
  /** The firewall's capture, when describe was asked for it. */
  pageText: PageText | null;
  /** Milliseconds the original describe took, in the run that made the entry. */
  describeMs: number;
}

interface CacheFile {
  format: number;
  fingerprint: string;
  entries: Record<string, CachedFacts>;
}

/**
 * The key of a DOM case's facts: everything that determines them (URL, HTML, action, viewport, describe
 * settings) and the describe code's fingerprint. The task and the labels are not part of it, so
 * relabelling a case never forces a new describe.
 */
export function factsCacheKey(input: {
  url: string;
  html: string;
  action: { kind: string; selector?: string | undefined; value?: string | undefined };
  settings: unknown;
}): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        DESCRIBE_CODE_FINGERPRINT,
        input.url,
        input.action.kind,
        input.action.selector ?? null,
        input.action.value ?? null,
        input.settings,
      ]),
    )
    .update("\u0000")
    .update(input.html)
    .digest("hex");
}

/**
 * A file of facts keyed by case content, so a run over unchanged cases (a training run, a second eval
 * of another backend) does not open Chromium again. The file holds only redacted facts: the values a
 * case types are in the case file, not here. State hashes in it were keyed by the process that made
 * them and bind nothing in another process.
 */
export class FactsCache {
  readonly path: string;
  private entries = new Map<string, CachedFacts>();
  private dirty = false;

  private constructor(path: string) {
    this.path = path;
  }

  /** Opens the cache at `path`; a missing, unreadable or outdated file starts empty. */
  static open(path: string): FactsCache {
    const cache = new FactsCache(path);
    if (!existsSync(path)) return cache;
    try {
      const file = JSON.parse(readFileSync(path, "utf8")) as CacheFile;
      if (file.format === CACHE_FORMAT && file.fingerprint === DESCRIBE_CODE_FINGERPRINT)
        for (const [key, entry] of Object.entries(file.entries)) cache.entries.set(key, entry);
    } catch {
      // A torn or foreign file is only a cache: start again.
    }
    return cache;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedFacts | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: CachedFacts): void {
    this.entries.set(key, entry);
    this.dirty = true;
  }

  /** Writes the file atomically (a temporary file, then a rename) when anything changed. */
  save(): void {
    if (!this.dirty) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const file: CacheFile = {
      format: CACHE_FORMAT,
      fingerprint: DESCRIBE_CODE_FINGERPRINT,
      entries: Object.fromEntries(this.entries),
    };
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(file));
    renameSync(temporary, this.path);
    this.dirty = false;
  }
}
