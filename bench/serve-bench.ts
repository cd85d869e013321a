/**
 * The benchmark of `stopline serve`: the default backend behind the System One endpoint on loopback,
 * driven by a load generator in a separate process (`bench/serve-load.ts`) at rising concurrency. Reports
 * the median and p95 latency per request and the requests per second sustained at each level, and the
 * HTTP round trip as a ratio of the same call made in process (`askModel` on the backend directly),
 * measured in the same run before and after the load. Writes results/bench/serve-bench.json and prints a
 * markdown table.
 *   npx tsx bench/serve-bench.ts [--levels 1,2,4,8,16,32,64] [--duration-ms 3000] [--runs 3000]
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createDefaultBackend } from "../src/backends/default-backend.js";
import { askModel } from "../src/core/model-call.js";
import { startSystemOneServer } from "../src/server/system-one-server.js";
import { GATE_QUESTIONS } from "../src/spec/questions.js";
import { buyNow } from "../test/support/contract-states.js";
import { summarise } from "./statistics.js";

const { values } = parseArgs({
  options: {
    levels: { type: "string", default: "1,2,4,8,16,32,64" },
    "duration-ms": { type: "string", default: "3000" },
    runs: { type: "string", default: "3000" },
  },
});

const backend = await createDefaultBackend();

/** The same call the gate makes, in process: askModel over the backend, answer validated at the edge. */
async function inProcess(runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    const outcome = await askModel(backend, buyNow, GATE_QUESTIONS, 60_000);
    samples.push(performance.now() - started);
    if (!outcome.ok) throw new Error(`in-process call failed: ${outcome.detail.join("; ")}`);
  }
  return samples;
}

interface LevelResult {
  concurrency: number;
  requests: number;
  errors: number;
  rps: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
}

async function runLoad(url: string, token: string): Promise<LevelResult[]> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/serve-load.ts",
      "--url",
      url,
      "--levels",
      values.levels,
      "--duration-ms",
      values["duration-ms"],
    ],
    { env: { ...process.env, STOPLINE_SYSTEM_ONE_API_KEY: token }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    process.stderr.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as LevelResult);
}

const runs = Number(values.runs);
await inProcess(Math.min(500, runs)); // warm up
const before = await inProcess(runs);
const token = "bench-token";
const served = await startSystemOneServer({ port: 0, backend, token, maxConcurrent: 4_096, log: () => {} });
let levels: LevelResult[];
try {
  levels = await runLoad(served.url, token);
} finally {
  await served.close();
}
const afterLoad = await inProcess(runs);
const baseline = summarise([...before, ...afterLoad]);

const rows = levels.map((level) => ({
  ...level,
  medianRatio: level.medianMs / baseline.median,
  p95Ratio: level.p95Ms / baseline.p95,
}));
const report = {
  time: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: loadavg(),
  backend: backend.id,
  durationMsPerLevel: Number(values["duration-ms"]),
  inProcess: baseline,
  levels: rows,
};
mkdirSync("results/bench", { recursive: true });
writeFileSync("results/bench/serve-bench.json", `${JSON.stringify(report, null, 2)}\n`);

const ms = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(2));
console.log(
  `\nstopline serve on loopback, backend ${backend.id}, ${cpus().length} CPUs, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}`,
);
console.log(
  `in process (askModel on the backend): median ${ms(baseline.median)} ms, p95 ${ms(baseline.p95)} ms over ${baseline.runs} calls\n`,
);
console.log("| concurrency | requests/s | median ms | p95 ms | median ÷ in process | errors |");
console.log("|---:|---:|---:|---:|---:|---:|");
for (const row of rows)
  console.log(
    `| ${row.concurrency} | ${row.rps.toFixed(0)} | ${ms(row.medianMs)} | ${ms(row.p95Ms)} | ${row.medianRatio.toFixed(0)}× | ${row.errors} |`,
  );
console.log("\nwrote results/bench/serve-bench.json");
