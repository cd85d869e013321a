import { GATE_QUESTIONS, type Question, type QuestionSet } from "../spec/questions.js";
import { pathOf, type RequestIssue } from "./system-one-request.js";

function sameCriteria(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}

/** True when two questions ask the same thing: same type, instructions and criteria (option order aside). */
export function sameQuestion(a: Question, b: Question): boolean {
  return a.type === b.type && a.instructions === b.instructions && sameCriteria(a.criteria, b.criteria);
}

/**
 * For a backend that answers only the gate's own questions: finds which gate question each requested
 * question is. Ids are the caller's and carry no meaning, so questions are recognised by their content;
 * a question that is not one of the gate's is an issue at its path.
 */
export function matchGateQuestions(
  questions: QuestionSet,
  gate: QuestionSet = GATE_QUESTIONS,
): { ok: true; value: Record<string, string> } | { ok: false; issues: RequestIssue[] } {
  const mapping: Record<string, string> = {};
  const issues: RequestIssue[] = [];
  for (const [id, question] of Object.entries(questions)) {
    const match = Object.entries(gate).find(([, known]) => sameQuestion(question, known));
    if (match) mapping[id] = match[0];
    else
      issues.push({
        path: pathOf("questions", id),
        message: `this server's backend answers only stopline's gate questions (${Object.keys(gate).join(", ")}), sent with their exact instructions and criteria; this question is not one of them`,
      });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: mapping };
}
