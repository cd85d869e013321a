import { EFFECTS } from "../spec/questions.js";
import type { ReliabilityBin } from "./calibration.js";
import type { BackendRun, EvalReport } from "./eval-report.js";
import { REPORT_SCRIPT as SCRIPT, REPORT_STYLE as STYLE } from "./html-report-assets.js";
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
