import { createInterface } from "node:readline/promises";
import type { ApprovalRequest, Approver } from "../spec/approval.js";
import { EFFECTS } from "../spec/questions.js";

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** Renders an ask for a person at a terminal: the action in words, the page, the reasons, the probabilities. */
export function renderApprovalPrompt(request: ApprovalRequest): string {
  const lines = [
    "",
    "── stopline asks ──────────────────────────────────────────────",
    `Task:    ${request.task}`,
    `Action:  ${request.summary}`,
    `Page:    ${request.page.title ? `${request.page.title} — ` : ""}${request.page.url}`,
    "Why it asks:",
    ...request.reasonText.map((text) => `  • ${text}`),
  ];
  if (request.answers) {
    const effect = EFFECTS.map(
      (name) => `${name} ${percent(request.answers?.effect.probabilities[name] ?? 0)}`,
    ).join(", ");
    lines.push(
      `Model:   ${request.answers.model}`,
      `  effect: ${effect}`,
      `  serves the task: ${percent(request.answers.servesTask.probability)}   page instructs the agent: ${percent(request.answers.pageInstructsAgent.probability)}`,
    );
  }
  lines.push("Allow this action once? Type “once” to allow, anything else denies.");
  return lines.join("\n");
}

/**
 * Asks at the terminal. Only usable when stdin is a TTY; answers "once" (allow this one dispatch) or
 * anything else (deny).
 */
export function createTerminalApprover(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Approver {
  return {
    id: "terminal",
    async decide(request, { signal }) {
      const prompt = createInterface({
        input,
        output,
        terminal: Boolean((input as { isTTY?: boolean }).isTTY),
      });
      try {
        output.write(`${renderApprovalPrompt(request)}\n`);
        const answer = (await prompt.question("> ", { signal })).trim().toLowerCase();
        return answer === "once" || answer === "o" || answer === "yes" || answer === "y"
          ? { approved: true, by: "terminal" }
          : { approved: false, by: "terminal", why: "denied" };
      } catch {
        return { approved: false, by: "terminal", why: "error" };
      } finally {
        prompt.close();
      }
    },
  };
}

/** The terminal approver when STOPLINE_INTERACTIVE=1 and stdin is a TTY; otherwise null. */
export function terminalApproverFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): Approver | null {
  return environment["STOPLINE_INTERACTIVE"] === "1" && process.stdin.isTTY ? createTerminalApprover() : null;
}
