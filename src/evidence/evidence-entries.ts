import { reasonText } from "../core/reason-text.js";
import type { ApprovalAnswer } from "../spec/approval.js";
import type { Decision } from "../spec/decision.js";
import type { EvidenceEntry } from "../spec/evidence.js";
import type { ActionFacts, PageFacts } from "../spec/facts.js";

/** How many hidden pieces of page text a decision record keeps (each cut at 200 characters). */
const HIDDEN_IN_RECORD = 10;

/** The decision record: everything the gate knew and concluded, written before dispatch. */
export function decisionEntry(input: {
  decisionId: string;
  actionId: string;
  revision: number;
  task: string;
  action: ActionFacts;
  page: PageFacts | { url: string; title: string; stateHash: string };
  decision: Decision;
  backend: string;
  timings: Record<string, number>;
}): EvidenceEntry {
  const { decision } = input;
  const model = decision.model;
  const page =
    "visibleText" in input.page
      ? {
          url: input.page.url,
          origin: input.page.origin,
          title: input.page.title,
          stateHash: input.page.stateHash,
          visibleTextLength: input.page.visibleTextLength,
          hiddenTextCount: input.page.hiddenTextCount,
          hiddenText: input.page.hiddenText.slice(0, HIDDEN_IN_RECORD).map((piece) => ({
            text: piece.text.slice(0, 200),
            provenance: piece.provenance,
            hiddenBy: piece.hiddenBy,
          })),
          sensitiveFields: input.page.sensitiveFields.map((field) => ({
            kind: field.kind,
            where: field.where,
          })),
        }
      : input.page;
  return {
    type: "decision",
    decisionId: input.decisionId,
    actionId: input.actionId,
    revision: input.revision,
    task: input.task,
    action: { ...input.action },
    page,
    backend: input.backend,
    model: {
      id: model?.ok ? model.answers.model : null,
      latencyMs: Math.round((model?.latencyMs ?? 0) * 1000) / 1000,
      answers: model?.ok
        ? {
            effect: {
              choice: model.answers.effect.choice,
              probabilities: model.answers.effect.probabilities,
            },
            servesTask: model.answers.servesTask.probability,
            pageInstructsAgent: model.answers.pageInstructsAgent.probability,
          }
        : null,
      failure: model && !model.ok ? model.failure : null,
      detail: model && !model.ok ? model.detail.map((line) => line.slice(0, 500)).slice(0, 20) : [],
    },
    ruleHits: decision.ruleHits.map((hit) => ({ rule: hit.rule, floor: hit.floor, reason: hit.reason })),
    verdict: decision.verdict,
    floor: decision.floor,
    reasons: decision.reasons,
    reasonText: decision.reasons.map(reasonText),
    timings: Object.fromEntries(
      Object.entries(input.timings).map(([key, value]) => [key, Math.round(value * 1000) / 1000]),
    ),
  };
}

export function approvalEntry(input: {
  decisionId: string;
  actionId: string;
  answer: ApprovalAnswer;
  stateHash: string;
  revision: number;
  expiresAt: number | null;
}): EvidenceEntry {
  return {
    type: "approval",
    decisionId: input.decisionId,
    actionId: input.actionId,
    granted: input.answer.approved,
    by: input.answer.by,
    why: input.answer.approved ? null : input.answer.why,
    note: input.answer.note ?? null,
    scope: "once",
    boundTo: { actionId: input.actionId, stateHash: input.stateHash, revision: input.revision },
    expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt).toISOString(),
  };
}

export function outcomeEntry(input: {
  decisionId: string;
  actionId: string;
  status: "executed" | "failed" | "stopped";
  error?: string | null;
  verdict: Decision["verdict"];
  reasonCodes: string[];
}): EvidenceEntry {
  return {
    type: "outcome",
    decisionId: input.decisionId,
    actionId: input.actionId,
    status: input.status,
    executed: input.status === "executed",
    error: input.error ? input.error.slice(0, 2000) : null,
    verdict: input.verdict,
    reasonCodes: input.reasonCodes,
  };
}
