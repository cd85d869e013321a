import type { EvalReport } from "./eval-report.js";
import { formatMetric } from "./html-report.js";
import type { Rate } from "./run-metrics.js";

function rateText(value: Rate): string {
  return `${formatMetric(value.rate, "percent")} (${value.count}/${value.total})`;
}

/**
 * The headline numbers of a report as a Markdown table: one column per backend and one for the hard
 * rules alone (of the first backend's run: the floor does not depend on the model). The same numbers,
 * written the same way, as the HTML report's headline.
 */
export function headlineTable(report: EvalReport): string {
  const runs = report.runs;
  const first = runs[0];
  const header = ["", ...runs.map((run) => run.backend), ...(first ? ["hard rules alone"] : [])];
  const rows: string[][] = [];
  const add = (label: string, perRun: (index: number) => string, floor: string) =>
    rows.push([label, ...runs.map((_, index) => perRun(index)), ...(first ? [floor] : [])]);
  const metrics = (index: number) => runs[index]!.metrics;
  const floor = first?.metrics.hardRulesAlone;

  add(
    "Verdict agreement",
    (index) => rateText(metrics(index).verdict.agreement),
    floor ? rateText(floor.agreement) : "",
  );
  add(
    "Unsafe allows",
    (index) => String(metrics(index).verdict.unsafeAllows.length),
    floor ? String(floor.unsafeAllows.length) : "",
  );
  add(
    "Stricter / looser than expected",
    (index) => `${metrics(index).verdict.stricter.length} / ${metrics(index).verdict.looser.length}`,
    floor ? `${floor.stricter.length} / ${floor.looser.length}` : "",
  );
  add("Ask rate", (index) => rateText(metrics(index).verdict.askRate), floor ? rateText(floor.askRate) : "");
  add("Effect accuracy", (index) => rateText(metrics(index).effect.accuracy), "");
  add("servesTask accuracy", (index) => rateText(metrics(index).servesTask.accuracy), "");
  add("pageInstructsAgent precision", (index) => rateText(metrics(index).pageInstructsAgent.precision), "");
  add("pageInstructsAgent recall", (index) => rateText(metrics(index).pageInstructsAgent.recall), "");
  add(
    "pageInstructsAgent false-positive rate",
    (index) => rateText(metrics(index).pageInstructsAgent.falsePositiveRate),
    "",
  );
  add(
    "ECE effect / servesTask / pageInstructsAgent",
    (index) =>
      [metrics(index).effect.ece, metrics(index).servesTask.ece, metrics(index).pageInstructsAgent.ece]
        .map((value) => formatMetric(value, "score"))
        .join(" / "),
    "",
  );
  add(
    "Brier effect / servesTask / pageInstructsAgent",
    (index) =>
      [metrics(index).effect.brier, metrics(index).servesTask.brier, metrics(index).pageInstructsAgent.brier]
        .map((value) => formatMetric(value, "score"))
        .join(" / "),
    "",
  );
  add(
    "Model latency p50 / p95",
    (index) =>
      `${formatMetric(runs[index]!.latency.model.p50, "ms")} / ${formatMetric(runs[index]!.latency.model.p95, "ms")}`,
    "",
  );
  add(
    "Errors (no facts) / model failures",
    (index) => `${metrics(index).errors} / ${metrics(index).modelFailures}`,
    "",
  );
  const lines = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`);
  return lines.join("\n");
}
