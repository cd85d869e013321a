import type { ForeignState } from "../spec/backend.js";
import { decisionStateSchema, type RenderedDecisionState } from "../spec/decision-state-schema.js";
import type { Question, QuestionSet } from "../spec/questions.js";

/** One problem with a request, at the path of the field that has it (`questions.risk.type`). */
export interface RequestIssue {
  path: string;
  message: string;
}

export interface SystemOneRequestLimits {
  /** Questions in one request. Default 64. */
  maxQuestions: number;
  /** Options in one choice question. Default 255, System One's own limit. */
  maxOptions: number;
}

export const DEFAULT_REQUEST_LIMITS: Readonly<SystemOneRequestLimits> = Object.freeze({
  maxQuestions: 64,
  maxOptions: 255,
});

/** The state of a request: one of ours (a DecisionState), or text and JSON from another client. */
export type RequestState =
  | { kind: "decision"; value: RenderedDecisionState }
  | {
      kind: "foreign";
      value: ForeignState;
      /** Why it is not a DecisionState, path by path (empty for plain text). */
      notDecision: RequestIssue[];
    };

export interface SystemOneRequest {
  /** The model the client asked for; `stopline serve` answers with its own and ignores this. */
  model: string | null;
  state: RequestState;
  /** Questions with every description turned into text, as a backend reads them. */
  questions: QuestionSet;
}

type Parsed = { ok: true; value: SystemOneRequest } | { ok: false; issues: RequestIssue[] };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `questions.effect`, or `questions["has space"]` for keys that are not identifiers. */
export function pathOf(...segments: (string | number)[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === "number"
        ? `[${segment}]`
        : IDENTIFIER.test(segment)
          ? `${index === 0 ? "" : "."}${segment}`
          : `[${JSON.stringify(segment)}]`,
    )
    .join("");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** System One lets descriptions be text, objects or arrays; a model reads them as text. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function isDescription(value: unknown): boolean {
  return typeof value === "string" || isRecord(value) || Array.isArray(value);
}

function parseQuestion(
  id: string,
  raw: unknown,
  limits: SystemOneRequestLimits,
  issues: RequestIssue[],
): Question | null {
  const at = (...rest: string[]) => pathOf("questions", id, ...rest);
  if (!isRecord(raw)) {
    issues.push({ path: at(), message: "must be an object with type, instructions and criteria" });
    return null;
  }
  const before = issues.length;
  const { type, instructions, criteria } = raw;
  if (type === "score") {
    issues.push({
      path: at("type"),
      message: "score questions are not supported here; ask choice or noul questions",
    });
    return null;
  }
  if (type !== "choice" && type !== "noul") {
    issues.push({ path: at("type"), message: `must be "choice" or "noul", got ${JSON.stringify(type)}` });
    return null;
  }
  if (!isDescription(instructions))
    issues.push({ path: at("instructions"), message: "must be text, an object or an array" });
  else if (asText(instructions).trim() === "")
    issues.push({ path: at("instructions"), message: "must not be empty" });
  if (type === "choice") {
    if (!isRecord(criteria)) {
      issues.push({ path: at("criteria"), message: "must map each option to its description" });
      return null;
    }
    const options = Object.keys(criteria);
    if (options.length === 0) issues.push({ path: at("criteria"), message: "needs at least one option" });
    if (options.length > limits.maxOptions)
      issues.push({
        path: at("criteria"),
        message: `has ${options.length} options; at most ${limits.maxOptions} are accepted`,
      });
    for (const option of options) {
      if (option.trim() === "")
        issues.push({ path: at("criteria", option), message: "option names must not be empty" });
      const description = criteria[option];
      if (description !== null && !isDescription(description))
        issues.push({ path: at("criteria", option), message: "must be text, an object, an array or null" });
    }
    if (issues.length > before) return null;
    return {
      type: "choice",
      instructions: asText(instructions),
      criteria: Object.fromEntries(options.map((option) => [option, asText(criteria[option])])),
    };
  }
  if (criteria === undefined || criteria === null) {
    if (issues.length > before) return null;
    return { type: "noul", instructions: asText(instructions) };
  }
  if (!isRecord(criteria)) {
    issues.push({ path: at("criteria"), message: "must be an object with true and false descriptions" });
    return null;
  }
  for (const key of Object.keys(criteria))
    if (key !== "true" && key !== "false")
      issues.push({ path: at("criteria", key), message: "noul criteria have only true and false" });
  for (const key of ["true", "false"] as const)
    if (criteria[key] !== undefined && !isDescription(criteria[key]))
      issues.push({ path: at("criteria", key), message: "must be text, an object or an array" });
  if (issues.length > before) return null;
  return {
    type: "noul",
    instructions: asText(instructions),
    criteria: { true: asText(criteria["true"]), false: asText(criteria["false"]) },
  };
}

function parseState(raw: unknown, issues: RequestIssue[]): RequestState | null {
  if (raw === undefined) {
    issues.push({ path: "state", message: "is required: text, an object or an array" });
    return null;
  }
  if (typeof raw === "string") return { kind: "foreign", value: raw, notDecision: [] };
  if (Array.isArray(raw)) return { kind: "foreign", value: raw, notDecision: [] };
  if (!isRecord(raw)) {
    issues.push({
      path: "state",
      message: `must be text, an object or an array, got ${raw === null ? "null" : typeof raw}`,
    });
    return null;
  }
  const decision = decisionStateSchema.safeParse(raw);
  if (decision.success) return { kind: "decision", value: decision.data };
  return {
    kind: "foreign",
    value: raw,
    notDecision: decision.error.issues.slice(0, 20).map((issue) => ({
      path: pathOf(
        "state",
        ...issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)),
      ),
      message: issue.message,
    })),
  };
}

/**
 * Validates a System One request body (`{model, state, questions}`) and reports every problem with its
 * path. Descriptions given as objects or arrays are turned into JSON text; `score` questions are refused
 * (the gate's backends answer choice and noul only). A state that is a valid DecisionState is marked as
 * one; any other text or JSON is foreign, with the reasons it is not a DecisionState.
 */
export function parseSystemOneRequest(
  body: unknown,
  limits: SystemOneRequestLimits = DEFAULT_REQUEST_LIMITS,
): Parsed {
  if (!isRecord(body))
    return {
      ok: false,
      issues: [{ path: "", message: "the body must be a JSON object {model, state, questions}" }],
    };
  const issues: RequestIssue[] = [];
  const model = body["model"];
  if (model !== undefined && typeof model !== "string")
    issues.push({ path: "model", message: "must be a string" });
  const state = parseState(body["state"], issues);
  const rawQuestions = body["questions"];
  const questions: QuestionSet = {};
  if (!isRecord(rawQuestions)) {
    issues.push({ path: "questions", message: "must be an object mapping each question id to a question" });
  } else {
    const ids = Object.keys(rawQuestions);
    if (ids.length === 0) issues.push({ path: "questions", message: "needs at least one question" });
    if (ids.length > limits.maxQuestions)
      issues.push({
        path: "questions",
        message: `has ${ids.length} questions; at most ${limits.maxQuestions} are accepted`,
      });
    for (const id of ids) {
      if (id.trim() === "")
        issues.push({ path: pathOf("questions", id), message: "question ids must not be empty" });
      const question = parseQuestion(id, rawQuestions[id], limits, issues);
      if (question) questions[id] = question;
    }
  }
  if (issues.length > 0 || !state) return { ok: false, issues };
  return { ok: true, value: { model: typeof model === "string" ? model : null, state, questions } };
}
