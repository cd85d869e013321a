import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { backendNames, createBackend } from "../backends/backend-registry.js";
import { formatProblem } from "../eval/case-loader.js";
import type { EvalReport } from "../eval/eval-report.js";
import { type EvalStage, runEval } from "../eval/eval-run.js";
import { headlineTable } from "../eval/headline-table.js";
import { renderHtmlReport } from "../eval/html-report.js";
import type { Backend } from "../spec/backend.js";

const HELP = `usage: stopline eval --cases <file or folder>... [--backend <name>] [options]

Runs labelled cases through the gate: every DOM case is loaded into Chromium at its URL and described by
the product's own code, every case is decided by the hard rules, the backend and the policy, and the
verdicts are scored against the verdict the labels expect.

  --cases <path>...      case files (.jsonl) or folders of them; more paths may follow
  --backend <name>       the backend under test (default local, the embedded model):
                         ${backendNames().join(", ")}
  --split <split>        only cases of this split: train, dev or test (default: all)
  --json <file>          write the report as JSON
  --html <file>          write the report as one self-contained HTML file
  --repeat <n>           run the backend stage n times over the same facts (default 1)
  --compare <name>       run a second backend over the same cases and report both side by side
  --fail-on-unsafe       exit 1 when any case is allowed where ask or block was expected
  --concurrency <n>      pages described at once, and cases decided at once (default: the number of
                         cores, at least 2)
  --facts-cache <file>   reuse and update a cache of facts keyed by case content

Exit 0: the eval ran and every case was evaluated. Exit 1: invalid case lines (printed as
file:line: field: reason), cases without facts (a page or selector failed), no cases at all, or an
unsafe allow with --fail-on-unsafe. Exit 2: usage error or unknown backend.`;

/** What the command needs from outside; tests pass their own backends and streams. */
export interface EvalCommandDependencies {
  createBackend?: (name: string) => Promise<Backend>;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

class UsageError extends Error {}

interface ParsedOptions {
  cases: string[];
  backend: string;
  compare: string | null;
  split: "train" | "dev" | "test" | undefined;
  json: string | null;
  html: string | null;
  repeat: number;
  concurrency: number | undefined;
  failOnUnsafe: boolean;
  factsCache: string | null;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`--${name} needs a positive integer`);
  return number;
}

function parse(argv: string[]): ParsedOptions | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      cases: { type: "string", multiple: true },
      backend: { type: "string" },
      split: { type: "string" },
      json: { type: "string" },
      html: { type: "string" },
      repeat: { type: "string" },
      compare: { type: "string" },
      "fail-on-unsafe": { type: "boolean" },
      concurrency: { type: "string" },
      "facts-cache": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  // `--cases a b c`: the paths after the first are positionals.
  const cases = [...(values.cases ?? []), ...positionals];
  if (cases.length === 0) throw new UsageError("--cases needs at least one case file or folder");
  const split = values.split;
  if (split !== undefined && split !== "train" && split !== "dev" && split !== "test")
    throw new UsageError("--split is train, dev or test");
  return {
    cases,
    backend: values.backend ?? "local",
    compare: values.compare ?? null,
    split,
    json: values.json ?? null,
    html: values.html ?? null,
    repeat: positiveInteger("repeat", values.repeat, 1),
    concurrency:
      values.concurrency === undefined ? undefined : positiveInteger("concurrency", values.concurrency, 1),
    failOnUnsafe: values["fail-on-unsafe"] ?? false,
    factsCache: values["facts-cache"] ?? null,
  };
}

/** A progress bar redrawn in place on a terminal; a plain line every tenth of the way elsewhere. */
function progressReporter(stream: NonNullable<EvalCommandDependencies["stderr"]>) {
  const tty = Boolean(stream.isTTY);
  let current = "";
  let lastStep = -1;
  let started = performance.now();
  return {
    update(stage: EvalStage, done: number, total: number, label: string) {
      const name = stage === "facts" ? "facts" : `decide ${label}`;
      if (name !== current) {
        if (tty && current !== "") stream.write("\n");
        current = name;
        lastStep = -1;
        started = performance.now();
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (tty) {
        const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 50));
        const filled = total === 0 ? width : Math.round((done / total) * width);
        stream.write(
          `\r${name.padEnd(20)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${seconds}s`,
        );
        if (done === total) stream.write("\n");
        if (done === total) current = "";
      } else {
        const step = total === 0 ? 10 : Math.floor((done / total) * 10);
        if (step !== lastStep || done === total) {
          lastStep = step;
          stream.write(`${name}: ${done}/${total} (${seconds} s)\n`);
        }
      }
    },
  };
}

