import { z } from "zod";

/** The version of the evidence record format. */
export const EVIDENCE_SCHEMA = "stopline.evidence/1";

const base = {
  schema: z.literal(EVIDENCE_SCHEMA),
  seq: z.number().int().positive(),
  time: z.iso.datetime(),
  runId: z.string().min(1),
  prev: z.string().regex(/^[0-9a-f]{64}$/),
};

const reason = z.looseObject({ code: z.string().min(1) });

export const decisionRecordSchema = z.strictObject({
  ...base,
  type: z.literal("decision"),
  decisionId: z.string().min(1),
  actionId: z.string().min(1),
  revision: z.number().int().nonnegative(),
  task: z.string(),
  action: z.looseObject({ kind: z.string(), selector: z.string().nullable(), value: z.string().nullable() }),
  page: z.looseObject({ url: z.string(), title: z.string(), stateHash: z.string() }),
  backend: z.string(),
  model: z.strictObject({
    id: z.string().nullable(),
    latencyMs: z.number().nonnegative(),
    answers: z
      .strictObject({
        effect: z.strictObject({ choice: z.string(), probabilities: z.record(z.string(), z.number()) }),
        servesTask: z.number(),
        pageInstructsAgent: z.number(),
      })
      .nullable(),
    failure: z.string().nullable(),
    detail: z.array(z.string()),
  }),
  ruleHits: z.array(z.strictObject({ rule: z.string(), floor: z.string(), reason })),
  verdict: z.enum(["allow", "ask", "block"]),
  floor: z.enum(["allow", "ask", "block"]),
  reasons: z.array(reason),
  reasonText: z.array(z.string()),
  timings: z.record(z.string(), z.number()),
});

export const approvalRecordSchema = z.strictObject({
  ...base,
  type: z.literal("approval"),
  decisionId: z.string().min(1),
  actionId: z.string().min(1),
  granted: z.boolean(),
  by: z.string(),
  why: z.string().nullable(),
  note: z.string().nullable(),
  scope: z.literal("once"),
  boundTo: z.strictObject({ actionId: z.string(), stateHash: z.string(), revision: z.number().int() }),
  expiresAt: z.iso.datetime().nullable(),
});

export const outcomeRecordSchema = z.strictObject({
  ...base,
  type: z.literal("outcome"),
  decisionId: z.string().min(1),
  actionId: z.string().min(1),
  status: z.enum(["executed", "failed", "stopped"]),
  executed: z.boolean(),
  error: z.string().nullable(),
  verdict: z.enum(["allow", "ask", "block"]),
  reasonCodes: z.array(z.string()),
});

export const repairRecordSchema = z.strictObject({
  ...base,
  type: z.literal("repair"),
  tornBytes: z.number().int().nonnegative(),
  tornSha256: z.string().regex(/^[0-9a-f]{64}$/),
  savedTo: z.string(),
});

export const evidenceRecordSchema = z.discriminatedUnion("type", [
  decisionRecordSchema,
  approvalRecordSchema,
  outcomeRecordSchema,
  repairRecordSchema,
]);

export type EvidenceRecord = z.infer<typeof evidenceRecordSchema>;
export type DecisionRecord = z.infer<typeof decisionRecordSchema>;
export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;
export type OutcomeRecord = z.infer<typeof outcomeRecordSchema>;

type Base = "schema" | "seq" | "time" | "runId" | "prev";
/** A record as a caller hands it to the log: the log fills in schema, sequence, time, run id and prev. */
export type EvidenceEntry =
  | Omit<DecisionRecord, Base>
  | Omit<ApprovalRecord, Base>
  | Omit<OutcomeRecord, Base>
  | Omit<z.infer<typeof repairRecordSchema>, Base>;

/** Appends records durably: when append returns, the record is on disk. */
export interface EvidenceSink {
  append(entry: EvidenceEntry): EvidenceRecord;
  close(): void;
}
