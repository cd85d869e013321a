import type { ActionKind } from "./action.js";
import type { HiddenBy, SensitiveKind, TextProvenance } from "./facts.js";
import type { FirewallSummary } from "./page-scan.js";

/**
 * What a classifier sees about one proposed action: the user's task, the action in facts, and the page,
 * bounded and with secrets redacted. Every backend gets this same state; HTTP backends send it as JSON.
 */
export interface DecisionState {
  task: string;
  action: {
    kind: ActionKind;
    /** The value with secrets replaced by a redaction marker. */
    value: string | null;
    valueRedacted: boolean;
    target: {
      tag: string;
      role: string | null;
      name: string;
      inputType: string | null;
      autocomplete: string | null;
      elementName: string | null;
      id: string | null;
      placeholder: string | null;
      href: string | null;
      itemText: string | null;
      /** The sections the target sits in, innermost first (see TargetFacts.section); absent from older states. */
      section?: string | null;
      formAction: string | null;
      formMethod: string | null;
      submitsForm: boolean;
      /** The kind of secret this field collects, when it is a sensitive field. */
      sensitiveKind: SensitiveKind | null;
      /** Kinds of sensitive fields in the form the target belongs to. */
      formSensitiveKinds: SensitiveKind[];
      visible: boolean;
      options: string[] | null;
      /** For `select`: the label of the option the value picks (by value, then by label), else null. */
      chosenOption?: string | null;
      checked: boolean | null;
    } | null;
    destination: { url: string; origin: string; via: string; offOrigin: boolean } | null;
  };
  page: {
    url: string;
    origin: string | null;
    title: string;
    /** Visible text, bounded; `visibleTextTruncated` says whether it was cut. */
    visibleText: string;
    visibleTextTruncated: boolean;
    hiddenText: { text: string; provenance: TextProvenance; hiddenBy: HiddenBy[] }[];
    hiddenTextCount: number;
    sensitiveFieldKinds: SensitiveKind[];
    /**
     * The perception firewall's verdict on this page, when the gate runs it: a probability that the page
     * instructs the agent, the critical flag and the signal names (no page text). Backends may read it
     * for `pageInstructsAgent`.
     */
    firewall?: FirewallSummary;
  };
}
