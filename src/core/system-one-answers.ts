import type { WireAnswer } from "../spec/answers.js";
import type { Question } from "../spec/questions.js";
import { type Normalised, normaliseChoice, normaliseNoul } from "./answer-normalisation.js";

/** One question of a response: the id the client used, its question, and where the backend put its answer. */
export interface AskedQuestion {
  id: string;
  question: Question;
  /** The id under which the backend answered (the gate's id when the client used another). */
  answeredAs: string;
}

/** System One's choice confidence: how far the top probability stands above uniform, from 0 to 1. */
export function choiceConfidence(probabilities: Record<string, number>): number {
  const values = Object.values(probabilities);
  if (values.length < 2) return 1;
  const uniform = 1 / values.length;
  return Math.max(0, Math.min(1, (Math.max(...values) - uniform) / (1 - uniform)));
}

/**
 * Validates a backend's answers to the asked questions and writes them in the System One wire shape:
 * choice `{type, choice, probabilities, confidence}` (renormalised), noul `{type, noul}`. A server never
 * passes on an answer that would fail validation in a client.
 */
export function wireAnswers(
  response: unknown,
  asked: readonly AskedQuestion[],
): Normalised<{ model: string; answers: Record<string, WireAnswer> }> {
  const record =
    typeof response === "object" && response !== null ? (response as Record<string, unknown>) : {};
  const model = record["model"];
  const raw = record["answers"];
  const issues: string[] = [];
  if (typeof model !== "string" || model.trim() === "") issues.push("model: missing");
  if (typeof raw !== "object" || raw === null) return { ok: false, issues: [...issues, "answers: missing"] };
  const given = raw as Record<string, unknown>;
  const answers: Record<string, WireAnswer> = {};
  for (const { id, question, answeredAs } of asked) {
    if (!(answeredAs in given)) {
      issues.push(`${answeredAs}: missing`);
      continue;
    }
    if (question.type === "choice") {
      const result = normaliseChoice(answeredAs, given[answeredAs], Object.keys(question.criteria));
      if (!result.ok) issues.push(...result.issues);
      else
        answers[id] = {
          type: "choice",
          choice: result.value.choice,
          probabilities: result.value.probabilities,
          confidence: choiceConfidence(result.value.probabilities),
        };
    } else {
      const result = normaliseNoul(answeredAs, given[answeredAs]);
      if (!result.ok) issues.push(...result.issues);
      else answers[id] = { type: "noul", noul: result.value };
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { model: model as string, answers } };
}
