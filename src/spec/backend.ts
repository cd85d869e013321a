import type { BackendResponse } from "./answers.js";
import type { DecisionState } from "./decision-state.js";
import type { QuestionSet } from "./questions.js";

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
  /** Releases sockets, workers or memory. Optional. */
  close?(): Promise<void>;
}
