import type { BackendResponse } from "./answers.js";
import type { DecisionState } from "./decision-state.js";
import type { QuestionSet } from "./questions.js";

/**
 * State from a System One client other than the gate: plain text, or any JSON that is not a
 * DecisionState. A model can read it as text; the keyword baseline cannot read it at all.
 */
export type ForeignState = string | Record<string, unknown> | unknown[];

/**
 * A classifier that answers the gate's questions about a state. Implementations: the keyword baseline,
 * the embedded model, System One over HTTP, OpenAI-compatible servers. A backend never decides; it
 * answers, and the answers are validated at the edge before the policy reads them.
 */
export interface Backend {
  /** A short stable name, such as `keyword`, `local` or `system-one:typesafe`. */
  readonly id: string;
  answer(
    state: DecisionState,
    questions: QuestionSet,
    options: { signal: AbortSignal },
  ): Promise<BackendResponse>;
  /**
   * Which questions it answers: `gate` (only the gate's own questions, recognised by their content; the
   * default when absent) or `any` (any set of choice and noul questions).
   */
  readonly questionScope?: "gate" | "any";
  /**
   * Answers about a state that is not a DecisionState. Absent when the backend needs the DecisionState's
   * structure, as the keyword baseline does; `stopline serve` then rejects such states with a 422.
   */
  answerForeign?(
    state: ForeignState,
    questions: QuestionSet,
    options: { signal: AbortSignal },
  ): Promise<BackendResponse>;
  /** Releases sockets, workers or memory. Optional. */
  close?(): Promise<void>;
}
