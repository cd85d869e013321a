import type { Effect } from "./questions.js";

/** A choice answer as it arrives on the System One wire. */
export interface WireChoiceAnswer {
  type?: "choice";
  choice: string;
  probabilities: Record<string, number>;
  confidence?: number;
}

/** A yes/no answer as it arrives on the System One wire: `noul` is P(true). */
export interface WireNoulAnswer {
  type?: "noul";
  noul: number;
}

export type WireAnswer = WireChoiceAnswer | WireNoulAnswer;

/** What a backend returns: the model that answered and one answer per question id. */
export interface BackendResponse {
  /** The versioned id of the model that answered, for example `stopline-local-1.0.0` or `jev-1.13.0`. */
  model: string;
  answers: Record<string, unknown>;
}

/** The three answers after validation and renormalisation at the edge. */
export interface GateAnswers {
  model: string;
  effect: { choice: Effect; probabilities: Record<Effect, number> };
  servesTask: { probability: number };
  pageInstructsAgent: { probability: number };
}
