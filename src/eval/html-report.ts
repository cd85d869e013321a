import { EFFECTS } from "../spec/questions.js";
import type { ReliabilityBin } from "./calibration.js";
import type { BackendRun, EvalReport } from "./eval-report.js";
import type { LatencySummary } from "./latency-summary.js";
import type { BreakdownMetrics, Rate, VerdictCaseEntry, VerdictMetrics } from "./run-metrics.js";

/**
 * The eval report as one self-contained HTML file: no external scripts, styles, fonts or images. The
 * static parts (headline numbers, matrices, diagrams, latency, breakdowns) are rendered here; the
 * per-case table is drawn in the page from the report's cases, embedded as JSON, so it can be filtered.
 *
 * Every number shown carries `data-metric` (its path in the report JSON) and `data-format`, so a test
 * can check that what a person reads is what the report says. Formats:
 * - `percent`: a fraction as a percentage with one decimal ("42.7%"), or "—" when null;
 * - `count`: an integer;
 * - `ms`: milliseconds, 3 decimals below 1 ms, 1 below 100 ms, none above ("0.042 ms", "12.5 ms", "219 ms");
 * - `score`: a number with three decimals ("0.253").
 */

export type MetricFormat = "percent" | "count" | "ms" | "score";

/** How a number of the report is written in the HTML, by format (see the module comment). */
export function formatMetric(value: number | null | undefined, format: MetricFormat): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  switch (format) {
    case "percent":
      return `${(value * 100).toFixed(1)}%`;
    case "count":
      return String(Math.round(value));
    case "ms":
      return `${value.toFixed(value < 1 ? 3 : value < 100 ? 1 : 0)} ms`;
    case "score":
      return value.toFixed(3);
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function metric(path: string, value: number | null | undefined, format: MetricFormat): string {
  return `<span class="num" data-metric="${escapeHtml(path)}" data-format="${format}">${formatMetric(value, format)}</span>`;
}

/** A rate as "42.7% (185/433)", each number with its own path. */
function rateCell(path: string, value: Rate): string {
  return `${metric(`${path}.rate`, value.rate, "percent")} <small>(${metric(`${path}.count`, value.count, "count")}/${metric(`${path}.total`, value.total, "count")})</small>`;
}

const VERDICT_CLASS: Record<string, string> = { allow: "allow", ask: "ask", block: "block", error: "error" };

function badge(verdict: string): string {
  return `<span class="badge ${VERDICT_CLASS[verdict] ?? ""}">${escapeHtml(verdict)}</span>`;
}

function card(label: string, body: string, tone = ""): string {
  return `<div class="card ${tone}"><div class="card-label">${escapeHtml(label)}</div><div class="card-value">${body}</div></div>`;
}

function headlineCards(run: BackendRun, index: number): string {
  const base = `runs.${index}`;
  const metrics = run.metrics;
  const unsafe = metrics.verdict.unsafeAllows.length;
  return `<div class="cards">
${card("Verdict agreement", rateCell(`${base}.metrics.verdict.agreement`, metrics.verdict.agreement), "primary")}
${card("Unsafe allows", metric(`${base}.metrics.verdict.unsafeAllows.length`, unsafe, "count"), unsafe > 0 ? "bad" : "good")}
${card("Stricter than expected", metric(`${base}.metrics.verdict.stricter.length`, metrics.verdict.stricter.length, "count"))}
${card("Looser than expected", metric(`${base}.metrics.verdict.looser.length`, metrics.verdict.looser.length, "count"))}
${card("Ask rate", rateCell(`${base}.metrics.verdict.askRate`, metrics.verdict.askRate))}
${card("Effect accuracy", rateCell(`${base}.metrics.effect.accuracy`, metrics.effect.accuracy))}
${card("servesTask accuracy", rateCell(`${base}.metrics.servesTask.accuracy`, metrics.servesTask.accuracy))}
${card("Injection recall", rateCell(`${base}.metrics.pageInstructsAgent.recall`, metrics.pageInstructsAgent.recall))}
${card("Injection precision", rateCell(`${base}.metrics.pageInstructsAgent.precision`, metrics.pageInstructsAgent.precision))}
${card("Injection false-positive rate", rateCell(`${base}.metrics.pageInstructsAgent.falsePositiveRate`, metrics.pageInstructsAgent.falsePositiveRate))}
${card("Hard rules alone: agreement", rateCell(`${base}.metrics.hardRulesAlone.agreement`, metrics.hardRulesAlone.agreement))}
${card("Hard rules alone: unsafe allows", metric(`${base}.metrics.hardRulesAlone.unsafeAllows.length`, metrics.hardRulesAlone.unsafeAllows.length, "count"))}
${card(`${run.latency.histogram.of === "decision" ? "Decision" : "Gate"} latency p50 / p95`, `${metric(`${base}.latency.${run.latency.histogram.of}.p50`, run.latency[run.latency.histogram.of].p50, "ms")} / ${metric(`${base}.latency.${run.latency.histogram.of}.p95`, run.latency[run.latency.histogram.of].p95, "ms")}`)}
${card("Errors (no facts)", metric(`${base}.metrics.errors`, metrics.errors, "count"), metrics.errors > 0 ? "bad" : "")}
</div>`;
}

function headlineTable(report: EvalReport): string {
  const columns = report.runs.map((run, index) => ({ title: run.backend, base: `runs.${index}.metrics` }));
  const rows: [string, (base: string, run: BackendRun) => string][] = [
    [
      "Verdict agreement",
      (base, run) => rateCell(`${base}.verdict.agreement`, run.metrics.verdict.agreement),
    ],
    [
      "Unsafe allows",
      (base, run) =>
        metric(`${base}.verdict.unsafeAllows.length`, run.metrics.verdict.unsafeAllows.length, "count"),
    ],
    [
      "Stricter / looser",
      (base, run) =>
        `${metric(`${base}.verdict.stricter.length`, run.metrics.verdict.stricter.length, "count")} / ${metric(`${base}.verdict.looser.length`, run.metrics.verdict.looser.length, "count")}`,
    ],
    ["Ask rate", (base, run) => rateCell(`${base}.verdict.askRate`, run.metrics.verdict.askRate)],
    ["Effect accuracy", (base, run) => rateCell(`${base}.effect.accuracy`, run.metrics.effect.accuracy)],
    [
      "servesTask accuracy",
      (base, run) => rateCell(`${base}.servesTask.accuracy`, run.metrics.servesTask.accuracy),
    ],
    [
      "pageInstructsAgent precision",
      (base, run) =>
        rateCell(`${base}.pageInstructsAgent.precision`, run.metrics.pageInstructsAgent.precision),
    ],
    [
      "pageInstructsAgent recall",
      (base, run) => rateCell(`${base}.pageInstructsAgent.recall`, run.metrics.pageInstructsAgent.recall),
    ],
    [
      "pageInstructsAgent false-positive rate",
      (base, run) =>
        rateCell(
          `${base}.pageInstructsAgent.falsePositiveRate`,
          run.metrics.pageInstructsAgent.falsePositiveRate,
        ),
    ],
    [
      "Hard rules alone: agreement",
      (base, run) => rateCell(`${base}.hardRulesAlone.agreement`, run.metrics.hardRulesAlone.agreement),
    ],
    [
      "Hard rules alone: unsafe allows",
      (base, run) =>
        metric(
          `${base}.hardRulesAlone.unsafeAllows.length`,
          run.metrics.hardRulesAlone.unsafeAllows.length,
          "count",
        ),
    ],
  ];
  return `<table class="grid headline"><thead><tr><th></th>${columns.map((column) => `<th>${escapeHtml(column.title)}</th>`).join("")}</tr></thead><tbody>
${rows
  .map(
    ([label, cell]) =>
      `<tr><th>${escapeHtml(label)}</th>${report.runs.map((run, index) => `<td>${cell(columns[index]!.base, run)}</td>`).join("")}</tr>`,
  )
  .join("\n")}
</tbody></table>`;
}

function heat(value: number, total: number, tone: string): string {
  const alpha = total === 0 ? 0 : Math.min(1, value / total);
  return `style="background:rgba(${tone},${(0.08 + alpha * 0.62).toFixed(2)})"`;
}

function verdictMatrix(title: string, path: string, metrics: VerdictMetrics): string {
  const { expected, actual, matrix } = metrics.confusion;
  return `<figure class="matrix"><figcaption>${escapeHtml(title)}</figcaption><table class="grid">
<thead><tr><th>expected ↓ / actual →</th>${actual.map((name) => `<th>${badge(name)}</th>`).join("")}</tr></thead>
<tbody>${expected
    .map((row, rowIndex) => {
      const cells = matrix[rowIndex] ?? [];
      const total = cells.reduce((sum, value) => sum + value, 0);
      return `<tr><th>${badge(row)}</th>${cells
        .map((value, columnIndex) => {
          const column = actual[columnIndex]!;
          const rank = { allow: 0, ask: 1, block: 2 } as Record<string, number>;
          const tone =
            column === "error"
              ? "120,120,120"
              : column === row
                ? "46,160,67"
                : (rank[column] ?? 0) < (rank[row] ?? 0)
                  ? column === "allow"
                    ? "214,39,40"
                    : "255,140,0"
                  : "31,119,180";
          return `<td ${heat(value, total, tone)}>${metric(`${path}.confusion.matrix.${rowIndex}.${columnIndex}`, value, "count")}</td>`;
        })
        .join("")}</tr>`;
    })
    .join("")}</tbody></table></figure>`;
}

function effectMatrix(run: BackendRun, index: number): string {
  const { classes, matrix, unanswered } = run.metrics.effect.confusion;
  const path = `runs.${index}.metrics.effect.confusion`;
  const short = (name: string) => name.replace(/_/g, " ");
  return `<figure class="matrix"><figcaption>Effect: label ↓ / answer → (${escapeHtml(run.backend)})</figcaption><table class="grid">
<thead><tr><th></th>${classes.map((name) => `<th>${escapeHtml(short(name))}</th>`).join("")}<th>no answer</th></tr></thead>
<tbody>${classes
    .map((name, row) => {
      const cells = matrix[row] ?? [];
      const total = cells.reduce((sum, value) => sum + value, 0) + (unanswered[row] ?? 0);
      return `<tr><th>${escapeHtml(short(name))}</th>${cells
        .map(
          (value, column) =>
            `<td ${heat(value, total, column === row ? "46,160,67" : "214,39,40")}>${metric(`${path}.matrix.${row}.${column}`, value, "count")}</td>`,
        )
        .join(
          "",
        )}<td ${heat(unanswered[row] ?? 0, total, "120,120,120")}>${metric(`${path}.unanswered.${row}`, unanswered[row] ?? 0, "count")}</td></tr>`;
    })
    .join("")}</tbody></table></figure>`;
}

function questionTable(run: BackendRun, index: number): string {
  const base = `runs.${index}.metrics`;
  const { effect, servesTask, pageInstructsAgent } = run.metrics;
  const row = (
    name: string,
    key: string,
    accuracy: Rate,
    brier: number | null,
    ece: number | null,
    extra: string,
  ) =>
    `<tr><th>${escapeHtml(name)}</th><td>${rateCell(`${base}.${key}.accuracy`, accuracy)}</td><td>${metric(`${base}.${key}.brier`, brier, "score")}</td><td>${metric(`${base}.${key}.ece`, ece, "score")}</td>${extra}</tr>`;
  const yesNo = (key: "servesTask" | "pageInstructsAgent") => {
    const value = run.metrics[key];
    return `<td>${rateCell(`${base}.${key}.precision`, value.precision)}</td><td>${rateCell(`${base}.${key}.recall`, value.recall)}</td><td>${rateCell(`${base}.${key}.falsePositiveRate`, value.falsePositiveRate)}</td>`;
  };
  return `<table class="grid"><thead><tr><th>${escapeHtml(run.backend)}</th><th>accuracy</th><th>Brier</th><th>ECE</th><th>precision</th><th>recall</th><th>false-positive rate</th></tr></thead><tbody>
${row("effect", "effect", effect.accuracy, effect.brier, effect.ece, "<td>—</td><td>—</td><td>—</td>")}
${row("servesTask", "servesTask", servesTask.accuracy, servesTask.brier, servesTask.ece, yesNo("servesTask"))}
${row("pageInstructsAgent", "pageInstructsAgent", pageInstructsAgent.accuracy, pageInstructsAgent.brier, pageInstructsAgent.ece, yesNo("pageInstructsAgent"))}
</tbody></table>`;
}

function reliabilityDiagram(
  title: string,
  path: string,
  bins: readonly ReliabilityBin[],
  ece: number | null,
): string {
  const size = 200;
  const pad = 28;
  const x = (value: number) => pad + value * size;
  const y = (value: number) => pad / 2 + (1 - value) * size;
  const total = bins.reduce((sum, bin) => sum + bin.count, 0);
  const bars = bins
    .map((bin) => {
      if (bin.count === 0 || bin.observed === null) return "";
      const height = bin.observed * size;
      const share = bin.count / Math.max(1, total);
      return `<rect x="${x(bin.lower) + 1}" y="${y(bin.observed)}" width="${size / bins.length - 2}" height="${height}" fill="rgba(31,119,180,${(0.25 + share * 0.75).toFixed(2)})"><title>${bin.lower.toFixed(1)}–${bin.upper.toFixed(1)}: ${bin.count} predictions, mean predicted ${(bin.meanPredicted ?? 0).toFixed(2)}, observed ${(bin.observed * 100).toFixed(0)}%</title></rect>${
        bin.meanPredicted === null
          ? ""
          : `<circle cx="${x(bin.meanPredicted)}" cy="${y(bin.observed)}" r="2.5" fill="#d62728"/>`
      }<text x="${x((bin.lower + bin.upper) / 2)}" y="${y(0) + 11}" class="tick">${bin.count}</text>`;
    })
    .join("");
  const ticks = [0, 0.5, 1]
    .map(
      (value) =>
        `<text x="${x(value)}" y="${y(0) + 22}" class="tick">${value}</text><text x="${pad - 4}" y="${y(value) + 3}" class="tick end">${value}</text>`,
    )
    .join("");
  return `<figure class="diagram"><figcaption>${escapeHtml(title)} · ECE ${metric(`${path}.ece`, ece, "score")}</figcaption>
<svg viewBox="0 0 ${size + pad + 8} ${size + pad + 12}" width="${size + pad + 8}" height="${size + pad + 12}" role="img" aria-label="reliability diagram ${escapeHtml(title)}">
<rect x="${x(0)}" y="${y(1)}" width="${size}" height="${size}" fill="none" stroke="#ccc"/>
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#999" stroke-dasharray="4 3"/>
${bars}${ticks}
</svg><div class="legend">bars: observed frequency per bin (numbers: predictions in the bin); red dot: mean predicted</div></figure>`;
}

function latencyTable(run: BackendRun, index: number): string {
  const stages: [string, keyof BackendRun["latency"]][] = [
    ["describe", "describe"],
    ["firewall", "firewall"],
    ["rules", "rules"],
    ["model", "model"],
    ["policy", "policy"],
    ["gate (firewall + rules + model + policy)", "gate"],
    ["whole decision (describe + gate)", "decision"],
  ];
  return `<table class="grid"><thead><tr><th>${escapeHtml(run.backend)}</th><th>n</th><th>p50</th><th>p95</th><th>p99</th><th>max</th></tr></thead><tbody>
${stages
  .map(([label, key]) => {
    const summary = run.latency[key] as LatencySummary;
    const path = `runs.${index}.latency.${key}`;
    return `<tr><th>${escapeHtml(label)}</th><td>${metric(`${path}.count`, summary.count, "count")}</td><td>${metric(`${path}.p50`, summary.p50, "ms")}</td><td>${metric(`${path}.p95`, summary.p95, "ms")}</td><td>${metric(`${path}.p99`, summary.p99, "ms")}</td><td>${metric(`${path}.max`, summary.max, "ms")}</td></tr>`;
  })
  .join("\n")}
</tbody></table>`;
}

function latencyHistogramSvg(run: BackendRun): string {
  const { edgesMs, counts, of } = run.latency.histogram;
  const width = 520;
  const height = 160;
  const pad = 30;
  const largest = Math.max(1, ...counts);
  const barWidth = (width - pad) / Math.max(1, counts.length);
  const bars = counts
    .map((value, index) => {
      const barHeight = (value / largest) * (height - 30);
      return `<rect x="${pad + index * barWidth + 0.5}" y="${height - 20 - barHeight}" width="${Math.max(1, barWidth - 1)}" height="${barHeight}" fill="#1f77b4"><title>${edgesMs[index]}–${edgesMs[index + 1]} ms: ${value}</title></rect>`;
    })
    .join("");
  const labels = edgesMs
    .map((edge, index) =>
      Math.abs(Math.log10(edge) - Math.round(Math.log10(edge))) < 1e-6
        ? `<text x="${pad + index * barWidth}" y="${height - 6}" class="tick">${edge >= 1 ? edge : edge.toString()}</text>`
        : "",
    )
    .join("");
  return `<figure class="diagram wide"><figcaption>${escapeHtml(run.backend)}: ${of === "decision" ? "whole-decision" : "gate"} latency (ms, log scale)</figcaption>
<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="latency histogram ${escapeHtml(run.backend)}">
<line x1="${pad}" y1="${height - 20}" x2="${width}" y2="${height - 20}" stroke="#999"/>
<text x="${pad - 4}" y="14" class="tick end">${largest}</text>
${bars}${labels}
</svg></figure>`;
}

function breakdownTable(title: string, path: string, table: Record<string, BreakdownMetrics>): string {
  const keys = Object.keys(table);
  if (keys.length === 0) return "";
  return `<details class="breakdown"><summary>${escapeHtml(title)} (${keys.length})</summary><table class="grid sortable">
<thead><tr><th></th><th>cases</th><th>agreement</th><th>unsafe allows</th><th>stricter</th><th>looser</th><th>ask rate</th><th>effect</th><th>servesTask</th><th>injection</th><th>hard rules alone</th></tr></thead><tbody>
${keys
  .map((key) => {
    const value = table[key]!;
    const base = `${path}.${key}`;
    const percent = (name: keyof BreakdownMetrics) =>
      `<td>${metric(`${base}.${name}.rate`, (value[name] as Rate).rate, "percent")}</td>`;
    return `<tr><th>${escapeHtml(key)}</th><td>${metric(`${base}.cases`, value.cases, "count")}</td>${percent("verdictAgreement")}<td class="${value.unsafeAllows > 0 ? "bad-text" : ""}">${metric(`${base}.unsafeAllows`, value.unsafeAllows, "count")}</td><td>${metric(`${base}.stricter`, value.stricter, "count")}</td><td>${metric(`${base}.looser`, value.looser, "count")}</td>${percent("askRate")}${percent("effectAccuracy")}${percent("servesTaskAccuracy")}${percent("pageInstructsAgentAccuracy")}${percent("hardRulesAgreement")}</tr>`;
  })
  .join("\n")}
</tbody></table></details>`;
}

function caseList(title: string, entries: readonly VerdictCaseEntry[], open: boolean): string {
  if (entries.length === 0) return `<p class="muted">${escapeHtml(title)}: none.</p>`;
  return `<details class="caselist"${open ? " open" : ""}><summary>${escapeHtml(title)} (${entries.length})</summary><table class="grid"><thead><tr><th>case</th><th>expected</th><th>actual</th><th>reasons</th></tr></thead><tbody>
${entries
  .map(
    (entry) =>
      `<tr><td><a href="#case=${encodeURIComponent(entry.id)}" class="case-link">${escapeHtml(entry.id)}</a></td><td>${badge(entry.expected)}</td><td>${badge(entry.actual)}</td><td class="codes">${escapeHtml(entry.reasons.join(", "))}</td></tr>`,
  )
  .join("\n")}
</tbody></table></details>`;
}

function comparisonSection(report: EvalReport): string {
  const comparison = report.comparison;
  if (!comparison) return "";
  const [first, second] = comparison.backends;
  const { counts } = comparison;
  return `<h3>${escapeHtml(first)} against ${escapeHtml(second)}</h3>
<table class="grid"><tbody>
<tr><th>both agree with the expected verdict</th><td>${metric("comparison.counts.bothAgree", counts.bothAgree, "count")}</td></tr>
<tr><th>only ${escapeHtml(first)} agrees</th><td>${metric("comparison.counts.onlyFirstAgrees", counts.onlyFirstAgrees, "count")}</td></tr>
<tr><th>only ${escapeHtml(second)} agrees</th><td>${metric("comparison.counts.onlySecondAgrees", counts.onlySecondAgrees, "count")}</td></tr>
<tr><th>neither agrees</th><td>${metric("comparison.counts.neitherAgrees", counts.neitherAgrees, "count")}</td></tr>
</tbody></table>
<details class="caselist"><summary>Cases where the verdicts differ (${comparison.differing.length})</summary><table class="grid"><thead><tr><th>case</th><th>expected</th><th>${escapeHtml(first)}</th><th>${escapeHtml(second)}</th></tr></thead><tbody>
${comparison.differing
  .map(
    (entry) =>
      `<tr><td><a href="#case=${encodeURIComponent(entry.id)}" class="case-link">${escapeHtml(entry.id)}</a></td><td>${badge(entry.expected)}</td><td>${badge(entry.verdicts[0] ?? "error")}</td><td>${badge(entry.verdicts[1] ?? "error")}</td></tr>`,
  )
  .join("\n")}
</tbody></table></details>`;
}

const STYLE = `
:root{--fg:#1b1f24;--muted:#5b6470;--line:#d8dde3;--bg:#f6f7f9;--card:#fff;--allow:#2ea043;--ask:#d98a00;--block:#d62728;--error:#777}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{background:#101820;color:#fff;padding:18px 28px}
header h1{margin:0 0 4px;font-size:22px}
header .meta{color:#b9c2cc;font-size:13px}
nav{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid var(--line);padding:8px 28px;display:flex;gap:16px;flex-wrap:wrap}
nav a{color:#0b5cad;text-decoration:none}
main{padding:8px 28px 60px;max-width:1500px}
section{margin-top:26px}
h2{font-size:18px;border-bottom:2px solid var(--line);padding-bottom:4px}
h3{font-size:15px;margin:18px 0 8px}
.runs{display:grid;grid-template-columns:repeat(auto-fit,minmax(520px,1fr));gap:18px}
.run h3{margin-top:0}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:10px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.card.primary{border-color:#0b5cad;box-shadow:0 0 0 1px #0b5cad inset}
.card.bad{border-color:var(--block);background:#fff5f5}
.card.good{border-color:var(--allow)}
.card-label{color:var(--muted);font-size:12px}
.card-value{font-size:20px;font-weight:600}
.card-value small{font-size:12px;font-weight:400;color:var(--muted)}
table.grid{border-collapse:collapse;background:#fff;margin:6px 0}
table.grid th,table.grid td{border:1px solid var(--line);padding:4px 8px;text-align:right;vertical-align:top}
table.grid th{text-align:left;background:#fafbfc;font-weight:600}
table.grid td small{color:var(--muted)}
table.headline td{min-width:170px}
.figures{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
figure{margin:0}
figcaption{font-weight:600;margin-bottom:4px}
.diagram svg{background:#fff;border:1px solid var(--line);border-radius:6px}
.legend,.muted{color:var(--muted);font-size:12px}
.tick{font-size:10px;fill:#555;text-anchor:middle}
.tick.end{text-anchor:end}
.badge{display:inline-block;padding:0 7px;border-radius:10px;font-size:12px;font-weight:600;color:#fff;background:#999}
.badge.allow{background:var(--allow)}.badge.ask{background:var(--ask)}.badge.block{background:var(--block)}.badge.error{background:var(--error)}
.bad-text{color:var(--block);font-weight:700}
details{margin:6px 0}
summary{cursor:pointer;font-weight:600}
.codes{text-align:left!important;font-family:ui-monospace,monospace;font-size:12px}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:#fff;border:1px solid var(--line);border-radius:8px;padding:10px;position:sticky;top:38px;z-index:4}
.filters input[type=search]{min-width:240px;padding:4px 6px}
.filters select{padding:3px}
#case-count{margin-left:auto;color:var(--muted)}
table.cases{width:100%;border-collapse:collapse;background:#fff;margin-top:8px;font-size:13px}
table.cases th,table.cases td{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
table.cases thead th{position:sticky;top:92px;background:#fafbfc;z-index:3}
table.cases tr.case{cursor:pointer}
table.cases tr.case:hover{background:#f0f6ff}
table.cases tr.unsafe{background:#fff0f0}
table.cases tr.detail td{background:#fbfcfd;padding:10px 14px}
.detail-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:12px}
.detail-grid h4{margin:0 0 4px;font-size:13px}
.detail-grid pre{white-space:pre-wrap;word-break:break-word;margin:0;font-size:12px;background:#fff;border:1px solid var(--line);border-radius:4px;padding:6px;max-height:260px;overflow:auto}
.prob{font-family:ui-monospace,monospace;font-size:12px}
.wrong{color:var(--block);font-weight:600}
.definitions dt{font-weight:600;margin-top:6px}
.definitions dd{margin:0 0 0 12px;color:var(--muted)}
`;

// Draws and filters the per-case table from the embedded JSON. Plain browser JavaScript, no libraries.
const SCRIPT = `
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var cases = data.cases;
  var backends = data.backends;
  var body = document.getElementById("case-rows");
  var count = document.getElementById("case-count");
  var controls = {
    text: document.getElementById("filter-text"),
    outcome: document.getElementById("filter-outcome"),
    expected: document.getElementById("filter-expected"),
    verdict: document.getElementById("filter-verdict"),
    suite: document.getElementById("filter-suite"),
    site: document.getElementById("filter-site"),
    split: document.getElementById("filter-split"),
    tag: document.getElementById("filter-tag"),
    hard: document.getElementById("filter-hard")
  };
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    if (attributes) for (var key in attributes) {
      if (key === "text") node.textContent = attributes[key];
      else if (key === "className") node.className = attributes[key];
      else node.setAttribute(key, attributes[key]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  function badge(verdict) { return el("span", { className: "badge " + verdict, text: verdict }); }
  function unique(values) { return Array.from(new Set(values)).sort(); }
  function fill(select, values) {
    values.forEach(function (value) { select.appendChild(el("option", { value: value, text: value })); });
  }
  fill(controls.suite, unique(cases.map(function (c) { return c.suite; })));
  fill(controls.site, unique(cases.map(function (c) { return c.site; })));
  fill(controls.split, unique(cases.map(function (c) { return c.split; })));
  fill(controls.tag, unique([].concat.apply([], cases.map(function (c) { return c.tags; }))));
  function decisionOf(c, index) { return c.decisions[index] || null; }
  function outcomeOf(c, index) {
    var d = decisionOf(c, index);
    if (!d || !d.ok) return "error";
    if (d.unsafeAllow) return "unsafe";
    return d.outcome;
  }
  function pct(p) { return p === null || p === undefined ? "—" : (p * 100).toFixed(0) + "%"; }
  function answerCell(c, d, question) {
    var label = c.labels[question];
    if (!d || !d.ok || !d.answers) return el("td", { text: String(label) + " / —" });
    var p = d.answers[question];
    var yes = p >= 0.5;
    var scored = c.scored.indexOf(question) >= 0;
    return el("td", { className: "prob" + (scored && yes !== label ? " wrong" : ""), text: String(label) + " / " + pct(p) });
  }
  function effectCell(c, d) {
    if (!d || !d.ok || !d.answers) return el("td", { text: c.labels.effect + " / —" });
    var choice = d.answers.effect.choice;
    var scored = c.scored.indexOf("effect") >= 0;
    return el("td", { className: "prob" + (scored && choice !== c.labels.effect ? " wrong" : ""),
      text: c.labels.effect.replace(/_/g, " ") + " / " + choice.replace(/_/g, " ") + " " + pct(d.answers.effect.probabilities[choice]) });
  }
  function targetText(c) {
    var f = c.facts;
    if (!f) return c.factsError ? c.factsError.code : "";
    var t = f.action.target;
    if (!t) return f.action.destination ? "→ " + f.action.destination.url : "";
    return t.tag + (t.role ? " [" + t.role + "]" : "") + " “" + t.name + "”";
  }
  function pre(text) { return el("pre", { text: text }); }
  function block(title, node) { return el("div", null, [el("h4", { text: title }), node]); }
  function detailRow(c) {
    var f = c.facts;
    var parts = [];
    parts.push(block("Task", pre(c.task)));
    parts.push(block("Labels and expected verdict", pre(JSON.stringify(c.labels, null, 1) + "\\nexpected: " + c.expected.verdict + " (" + c.expected.rule + ")\\nscored: " + c.scored.join(", ") + "\\n\\n" + c.note)));
    backends.forEach(function (name, index) {
      var d = decisionOf(c, index);
      var text = !d ? "" : !d.ok ? "error: " + d.error.code + ": " + d.error.message :
        "verdict: " + d.verdict + " (hard-rule floor " + d.floor + ")\\nreasons: " + d.reasons.join(", ") +
        "\\nrule hits: " + (d.ruleHits.join(", ") || "none") +
        (d.answers ? "\\nanswers (" + d.answers.model + "):\\n  effect " + Object.keys(d.answers.effect.probabilities).map(function (k) { return k + " " + d.answers.effect.probabilities[k].toFixed(2); }).join(", ") +
          "\\n  servesTask " + d.answers.servesTask.toFixed(3) + "\\n  pageInstructsAgent " + d.answers.pageInstructsAgent.toFixed(3) : "\\nmodel: " + d.modelFailure) +
        "\\ntimings (ms): " + Object.keys(d.timings).map(function (k) { var v = d.timings[k]; return k.replace(/Ms$/, "") + " " + (v === null ? "—" : v.toFixed(v < 1 ? 3 : 1)); }).join(", ");
      parts.push(block("Decision · " + name, pre(text)));
    });
    if (f) {
      parts.push(block("Action facts", pre(JSON.stringify(f.action, null, 1))));
      parts.push(block("Page facts", pre("url: " + f.page.url + "\\ntitle: " + f.page.title +
        "\\nsensitive fields: " + (f.page.sensitiveFieldKinds.join(", ") || "none") +
        "\\nvisible text (" + f.page.visibleTextLength + " characters): " + f.page.visibleTextStart +
        "\\n\\nhidden text (" + f.page.hiddenTextCount + (f.page.hiddenTextComplete ? "" : ", incomplete") + "):\\n" +
        f.page.hiddenText.map(function (h) { return "· [" + h.provenance + (h.hiddenBy.length ? "; " + h.hiddenBy.join(",") : "") + "] " + h.text; }).join("\\n"))));
    } else if (c.factsError) {
      parts.push(block("Facts", pre("error: " + c.factsError.code + ": " + c.factsError.message)));
    }
    parts.push(block("Source", pre(c.file + ":" + c.line + "\\nsuite " + c.suite + " · split " + c.split + " · group " + (c.group || "—") + " · " + c.form + (c.tags.length ? "\\ntags: " + c.tags.join(", ") : ""))));
    return el("tr", { className: "detail" }, [el("td", { colspan: String(8 + backends.length) }, [el("div", { className: "detail-grid" }, parts)])]);
  }
  var rows = cases.map(function (c) {
    var first = decisionOf(c, 0);
    var cells = [
      el("td", null, [el("a", { href: "#case=" + encodeURIComponent(c.id), text: c.id })]),
      el("td", { text: c.site }),
      el("td", { text: c.facts ? c.facts.action.kind : c.kind }),
      el("td", { text: targetText(c) }),
      el("td", null, [badge(c.expected.verdict)])
    ];
    backends.forEach(function (name, index) {
      var d = decisionOf(c, index);
      cells.push(el("td", null, [badge(!d || !d.ok ? "error" : d.verdict)]));
    });
    cells.push(effectCell(c, first));
    cells.push(answerCell(c, first, "servesTask"));
    cells.push(answerCell(c, first, "pageInstructsAgent"));
    var row = el("tr", { className: "case" + (outcomeOf(c, 0) === "unsafe" ? " unsafe" : ""), "data-id": c.id }, cells);
    var detail = null;
    row.addEventListener("click", function (event) {
      if (event.target && event.target.tagName === "A") return;
      toggle();
    });
    function toggle(open) {
      var wanted = open === undefined ? !detail : open;
      if (!wanted && detail) { detail.remove(); detail = null; }
      if (wanted && !detail) { detail = detailRow(c); row.after(detail); }
    }
    return { c: c, row: row, toggle: toggle, text: (c.id + " " + c.task + " " + c.site + " " + c.note + " " + targetText(c) + " " + c.tags.join(" ")).toLowerCase() };
  });
  rows.forEach(function (entry) { body.appendChild(entry.row); });
  function matches(entry) {
    var c = entry.c;
    var text = controls.text.value.trim().toLowerCase();
    if (text && entry.text.indexOf(text) < 0) return false;
    var outcome = controls.outcome.value;
    if (outcome) {
      if (outcome === "differs") {
        var verdicts = c.decisions.map(function (d) { return d.ok ? d.verdict : "error"; });
        if (new Set(verdicts).size < 2) return false;
      } else {
        var actual = outcomeOf(c, 0);
        if (outcome === "looser" ? (actual !== "looser" && actual !== "unsafe") : actual !== outcome) return false;
      }
    }
    if (controls.expected.value && c.expected.verdict !== controls.expected.value) return false;
    if (controls.verdict.value) {
      var d = decisionOf(c, 0);
      if ((!d || !d.ok ? "error" : d.verdict) !== controls.verdict.value) return false;
    }
    if (controls.suite.value && c.suite !== controls.suite.value) return false;
    if (controls.site.value && c.site !== controls.site.value) return false;
    if (controls.split.value && c.split !== controls.split.value) return false;
    if (controls.tag.value && c.tags.indexOf(controls.tag.value) < 0) return false;
    if (controls.hard.value && String(c.hard) !== controls.hard.value) return false;
    return true;
  }
  function apply() {
    var shown = 0;
    rows.forEach(function (entry) {
      var visible = matches(entry);
      entry.row.hidden = !visible;
      if (!visible) entry.toggle(false);
      if (visible) shown++;
    });
    count.textContent = shown + " of " + rows.length + " cases";
    count.setAttribute("data-shown", String(shown));
  }
  Object.keys(controls).forEach(function (key) {
    controls[key].addEventListener("input", apply);
    controls[key].addEventListener("change", apply);
  });
  function openFromHash() {
    var match = /^#case=(.+)$/.exec(location.hash);
    if (!match) return;
    var id = decodeURIComponent(match[1]);
    var entry = rows.find(function (r) { return r.c.id === id; });
    if (!entry) return;
    if (entry.row.hidden) { Object.keys(controls).forEach(function (key) { controls[key].value = ""; }); apply(); }
    entry.toggle(true);
    entry.row.scrollIntoView({ block: "center" });
  }
  window.addEventListener("hashchange", openFromHash);
  apply();
  openFromHash();
})();
`;

function caseSection(report: EvalReport): string {
  const option = (value: string, label: string) =>
    `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`;
  const comparing = report.runs.length > 1;
  return `<div class="filters">
<input type="search" id="filter-text" placeholder="Filter: id, task, site, note, target, tag" aria-label="filter text">
<select id="filter-outcome" aria-label="outcome">${option("", `outcome (${escapeHtml(report.runs[0]?.backend ?? "")})`)}${option("agree", "agrees")}${option("stricter", "stricter")}${option("looser", "looser")}${option("unsafe", "unsafe allow")}${option("error", "error")}${option("unscored", "verdict not scored")}${comparing ? option("differs", "backends differ") : ""}</select>
<select id="filter-expected" aria-label="expected verdict">${option("", "expected")}${option("allow", "allow")}${option("ask", "ask")}${option("block", "block")}</select>
<select id="filter-verdict" aria-label="verdict">${option("", "verdict")}${option("allow", "allow")}${option("ask", "ask")}${option("block", "block")}${option("error", "error")}</select>
<select id="filter-suite" aria-label="suite">${option("", "suite")}</select>
<select id="filter-site" aria-label="site">${option("", "site")}</select>
<select id="filter-split" aria-label="split">${option("", "split")}</select>
<select id="filter-tag" aria-label="tag">${option("", "tag")}</select>
<select id="filter-hard" aria-label="hard">${option("", "hard?")}${option("true", "hard")}${option("false", "not hard")}</select>
<span id="case-count"></span>
</div>
<table class="cases"><thead><tr><th>case</th><th>site</th><th>kind</th><th>target</th><th>expected</th>${report.runs.map((run) => `<th>${escapeHtml(run.backend)}</th>`).join("")}<th>effect: label / answer</th><th>servesTask: label / P</th><th>injection: label / P</th></tr></thead>
<tbody id="case-rows"></tbody></table>
<p class="muted">Click a row for its facts, answers, reasons and timings. Red answers disagree with a scored label.</p>`;
}

/** Renders the report as one self-contained HTML page. */
export function renderHtmlReport(report: EvalReport): string {
  const backends = report.runs.map((run) => run.backend).join(" vs ");
  const data = JSON.stringify({
    backends: report.runs.map((run) => run.backend),
    cases: report.cases,
  }).replace(/</g, "\\u003c");
  const invalid = report.corpus.invalidLines;
  const factsFailed = report.facts.failed;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>stopline eval · ${escapeHtml(backends)} · ${report.corpus.cases} cases</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>stopline eval: ${escapeHtml(backends)}</h1>
<div class="meta">${metric("corpus.cases", report.corpus.cases, "count")} cases (${metric("corpus.domCases", report.corpus.domCases, "count")} DOM, ${metric("corpus.describedCases", report.corpus.describedCases, "count")} described) from ${escapeHtml(report.run.casePaths.join(", "))}${report.run.split ? ` · split ${escapeHtml(report.run.split)}` : " · every split"} · suites ${escapeHtml(
    Object.entries(report.corpus.bySuite)
      .map(([suite, count]) => `${suite} ${count}`)
      .join(", "),
  )} · ${escapeHtml(report.generatedAt)}${report.run.repeat > 1 ? ` · repeated ${report.run.repeat}×` : ""}</div>
</header>
<nav><a href="#headline">Headline</a><a href="#verdicts">Verdicts</a><a href="#questions">Questions</a><a href="#calibration">Calibration</a><a href="#latency">Latency</a><a href="#breakdowns">Breakdowns</a><a href="#cases">Cases</a><a href="#definitions">Definitions</a></nav>
<main>
${
  invalid.length > 0
    ? `<section class="card bad"><strong>${metric("corpus.invalidLines.length", invalid.length, "count")} problems in the case files; those lines were not evaluated:</strong><pre>${escapeHtml(invalid.map((problem) => `${problem.file}:${problem.line}: ${problem.field}: ${problem.reason}`).join("\n"))}</pre></section>`
    : ""
}
${
  factsFailed.length > 0
    ? `<section class="card bad"><strong>${metric("facts.errors", report.facts.errors, "count")} cases have no facts (each counts as a failure):</strong><pre>${escapeHtml(factsFailed.map((entry) => `${entry.id}: ${entry.code}: ${entry.message}`).join("\n"))}</pre></section>`
    : ""
}
<section id="headline"><h2>Headline</h2>
<div class="runs">${report.runs.map((run, index) => `<div class="run"><h3>${escapeHtml(run.backend)}${run.models.length > 0 ? ` <small class="muted">${escapeHtml(run.models.join(", "))}</small>` : ""}</h3>${headlineCards(run, index)}</div>`).join("")}</div>
<h3>Side by side</h3>
${headlineTable(report)}
<p class="muted">Facts: ${metric("facts.described", report.facts.described, "count")} DOM cases described in Chromium on ${metric("facts.pages", report.facts.pages, "count")} pages in ${metric("facts.elapsedMs", report.facts.elapsedMs, "ms")} (${metric("facts.concurrency", report.facts.concurrency, "count")} at a time), ${metric("facts.fromCache", report.facts.fromCache, "count")} from the facts cache, ${metric("facts.fromCase", report.facts.fromCase, "count")} described cases.</p>
</section>
<section id="verdicts"><h2>Verdicts</h2>
${report.runs
  .map(
    (run, index) => `<h3>${escapeHtml(run.backend)}</h3>
<div class="figures">${verdictMatrix(`${run.backend}: gate verdicts`, `runs.${index}.metrics.verdict`, run.metrics.verdict)}${verdictMatrix("hard rules alone (no model)", `runs.${index}.metrics.hardRulesAlone`, run.metrics.hardRulesAlone)}</div>
${caseList("Unsafe allows (allowed where ask or block was expected)", run.metrics.verdict.unsafeAllows, true)}
${caseList("Looser than expected", run.metrics.verdict.looser, false)}
${caseList("Stricter than expected", run.metrics.verdict.stricter, false)}
${caseList("Hard rules alone: unsafe allows", run.metrics.hardRulesAlone.unsafeAllows, false)}
${run.repeats.count > 1 ? `<p>Repeated ${run.repeats.count}×: agreement per repetition ${run.repeats.agreement.map((value, repetition) => metric(`runs.${index}.repeats.agreement.${repetition}.rate`, value.rate, "percent")).join(", ")}; ${metric(`runs.${index}.repeats.unstable.length`, run.repeats.unstable.length, "count")} cases changed verdict between repetitions.</p>` : ""}`,
  )
  .join("\n")}
${comparisonSection(report)}
</section>
<section id="questions"><h2>Questions</h2>
${report.runs.map((run, index) => questionTable(run, index)).join("\n")}
<div class="figures">${report.runs.map((run, index) => effectMatrix(run, index)).join("")}</div>
</section>
<section id="calibration"><h2>Calibration</h2>
${report.runs
  .map(
    (run, index) => `<h3>${escapeHtml(run.backend)}</h3><div class="figures">
${reliabilityDiagram("effect (top choice)", `runs.${index}.metrics.effect`, run.metrics.effect.reliability, run.metrics.effect.ece)}
${reliabilityDiagram("servesTask", `runs.${index}.metrics.servesTask`, run.metrics.servesTask.reliability, run.metrics.servesTask.ece)}
${reliabilityDiagram("pageInstructsAgent", `runs.${index}.metrics.pageInstructsAgent`, run.metrics.pageInstructsAgent.reliability, run.metrics.pageInstructsAgent.ece)}
</div>`,
  )
  .join("\n")}
</section>
<section id="latency"><h2>Latency</h2>
<div class="figures">${report.runs.map((run, index) => `<div>${latencyTable(run, index)}${latencyHistogramSvg(run)}</div>`).join("")}</div>
</section>
<section id="breakdowns"><h2>Breakdowns</h2>
${report.runs
  .map(
    (run, index) => `<h3>${escapeHtml(run.backend)}</h3>
${breakdownTable("By suite", `runs.${index}.breakdowns.bySuite`, run.breakdowns.bySuite)}
${breakdownTable("By site", `runs.${index}.breakdowns.bySite`, run.breakdowns.bySite)}
${breakdownTable("By tag", `runs.${index}.breakdowns.byTag`, run.breakdowns.byTag)}
${breakdownTable("By split", `runs.${index}.breakdowns.bySplit`, run.breakdowns.bySplit)}
${breakdownTable("By action kind", `runs.${index}.breakdowns.byKind`, run.breakdowns.byKind)}
${breakdownTable("Hard or not", `runs.${index}.breakdowns.byHard`, run.breakdowns.byHard)}`,
  )
  .join("\n")}
</section>
<section id="cases"><h2>Cases</h2>
${caseSection(report)}
</section>
<section id="definitions"><h2>Definitions</h2>
<dl class="definitions">${Object.entries(report.definitions)
    .map(([key, text]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(text)}</dd>`)
    .join("")}<dt>effect classes</dt><dd>${EFFECTS.join(", ")}</dd></dl>
</section>
</main>
<script type="application/json" id="report-data">${data}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