function summary(report: EvalReport): string {
  const facts = report.facts;
  const lines = [
    `cases: ${report.corpus.cases} (${report.corpus.domCases} DOM, ${report.corpus.describedCases} described)${report.run.split ? `, split ${report.run.split}` : ""}; suites: ${Object.entries(
      report.corpus.bySuite,
    )
      .map(([suite, count]) => `${suite} ${count}`)
      .join(", ")}`,
    `facts: ${facts.described} DOM cases described in Chromium on ${facts.pages} pages in ${(facts.elapsedMs / 1000).toFixed(1)} s (${facts.concurrency} at a time), ${facts.fromCache} from cache, ${facts.fromCase} described cases, ${facts.errors} errors`,
    "",
    headlineTable(report),
    "",
  ];
  for (const run of report.runs) {
    const unsafe = run.metrics.verdict.unsafeAllows;
    lines.push(
      `${run.backend}: ${unsafe.length} unsafe allows${unsafe.length > 0 ? `: ${unsafe.map((entry) => `${entry.id} (expected ${entry.expected})`).join(", ")}` : ""}`,
    );
  }
  for (const failure of facts.failed)
    lines.push(`no facts: ${failure.id}: ${failure.code}: ${failure.message}`);
  return lines.join("\n");
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

export async function run(argv: string[], dependencies: EvalCommandDependencies = {}): Promise<number> {
  const stdout = dependencies.stdout ?? process.stdout;
  const stderr = dependencies.stderr ?? process.stderr;
  const build = dependencies.createBackend ?? ((name: string) => createBackend(name));
  let options: ParsedOptions | "help";
  try {
    options = parse(argv);
  } catch (error) {
    stderr.write(`stopline eval: ${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (options === "help") {
    stdout.write(`${HELP}\n`);
    return 0;
  }

  const backends: Backend[] = [];
  try {
    for (const name of [options.backend, ...(options.compare ? [options.compare] : [])])
      backends.push(await build(name));
  } catch (error) {
    stderr.write(`stopline eval: ${(error as Error).message}\n`);
    await Promise.all(backends.map((backend) => backend.close?.()));
    return 2;
  }

  const progress = progressReporter(stderr);
  let report: EvalReport;
  try {
    const result = await runEval({
      casePaths: options.cases,
      backends,
      ...(options.split ? { split: options.split } : {}),
      repeat: options.repeat,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.factsCache ? { factsCacheFile: options.factsCache } : {}),
      onProgress: (stage, done, total, label) => progress.update(stage, done, total, label),
    });
    report = result.report;
  } finally {
    await Promise.all(backends.map((backend) => backend.close?.()));
  }

  for (const problem of report.corpus.invalidLines) stderr.write(`${formatProblem(problem)}\n`);
  stdout.write(`${summary(report)}\n`);
  if (options.json) {
    write(options.json, `${JSON.stringify(report, null, 1)}\n`);
    stdout.write(`report: ${options.json}\n`);
  }
  if (options.html) {
    write(options.html, renderHtmlReport(report));
    stdout.write(`html report: ${options.html}\n`);
  }

  let code = 0;
  const invalidLines = new Set(
    report.corpus.invalidLines.map((problem) => `${problem.file}:${problem.line}`),
  );
  if (invalidLines.size > 0) {
    stderr.write(`stopline eval: ${invalidLines.size} invalid case lines were not evaluated\n`);
    code = 1;
  }
  if (report.corpus.cases === 0) {
    stderr.write("stopline eval: no cases to evaluate\n");
    code = 1;
  }
  if (report.facts.errors > 0) {
    stderr.write(`stopline eval: ${report.facts.errors} cases have no facts and count as failures\n`);
    code = 1;
  }
  const unsafe = report.runs.reduce((sum, entry) => sum + entry.metrics.verdict.unsafeAllows.length, 0);
  if (options.failOnUnsafe && unsafe > 0) {
    stderr.write(`stopline eval: ${unsafe} unsafe allows (--fail-on-unsafe)\n`);
    code = 1;
  }
  return code;
}
