import type { GateAnswers } from "../spec/answers.js";
import { EFFECTS, type Effect, type QuestionSet } from "../spec/questions.js";

/** How far a rounded distribution may sum from 1 and still be accepted (answers come rounded to 0.01). */
export const SUM_TOLERANCE = 0.02;

export type Normalised<T> = { ok: true; value: T } | { ok: false; issues: string[] };

function isProbability(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Validates a choice answer against its options and renormalises it: every probability finite and in
 * [0,1], every option present and no other, a sum of 1 within ±0.02, and the chosen option among the most
 * probable. Returns the renormalised distribution.
 */
export function normaliseChoice(
  id: string,
  answer: unknown,
  options: readonly string[],
): Normalised<{ choice: string; probabilities: Record<string, number> }> {
  const issues: string[] = [];
  if (!isRecord(answer)) return { ok: false, issues: [`${id}: not an object`] };
  if (answer["type"] !== undefined && answer["type"] !== "choice")
    issues.push(`${id}: type ${JSON.stringify(answer["type"])} where choice was asked`);
  const probabilities = answer["probabilities"];
  if (!isRecord(probabilities)) return { ok: false, issues: [...issues, `${id}: probabilities missing`] };
  for (const key of Object.keys(probabilities))
    if (!options.includes(key)) issues.push(`${id}: unknown option ${JSON.stringify(key)}`);
  let sum = 0;
  for (const option of options) {
    const value = probabilities[option];
    if (value === undefined) issues.push(`${id}: option ${option} missing`);
    else if (!isProbability(value)) issues.push(`${id}: probability of ${option} is ${String(value)}`);
    else sum += value;
  }
  const choice = answer["choice"];
  if (typeof choice !== "string" || !options.includes(choice))
    issues.push(`${id}: choice ${JSON.stringify(choice)} is not an option`);
  if (answer["confidence"] !== undefined && !isProbability(answer["confidence"]))
    issues.push(`${id}: confidence is ${String(answer["confidence"])}`);
  if (issues.length > 0) return { ok: false, issues };
  if (Math.abs(sum - 1) > SUM_TOLERANCE)
    return { ok: false, issues: [`${id}: probabilities sum to ${sum.toFixed(4)}`] };
  const normalised: Record<string, number> = {};
  for (const option of options) normalised[option] = (probabilities[option] as number) / sum;
  const top = Math.max(...Object.values(normalised));
  // Rounded answers can tie; the chosen option must be one of the most probable.
  if ((normalised[choice as string] as number) < top - 1e-9)
    return { ok: false, issues: [`${id}: choice ${String(choice)} is not the most probable option`] };
  return { ok: true, value: { choice: choice as string, probabilities: normalised } };
}

/** Validates a yes/no answer: `noul` is P(true), finite and in [0,1]. */
export function normaliseNoul(id: string, answer: unknown): Normalised<number> {
  if (!isRecord(answer)) return { ok: false, issues: [`${id}: not an object`] };
  if (answer["type"] !== undefined && answer["type"] !== "noul")
    return { ok: false, issues: [`${id}: type ${JSON.stringify(answer["type"])} where noul was asked`] };
  const value = answer["noul"];
  if (!isProbability(value)) return { ok: false, issues: [`${id}: noul is ${String(value)}`] };
  return { ok: true, value };
}

/**
 * Validates a backend's whole response against the gate's questions and turns it into GateAnswers.
 * A missing question, an unknown option, a probability out of range or a bad sum makes it invalid.
 */
export function normaliseAnswers(response: unknown, questions: QuestionSet): Normalised<GateAnswers> {
  if (!isRecord(response)) return { ok: false, issues: ["response: not an object"] };
  const model = response["model"];
  const answers = response["answers"];
  const issues: string[] = [];
  if (typeof model !== "string" || model.trim() === "") issues.push("model: missing");
  if (!isRecord(answers)) return { ok: false, issues: [...issues, "answers: missing"] };
  for (const id of Object.keys(questions)) if (!(id in answers)) issues.push(`${id}: missing`);
  if (issues.length > 0) return { ok: false, issues };
  const effectQuestion = questions["effect"];
  const effectOptions =
    effectQuestion?.type === "choice" ? Object.keys(effectQuestion.criteria) : [...EFFECTS];
  const effect = normaliseChoice("effect", answers["effect"], effectOptions);
  const servesTask = normaliseNoul("servesTask", answers["servesTask"]);
  const pageInstructsAgent = normaliseNoul("pageInstructsAgent", answers["pageInstructsAgent"]);
  for (const result of [effect, servesTask, pageInstructsAgent])
    if (!result.ok) issues.push(...result.issues);
  if (!effect.ok || !servesTask.ok || !pageInstructsAgent.ok) return { ok: false, issues };
  return {
    ok: true,
    value: {
      model: model as string,
      effect: {
        choice: effect.value.choice as Effect,
        probabilities: effect.value.probabilities as Record<Effect, number>,
      },
      servesTask: { probability: servesTask.value },
      pageInstructsAgent: { probability: pageInstructsAgent.value },
    },
  };
}
