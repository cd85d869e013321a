import { z } from "zod";
import { ACTION_KINDS } from "./action.js";
import type { DecisionState } from "./decision-state.js";
import { HIDDEN_BY, type SensitiveKind, type TextProvenance } from "./facts.js";
import { type FirewallSignal, type ScanVerdict, SIGNAL_FAMILIES } from "./page-scan.js";

/**
 * The DecisionState as JSON on the wire, for `stopline serve`: a state that passes this schema is one of
 * ours (sent by the gate's own HTTP backend) and may go to a backend that reads structure; anything else
 * is foreign text or JSON. Objects are strict, so a near miss is reported with the path of each problem
 * rather than passed on with fields silently dropped.
 */

const SENSITIVE_KINDS = [
  "password",
  "card",
  "one_time_code",
  "api_key",
] as const satisfies readonly SensitiveKind[];
const PROVENANCES = [
  "comment",
  "meta",
  "attr:alt",
  "attr:title",
  "attr:aria-label",
  "attr:aria-description",
  "attr:placeholder",
  "attr:value",
  "noscript",
  "template",
  "pseudo-content",
  "srcdoc",
  "text",
] as const satisfies readonly TextProvenance[];

const SCAN_VERDICTS = ["clean", "suspicious", "injected"] as const satisfies readonly ScanVerdict[];
const SIGNALS = Object.keys(SIGNAL_FAMILIES) as [FirewallSignal, ...FirewallSignal[]];

// Compile-time checks that the lists above name every member of their unions.
const _complete: [
  Exclude<SensitiveKind, (typeof SENSITIVE_KINDS)[number]>,
  Exclude<TextProvenance, (typeof PROVENANCES)[number]>,
  Exclude<ScanVerdict, (typeof SCAN_VERDICTS)[number]>,
] extends [never, never, never]
  ? true
  : never = true;
void _complete;

const nullableString = z.string().nullable();

const targetSchema = z.strictObject({
  tag: z.string(),
  role: nullableString,
  name: z.string(),
  inputType: nullableString,
  autocomplete: nullableString,
  elementName: nullableString,
  id: nullableString,
  placeholder: nullableString,
  href: nullableString,
  itemText: nullableString,
  section: nullableString.optional(),
  formAction: nullableString,
  formMethod: nullableString,
  submitsForm: z.boolean(),
  sensitiveKind: z.enum(SENSITIVE_KINDS).nullable(),
  formSensitiveKinds: z.array(z.enum(SENSITIVE_KINDS)),
  visible: z.boolean(),
  options: z.array(z.string()).nullable(),
  chosenOption: z.string().nullable().optional(),
  checked: z.boolean().nullable(),
});

/** A DecisionState, plus the note a bounded rendering adds when it had to cut something. */
export const decisionStateSchema = z.strictObject({
  task: z.string(),
  action: z.strictObject({
    kind: z.enum(ACTION_KINDS),
    value: nullableString,
    valueRedacted: z.boolean(),
    target: targetSchema.nullable(),
    destination: z
      .strictObject({ url: z.string(), origin: z.string(), via: z.string(), offOrigin: z.boolean() })
      .nullable(),
  }),
  page: z.strictObject({
    url: z.string(),
    origin: nullableString,
    title: z.string(),
    visibleText: z.string(),
    visibleTextTruncated: z.boolean(),
    hiddenText: z.array(
      z.strictObject({
        text: z.string(),
        provenance: z.enum(PROVENANCES),
        hiddenBy: z.array(z.enum(HIDDEN_BY)),
      }),
    ),
    hiddenTextCount: z.number().int().nonnegative(),
    sensitiveFieldKinds: z.array(z.enum(SENSITIVE_KINDS)),
    firewall: z
      .strictObject({
        probability: z.number().min(0).max(1),
        verdict: z.enum(SCAN_VERDICTS),
        critical: z.boolean(),
        signals: z.array(z.enum(SIGNALS)),
        findings: z.number().int().nonnegative(),
        hiddenFindings: z.number().int().nonnegative(),
        complete: z.boolean(),
      })
      .optional(),
  }),
  /** What a bounded rendering cut, in words the model reads (`page.visibleText: kept 1,000 of 9,000 characters`). */
  truncation: z.array(z.string()).optional(),
}) satisfies z.ZodType<DecisionState>;

/** A DecisionState as a bounded rendering sends it: possibly cut, and then saying what was cut. */
export type RenderedDecisionState = z.infer<typeof decisionStateSchema>;

// A field added to DecisionState, even an optional one, must be added above, or states that carry it
// would be refused as foreign: these fail to compile until it is.
type Missing<Type, Schema> = Exclude<keyof Type, keyof Schema>;
const _inSync: [
  Missing<DecisionState, RenderedDecisionState>,
  Missing<DecisionState["action"], RenderedDecisionState["action"]>,
  Missing<
    NonNullable<DecisionState["action"]["target"]>,
    NonNullable<RenderedDecisionState["action"]["target"]>
  >,
  Missing<DecisionState["page"], RenderedDecisionState["page"]>,
  Missing<
    NonNullable<DecisionState["page"]["firewall"]>,
    NonNullable<RenderedDecisionState["page"]["firewall"]>
  >,
] extends [never, never, never, never, never]
  ? true
  : never = true;
void _inSync;
