import type { DescribedAction, HiddenBy, TextProvenance } from "./facts.js";

/**
 * The perception firewall's page model and verdict. A capture (live in Chromium, static from HTML, or
 * from text alone) yields a `PageText`: every text-bearing place with its provenance and why a person
 * would not see it. The detector turns it into a `PageScan`: per-node findings with spans, a page-level
 * probability and the critical flag the `injection_critical` hard rule reads.
 */

/** How the page was read. `text` is a page known only by its visible text and hidden pieces. */
export type CaptureMode = "live" | "static" | "text";

/** An interactive element inside a node's text, for the safe view's references. */
export interface NodeRef {
  /** The reference the agent may target, such as `e12`; resolved through `PageText.elements`. */
  ref: string;
  /** Offsets into the node's text (UTF-16 code units) where the element's text starts and ends. */
  start: number;
  end: number;
}

/** An element the agent can act on, and how to find it again. */
export interface ElementRef {
  ref: string;
  /** Explicit or implicit role: `link`, `button`, `textbox`, `checkbox`, ... */
  role: string;
  /** The element's accessible name, bounded to 100 characters. */
  name: string;
  /**
   * A Playwright selector that matched exactly this element when it was captured. Frames are entered
   * with `>> internal:control=enter-frame >>`; open shadow roots are pierced by Playwright's CSS engine.
   */
  selector: string;
}

/** One text-bearing place, as captured. */
export interface PageTextNode {
  /** Unique within one capture: `n0`, `n1`, ... */
  id: string;
  text: string;
  provenance: TextProvenance;
  /** Why a person would not see it; empty for visible text (and for attributes, meta and comments). */
  hiddenBy: HiddenBy[];
  /** A short description of where it sits, such as `div.review > p.note` or `iframe > meta[name=x]`. */
  where: string;
  /** The document or shadow root it belongs to (0 is the top document); runs never cross scopes. */
  scope: number;
  /** True when the page itself marks the text as a quotation or code (blockquote, q, code, pre). */
  quoted: boolean;
  /** Interactive elements inside the text (captures made with element references only). */
  refs?: NodeRef[];
}

export interface PageText {
  mode: CaptureMode;
  url: string;
  title: string;
  /** In document order for visible text; hidden places follow, grouped by kind. */
  nodes: PageTextNode[];
  /** Elements the agent can target, by reference (empty unless references were asked for). */
  elements: ElementRef[];
  /** False when a bound or the style-check budget cut the capture short: places may be missing. */
  complete: boolean;
  /** A digest of every node's text and provenance: the same page gives the same digest. */
  digest: string;
  /** What this mode cannot see (static mode cannot compute layout, for example). */
  limitations: string[];
  /** Milliseconds the capture took. */
  elapsedMs: number;
}

/** The signals the detector weighs. Each belongs to one family (see `SIGNAL_FAMILIES`). */
export type FirewallSignal =
  | "agent_address"
  | "instruction_override"
  | "fake_authority"
  | "approval_claim"
  | "action_directive"
  | "dangerous_command"
  | "exfiltration"
  | "secret_mention"
  | "hidden_substance"
  | "invisible_characters";

export type SignalFamily =
  | "instruction"
  | "authority"
  | "exfiltration"
  | "action"
  | "hidden"
  | "invisible"
  | "secret";

export const SIGNAL_FAMILIES: Readonly<Record<FirewallSignal, SignalFamily>> = Object.freeze({
  agent_address: "instruction",
  instruction_override: "instruction",
  fake_authority: "authority",
  approval_claim: "authority",
  action_directive: "action",
  dangerous_command: "action",
  exfiltration: "exfiltration",
  secret_mention: "secret",
  hidden_substance: "hidden",
  invisible_characters: "invisible",
});

/** Where in a node's (normalised) text a signal matched. */
export interface FindingSpan {
  node: string;
  start: number;
  end: number;
  signal: FirewallSignal;
}

/** A node, or a run of short adjacent nodes read as one, that holds text aimed at an agent. */
export interface Finding {
  /** `f1`, `f2`, ... in page order. */
  id: string;
  /** The node ids it covers: one, or several for a sentence split across short blocks. */
  nodes: string[];
  signals: FirewallSignal[];
  spans: FindingSpan[];
  /** P(this text is an instruction aimed at the agent), in [0,1]. */
  probability: number;
  /** An instruction that combines private data with a way out of the page: the hard rule blocks. */
  critical: boolean;
  /** True when the page presents the text as a quotation or an example (weighted down, never critical). */
  quoted: boolean;
  /** True when a person looking at the page would not see the text. */
  hidden: boolean;
}

/** A captured node after Unicode normalisation. */
export interface ScannedNode extends Omit<PageTextNode, "text"> {
  /** NFKC, zero-width and bidi controls removed, common confusables folded, whitespace collapsed. */
  text: string;
  /** Zero-width and bidi control characters removed from this node. */
  invisibleCharacters: number;
}

export type ScanVerdict = "clean" | "suspicious" | "injected";

export interface PageScan {
  mode: CaptureMode;
  url: string;
  title: string;
  nodes: ScannedNode[];
  findings: Finding[];
  /** P(the page instructs the agent), in [0,1]: what feeds `pageInstructsAgent`. */
  probability: number;
  verdict: ScanVerdict;
  /** True when any finding is critical. */
  critical: boolean;
  /** Every signal of every finding, without repeats. */
  signals: FirewallSignal[];
  /** Zero-width and bidi control characters removed across the page. */
  invisibleCharacters: number;
  complete: boolean;
  elements: ElementRef[];
  limitations: string[];
  /** The capture's digest: equal digests give equal scans. */
  digest: string;
  /** Milliseconds: `captureMs` in the page (or parser), `detectMs` in the detector. */
  timings: { captureMs: number; detectMs: number };
}

/** What a classifier sees of the scan: small, and free of page text. */
export interface FirewallSummary {
  probability: number;
  verdict: ScanVerdict;
  critical: boolean;
  signals: FirewallSignal[];
  /** How many findings, and how many of them sit in text a person cannot see. */
  findings: number;
  hiddenFindings: number;
  complete: boolean;
}

/**
 * The firewall as the gate sees it: injected through `GateSettings.detector`, so the core never imports
 * the firewall. `pageText` is the live capture when describe made one; without it the detector reads the
 * facts' visible text and hidden pieces.
 */
export type PageDetector = (input: { described: DescribedAction; pageText: PageText | null }) => PageScan;
