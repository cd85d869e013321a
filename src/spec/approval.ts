import type { GateAnswers } from "./answers.js";
import type { ActionFacts } from "./facts.js";
import type { Reason } from "./reason.js";

/** What a person is asked about: the action in words and facts, the page, the reasons, the probabilities. */
export interface ApprovalRequest {
  decisionId: string;
  actionId: string;
  stateHash: string;
  revision: number;
  task: string;
  action: ActionFacts;
  page: { url: string; title: string };
  reasons: Reason[];
  reasonText: string[];
  answers: GateAnswers | null;
  /** The action in one sentence, for people. */
  summary: string;
}

export type ApprovalAnswer =
  | { approved: true; by: string; note?: string }
  | { approved: false; by: string; why: "denied" | "unattended" | "timeout" | "error"; note?: string };

/** Puts an `ask` to a person. Unattended approvers say no. */
export interface Approver {
  readonly id: string;
  decide(request: ApprovalRequest, options: { signal: AbortSignal }): Promise<ApprovalAnswer>;
}
