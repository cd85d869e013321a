/**
 * `npm run bench`: every benchmark, one after another, each in its own process so one's browser or
 * server does not load the next one's measurements. Each prints its own markdown table (median and p95)
 * and writes its JSON under results/bench/.
 *   npm run bench                  all of them
 *   npm run bench -- gate model    only those named
 * gate: describe by page size, the guarded click ÷ a raw click, policy and log-append time.
 * firewall: capture plus detection by page size, the safe view, the static mode.
 * model: the embedded model's latency per decision, decisions per second, load time, memory.
 * serve: stopline serve on loopback at rising concurrency, against the in-process call.
 * floor: what the browser's own primitives cost on the 100 KB and 1 MB pages, next to describe.
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";

const BENCHES: Record<string, string> = {
  gate: "bench/gate-bench.ts",
  firewall: "bench/firewall-bench.ts",
  model: "bench/model-bench.ts",
  serve: "bench/serve-bench.ts",
  floor: "bench/floor-bench.ts",
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(", ")}; known: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(BENCHES);
let failed = 0;
for (const name of names) {
  console.log(
    `\n## ${name} (load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")})\n`,
  );
  const result = spawnSync(process.execPath, ["--import", "tsx", BENCHES[name] as string], {
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(`bench ${name} failed (exit ${result.status ?? result.signal})`);
    failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
