import { boundDecisionState, boundForeignState } from "../core/bounded-state.js";
import type { BackendResponse } from "../spec/answers.js";
import type { Backend, ForeignState } from "../spec/backend.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { QuestionSet } from "../spec/questions.js";
import { BackendError } from "./backend-error.js";
import { createHttpJsonClient, type HttpJsonClientOptions } from "./http-json-client.js";
import {
  type ResolvedSystemOneProvider,
  resolveSystemOneProvider,
  type SystemOneProviderName,
  type SystemOneProviderOverrides,
} from "./system-one-providers.js";

export interface SystemOneBackendOptions extends SystemOneProviderOverrides {
  /** Which provider: `typesafe`, `gateway`, `openrouter`, `laya` or `system-one` (any URL). Default `system-one`. */
  provider?: SystemOneProviderName;
  /** Where settings and keys are read from. Default `process.env`. */
  environment?: NodeJS.ProcessEnv;
  /** Timeouts, retries, deadline, response limit and an injectable fetch. See HttpJsonClientOptions. */
  http?: HttpJsonClientOptions;
}

/** Questions as this provider wants them: OpenRouter insists on both criteria of every noul question. */
export function questionsForProvider(
  questions: QuestionSet,
  provider: ResolvedSystemOneProvider,
): QuestionSet {
  if (!provider.noulCriteriaRequired) return questions;
  return Object.fromEntries(
    Object.entries(questions).map(([id, question]) => [
      id,
      question.type === "noul" && !question.criteria
        ? { ...question, criteria: { true: "Yes.", false: "No." } }
        : question,
    ]),
  );
}

/** Refuses, before sending, a question set the provider documents it would reject. */
function checkLimits(questions: QuestionSet, provider: ResolvedSystemOneProvider): void {
  const { maxQuestions, maxOptions } = provider.limits;
  const count = Object.keys(questions).length;
  if (maxQuestions !== null && count > maxQuestions)
    throw new BackendError(
      "unsupported_request",
      `${count} questions; ${provider.name} accepts at most ${maxQuestions} per request`,
    );
  for (const [id, question] of Object.entries(questions)) {
    if (question.type !== "choice") continue;
    const options = Object.keys(question.criteria).length;
    if (options > maxOptions)
      throw new BackendError(
        "unsupported_request",
        `question ${id} has ${options} options; ${provider.name} accepts at most ${maxOptions}`,
      );
  }
}

/**
 * A backend that asks a System One model over HTTP: `POST {base}/v1/systemone` with `{model, state,
 * questions}`. The state is cut to the provider's limit and says what was cut; the answer is returned as
 * it came, to be validated at the edge. Every fault is a BackendError with a code, never with the key.
 */
export function createSystemOneBackend(options: SystemOneBackendOptions = {}): Backend {
  const provider = resolveSystemOneProvider(
    options.provider ?? "system-one",
    options.environment ?? process.env,
    options,
  );
  const client = createHttpJsonClient(options.http);
  const secrets = provider.apiKey ? [provider.apiKey] : [];
  const headers: Record<string, string> = provider.apiKey
    ? { authorization: `Bearer ${provider.apiKey}` }
    : {};

  async function send(state: unknown, questions: QuestionSet, signal: AbortSignal): Promise<BackendResponse> {
    checkLimits(questions, provider);
    const response = await client.post(
      provider.url,
      { model: provider.model, state, questions: questionsForProvider(questions, provider) },
      { headers, signal, secrets },
    );
    // Whatever came back goes to the edge as it is: a missing field or a bad number there becomes
    // model_invalid_answer with the exact issue, which is more useful than a transport error.
    return response.body as BackendResponse;
  }

  return {
    id: `system-one:${provider.name}`,
    questionScope: "any",
    async answer(state: DecisionState, questions: QuestionSet, { signal }): Promise<BackendResponse> {
      const bounded = boundDecisionState(state, provider.limits.maxStateCharacters);
      if (!bounded.ok) throw new BackendError("state_too_large", bounded.issue);
      return send(bounded.state, questions, signal);
    },
    async answerForeign(state: ForeignState, questions: QuestionSet, { signal }): Promise<BackendResponse> {
      const bounded = boundForeignState(state, provider.limits.maxStateCharacters);
      if (!bounded.ok) throw new BackendError("state_too_large", bounded.issue);
      return send(bounded.state, questions, signal);
    },
  };
}
