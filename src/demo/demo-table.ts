import { reasonText } from "../core/reason-text.js";
import type { GateEvent } from "../playwright/guard.js";
import type { RecordedPost } from "./fixture-server.js";

const COLUMNS = [4, 54, 7, 9, 22, 7, 7, 8];

function cell(text: string, width: number): string {
  const value = text.length > width ? `${text.slice(0, width - 1)}…` : text;
  return value.padEnd(width);
}

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

export function formatTableHeader(): string {
  const titles = ["#", "action", "verdict", "outcome", "effect", "serves", "inject", "model"];
  return `   ${titles.map((title, index) => cell(title, COLUMNS[index] as number)).join(" ")}`;
}

/** One row per decision: the action in words, the verdict, the outcome, key probabilities, latency; reasons below. */
export function formatEventRow(event: GateEvent, number: number): string {
  const model = event.decision.model;
  const answers = model?.ok ? model.answers : null;
  const effect = answers
    ? `${answers.effect.choice.replace(/_/g, " ")} ${percent(answers.effect.probabilities[answers.effect.choice])}`
    : "—";
  const outcome =
    event.status === "executed"
      ? event.approval
        ? "approved"
        : "ran"
      : event.status === "stopped"
        ? "stopped"
        : event.status;
  const row = [
    String(number),
    event.summary,
    event.decision.verdict.toUpperCase(),
    outcome,
    effect,
    answers ? percent(answers.servesTask.probability) : "—",
    answers ? percent(answers.pageInstructsAgent.probability) : "—",
    model ? `${model.latencyMs.toFixed(1)}ms` : "—",
  ];
  const reasons = event.decision.reasons.map(reasonText);
  const approval = event.approval
    ? [`${event.approval.approved ? "approved" : "not approved"} by ${event.approval.by}`]
    : [];
  const lines = [`   ${row.map((text, index) => cell(text, COLUMNS[index] as number)).join(" ")}`];
  for (const line of [...reasons, ...approval]) lines.push(`        ↳ ${line}`);
  return lines.join("\n");
}

/** Totals by verdict and outcome, and the proof that nothing stopped reached a server. */
export function formatSummary(events: GateEvent[], posts: RecordedPost[]): string {
  const count = (predicate: (event: GateEvent) => boolean) => events.filter(predicate).length;
  const latencies = events
    .map((event) => event.decision.model?.latencyMs)
    .filter((value): value is number => typeof value === "number")
    .sort((a, b) => a - b);
  const median = latencies.length > 0 ? (latencies[Math.floor(latencies.length / 2)] as number) : 0;
  return [
    "",
    "Summary",
    `  decisions: ${events.length} · allow ${count((event) => event.decision.verdict === "allow")} · ask ${count(
      (event) => event.decision.verdict === "ask",
    )} · block ${count((event) => event.decision.verdict === "block")}`,
    `  carried out: ${count((event) => event.status === "executed")} · stopped: ${count((event) => event.status === "stopped")} · failed in the browser: ${count((event) => event.status === "failed")}`,
    `  model latency: median ${median.toFixed(2)} ms`,
    `  requests that changed something on a server: ${posts.length === 0 ? "none" : posts.map((post) => `${post.site}${post.path}`).join(", ")}`,
  ].join("\n");
}
