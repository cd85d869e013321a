import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { z } from "zod";
import { describedCaseSchema, domCaseSchema, type EvalCase } from "../spec/eval-case.js";

/** One problem with one line of a case file. */
export interface CaseProblem {
  file: string;
  line: number;
  field: string;
  reason: string;
}

/** A case together with where it came from and, for DOM cases, its HTML. */
export interface LoadedCase {
  case: EvalCase;
  file: string;
  line: number;
  /** The page HTML for DOM cases (inline or read from `htmlFile`); null for described cases. */
  html: string | null;
}

export interface LoadResult {
  cases: LoadedCase[];
  problems: CaseProblem[];
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "(line)" : path.map(String).join(".");
}

function issuesOf(error: z.ZodError): { field: string; reason: string }[] {
  return error.issues.map((issue) => ({ field: formatPath(issue.path), reason: issue.message }));
}

/** Expands files and folders into the `.jsonl` files they hold, sorted so runs are repeatable. */
export function caseFiles(paths: string[]): string[] {
  const files: string[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    if (statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute, { recursive: true }) as string[]) {
        if (entry.endsWith(".jsonl")) files.push(join(absolute, entry));
      }
    } else {
      files.push(absolute);
    }
  }
  return [...new Set(files)].sort();
}

/**
 * Reads and validates every line of every case file. A bad line is reported with file, line, field and
 * reason and left out; it never aborts the load and never counts as a pass. Duplicate ids are problems.
 */
export function loadCases(paths: string[]): LoadResult {
  const cases: LoadedCase[] = [];
  const problems: CaseProblem[] = [];
  const seen = new Map<string, string>();
  let files: string[];
  try {
    files = caseFiles(paths);
  } catch (error) {
    return { cases, problems: [{ file: paths.join(", "), line: 0, field: "(file)", reason: String(error) }] };
  }
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      problems.push({ file, line: 0, field: "(file)", reason: `cannot read: ${(error as Error).message}` });
      continue;
    }
    const lines = text.split("\n");
    lines.forEach((raw, index) => {
      const line = index + 1;
      if (raw.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        problems.push({ file, line, field: "(line)", reason: `not JSON: ${(error as Error).message}` });
        return;
      }
      const isDescribed =
        typeof value === "object" &&
        value !== null &&
        typeof (value as { page?: unknown }).page === "object" &&
        (value as { page: object | null }).page !== null &&
        "text" in (value as { page: object }).page;
      const parsed = isDescribed ? describedCaseSchema.safeParse(value) : domCaseSchema.safeParse(value);
      if (!parsed.success) {
        for (const issue of issuesOf(parsed.error)) problems.push({ file, line, ...issue });
        return;
      }
      const evalCase = parsed.data as EvalCase;
      const earlier = seen.get(evalCase.id);
      if (earlier) {
        problems.push({
          file,
          line,
          field: "id",
          reason: `duplicate id ${evalCase.id} (first at ${earlier})`,
        });
        return;
      }
      seen.set(evalCase.id, `${file}:${line}`);
      let html: string | null = null;
      if ("html" in evalCase.page && evalCase.page.html !== undefined) html = evalCase.page.html;
      else if ("htmlFile" in evalCase.page && evalCase.page.htmlFile !== undefined) {
        const htmlPath = resolve(dirname(file), evalCase.page.htmlFile);
        try {
          html = readFileSync(htmlPath, "utf8");
        } catch (error) {
          problems.push({
            file,
            line,
            field: "page.htmlFile",
            reason: `cannot read ${htmlPath}: ${(error as Error).message}`,
          });
          return;
        }
      }
      cases.push({ case: evalCase, file, line, html });
    });
  }
  return { cases, problems };
}

export function formatProblem(problem: CaseProblem): string {
  return `${problem.file}:${problem.line}: ${problem.field}: ${problem.reason}`;
}
