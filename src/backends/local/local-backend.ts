import { matchGateQuestions } from "../../core/gate-question-match.js";
import type { BackendResponse } from "../../spec/answers.js";
import type { Backend } from "../../spec/backend.js";
import type { DecisionState } from "../../spec/decision-state.js";
import { type ExtractedFeatures, extractFeatures } from "./feature-extractor.js";
import { binaryProbability, choiceProbabilities } from "./linear-model.js";
import { type LocalModel, sharedLocalModel } from "./local-model.js";

/** The error of a question set the embedded model was not trained to answer. */
export class UnsupportedQuestionsError extends Error {
  readonly code = "unsupported_questions";
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedQuestionsError";
  }
}

/**
 * How unfamiliar an input is, from 0 (like the training data) to 1 (nothing like it): the share of its
 * words the model never saw, a script it rarely saw, no text at all, an element it does not know.
 */
export function unfamiliarity(model: LocalModel, features: ExtractedFeatures): number {
  const { tokens, nonLatin, empty, tag, role } = features.familiarity;
  if (empty) return 1;
  const unknown =
    tokens.length === 0 ? 1 : tokens.filter((token) => !model.vocabulary.has(token)).length / tokens.length;
  let score = unknown;
  if (nonLatin > 0.3 && model.familiarity.nonLatinTrainingShare < 0.1) score = Math.max(score, nonLatin);
  // An element the model has never seen is as unfamiliar as it gets, whatever its words say.
  if (tag !== null && !model.knownTags.has(tag)) score = 1;
  if (role !== null && !model.knownRoles.has(role)) score = Math.max(score, 0.95);
  return Math.min(1, score);
}

/** How far answers are pulled towards "don't know" for a given unfamiliarity. */
export function doubt(model: LocalModel, unfamiliar: number): number {
  const { threshold, strength } = model.familiarity;
  if (unfamiliar <= threshold) return 0;
  return Math.min(1, (unfamiliar - threshold) / (1 - threshold)) * strength;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Answers the gate's three questions for one state with the loaded model. */
export function answerWithModel(model: LocalModel, state: DecisionState): BackendResponse {
  const features = extractFeatures(state, model.vectors);
  const pull = doubt(model, unfamiliarity(model, features));
  const effectRaw = choiceProbabilities(model.effect, features.effect);
  const effect = effectRaw.map((value) => (1 - pull) * value + pull / effectRaw.length);
  const spread = (probability: number) => 0.5 + (probability - 0.5) * (1 - pull);
  const servesTask = spread(binaryProbability(model.servesTask, features.servesTask));
  const injection = spread(binaryProbability(model.pageInstructsAgent, features.pageInstructsAgent));
  const probabilities = Object.fromEntries(
    model.effect.classes.map((name, index) => [name, round(effect[index] as number)]),
  );
  const top = effect.indexOf(Math.max(...effect));
  const n = effect.length;
  return {
    model: `${model.id}-${model.version}`,
    answers: {
      effect: {
        type: "choice",
        choice: model.effect.classes[top] as string,
        probabilities,
        confidence: round(((effect[top] as number) - 1 / n) / (1 - 1 / n)),
      },
      servesTask: { type: "noul", noul: round(servesTask) },
      pageInstructsAgent: { type: "noul", noul: round(injection) },
    },
  };
}

export interface LocalBackendOptions {
  /**
   * A loaded model, or the path of a model file (loaded once per process and shared). Default: the
   * committed `models/stopline-local.json`.
   */
  model?: LocalModel | string;
}

/**
 * The embedded model as a backend: no key, no network, in process. It answers the gate's three
 * questions; any other question set is an error (so the gate asks).
 */
export function createLocalBackend(options: LocalBackendOptions = {}): Backend {
  const model = typeof options.model === "object" ? options.model : sharedLocalModel(options.model);
  return {
    id: "local",
    async answer(state, questions) {
      // Questions are recognised by their content (ids carry no meaning), and answered under the caller's ids.
      const match = matchGateQuestions(questions);
      if (!match.ok)
        throw new UnsupportedQuestionsError(
          `the embedded model answers only the gate's three questions: ${match.issues.map((issue) => issue.path).join(", ")}`,
        );
      const response = answerWithModel(model, state);
      const answers = Object.fromEntries(
        Object.entries(match.value).map(([id, gateId]) => [id, response.answers[gateId]]),
      );
      return { ...response, answers } as BackendResponse;
    },
  };
}
