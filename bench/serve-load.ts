/**
 * The load generator for `bench/serve-bench.ts`, run in its own process so that client and server do not
 * share an event loop. For each concurrency level it keeps that many requests in flight against a
 * System One endpoint for a fixed time, through the gate's own HTTP backend and `askModel` (what the gate
 * itself would see), and prints one JSON line per level: requests, errors, requests per second, and the
 * median, p95 and p99 latency in milliseconds.
 *   tsx bench/serve-load.ts --url http://127.0.0.1:8787 [--levels 1,2,4] [--duration-ms 3000] [--warmup-ms 500]
 * The bearer token, if any, comes from STOPLINE_SYSTEM_ONE_API_KEY.
 */
import { parseArgs } from "node:util";
import { createSystemOneBackend } from "../src/backends/system-one-backend.js";
import { askModel } from "../src/core/model-call.js";
import { GATE_QUESTIONS } from "../src/spec/questions.js";
import { buyNow } from "../test/support/contract-states.js";
import { summarise } from "./statistics.js";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    levels: { type: "string", default: "1,2,4,8,16,32,64" },
    "duration-ms": { type: "string", default: "3000" },
    "warmup-ms": { type: "string", default: "500" },
  },
});
if (!values.url) throw new Error("--url is required");
const levels = values.levels.split(",").map(Number);
const durationMs = Number(values["duration-ms"]);
const warmupMs = Number(values["warmup-ms"]);

const backend = createSystemOneBackend({
  baseUrl: values.url,
  environment: process.env,
  // Latency is measured here, not enforced: no request should give up during the benchmark.
  http: { deadlineMs: 60_000, attemptTimeoutMs: 60_000, maxRetries: 0 },
});

async function level(concurrency: number): Promise<void> {
  const latencies: number[] = [];
  let errors = 0;
  const warmEnd = performance.now() + warmupMs;
  const end = warmEnd + durationMs;
  let measuredRequests = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const outcome = await askModel(backend, buyNow, GATE_QUESTIONS, 60_000);
      const finished = performance.now();
      if (started < warmEnd) continue;
      if (finished > end) break;
      measuredRequests++;
      if (outcome.ok) latencies.push(finished - started);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const summary = summarise(latencies);
  console.log(
    JSON.stringify({
      concurrency,
      requests: measuredRequests,
      errors,
      rps: measuredRequests / (durationMs / 1000),
      medianMs: summary.median,
      p95Ms: summary.p95,
      p99Ms: summary.p99,
    }),
  );
}

for (const concurrency of levels) await level(concurrency);
