import type {
  Finding,
  FindingSpan,
  FirewallSignal,
  PageScan,
  PageText,
  PageTextNode,
  ScannedNode,
  ScanVerdict,
} from "../spec/page-scan.js";
import {
  DATA_IN_LINK,
  DISCUSSION_MARKERS,
  EXAMPLE_MARKERS,
  EXFILTRATION_DESTINATIONS,
  NAVIGATION_VERBS,
  type PatternSignal,
  SIGNAL_PATTERNS,
  TEMPLATE_TOKENS,
  TRANSFER_VERBS,
  TRIGGER,
  VOCATIVE_OPENING,
  WEAK_AGENT_ADDRESS,
} from "./signal-catalog.js";
import { normaliseText } from "./text-normalisation.js";

/**
 * The detector: pure and deterministic. Each text-bearing place (and each short run of adjacent places,
 * so a sentence split over blocks is read whole) gets signals from the catalog; a logistic combination of
 * weighted signals gives P(this text instructs the agent). The page's probability is its most likely
 * finding. Text the page itself presents as a quotation or an example (a security article quoting an
 * injection) is weighted down and is never critical; hidden text is never weighted down.
 */

export interface SignalWeights {
  /** The logit of a place with no signal at all. */
  bias: number;
  /** An explicit note to an agent ("Note for AI assistants:", "If you are an AI agent"). */
  agent_address: number;
  /** A role tag or persona only ("Assistant:", "you are the helpdesk assistant"). */
  agentRole: number;
  instruction_override: number;
  fake_authority: number;
  /** Chat-template tokens (`<|im_start|>`, `[INST]`): a model's prompt format, never meant for people. */
  templateTokens: number;
  approval_claim: number;
  action_directive: number;
  dangerous_command: number;
  exfiltration: number;
  secret_mention: number;
  /** Hidden from a person by style (display, colour, size, position, ...). */
  hiddenByStyle: number;
  /** In markup a person never sees: comments, meta, noscript, template. */
  hiddenInMarkup: number;
  /** In attributes (alt, title, aria-label, ...): read by tools, rarely by people. */
  hiddenInAttribute: number;
  invisible_characters: number;
  /** An agent addressed and told to act, send, approve or forget. */
  addressedInstruction: number;
  /** A fake system or tool message that also directs, claims approval or addresses the agent. */
  authorityWithInstruction: number;
  /** "The user already approved" next to a directive. */
  approvalWithDirective: number;
  /** Subtracted when the page presents the text as a quotation or an example (visible text only). */
  quoted: number;
  /** The most a quotation or example can score: it may be a finding, never a reason to block. */
  quotedCeiling: number;
}

export const DEFAULT_WEIGHTS: Readonly<SignalWeights> = Object.freeze({
  bias: -4,
  agent_address: 4.5,
  agentRole: 1.5,
  instruction_override: 2.5,
  fake_authority: 2.5,
  templateTokens: 4,
  approval_claim: 2,
  action_directive: 1,
  dangerous_command: 3,
  exfiltration: 1.5,
  secret_mention: 0.75,
  hiddenByStyle: 1.5,
  hiddenInMarkup: 1.25,
  hiddenInAttribute: 1,
  invisible_characters: 1,
  addressedInstruction: 1,
  authorityWithInstruction: 0.75,
  approvalWithDirective: 0.75,
  quoted: 3.5,
  quotedCeiling: 0.35,
});

export interface DetectorOptions {
  /** P at or above which a page is `injected` (and a finding is flagged in the safe view). Default 0.5. */
  injectedThreshold?: number;
  /** P at or above which a place becomes a finding and a page `suspicious`. Default 0.2. */
  suspiciousThreshold?: number;
  weights?: Partial<SignalWeights>;
  /** Milliseconds the capture took, carried into the scan's timings. Default: the capture's own. */
  captureMs?: number;
}

type HiddenKind = "style" | "markup" | "attribute" | null;

interface Analysed {
  node: ScannedNode;
  index: number;
  spans: FindingSpan[];
  hidden: HiddenKind;
  invisibleInWords: number;
  /** The text matched the trigger: only such text can carry a signal. */
  triggered: boolean;
}

interface Window {
  members: Analysed[];
  signals: Set<FirewallSignal>;
  spans: FindingSpan[];
  probability: number;
  critical: boolean;
  quoted: boolean;
  hidden: boolean;
}

interface CompiledPattern {
  pattern: RegExp;
  /** Written in Chinese or Japanese: only worth running on text that has such characters. */
  cjk: boolean;
}
const CJK_SOURCE = /[\u3040-\u30ff\u3400-\u9fff]/;
const compiled = (patterns: RegExp[]): CompiledPattern[] =>
  patterns.map((pattern) => ({
    pattern: new RegExp(pattern.source, `${pattern.flags}g`),
    cjk: CJK_SOURCE.test(pattern.source) && !pattern.source.includes("\\b"),
  }));
/** Signals that can lift a place on their own; the others only count next to one of these. */
const PRIMARY: PatternSignal[] = [
  "agent_address",
  "instruction_override",
  "fake_authority",
  "approval_claim",
  "dangerous_command",
];
const SECONDARY: PatternSignal[] = ["action_directive", "secret_mention"];
const GLOBAL_PATTERNS = Object.fromEntries(
  [...PRIMARY, ...SECONDARY].map((signal) => [signal, compiled(SIGNAL_PATTERNS[signal])]),
) as Record<PatternSignal, CompiledPattern[]>;
const WEAK_ADDRESS = compiled(WEAK_AGENT_ADDRESS);
const TOKENS = compiled(TEMPLATE_TOKENS);
/** Spans found by the weak agent patterns: same signal, less weight. */
const weakSpans = new WeakSet<FindingSpan>();
/** Spans that are chat-template tokens: same signal, more weight. */
const tokenSpans = new WeakSet<FindingSpan>();

const SUBSTANCE_WORDS = 6;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/gu;
const OPENING_QUOTES = /[“«„「『‘]/u;
const CLOSING_QUOTES = /[”»“」』’]/u;

/** The site of a host: its last two labels (three under a two-letter country code with a short label). */
function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length <= 2) return labels.join(".");
  const top = labels[labels.length - 1] as string;
  const second = labels[labels.length - 2] as string;
  return top.length === 2 && second.length <= 3 ? labels.slice(-3).join(".") : labels.slice(-2).join(".");
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** True when a destination leaves the page's site (a reply to the agent's own output always does). */
function leavesSite(destination: string, pageSite: string | null): boolean {
  const email = /@([\w-]+(?:\.[\w-]+)+)/.exec(destination);
  let host: string | null = null;
  if (email) host = email[1] as string;
  else if (/^https?:\/\//i.test(destination)) host = hostOf(destination);
  else if (/^(?:[\w-]+\.)+[a-z]{2,}/i.test(destination)) host = (destination.split("/")[0] as string) || null;
  if (host === null) return true;
  return pageSite === null || siteOf(host) !== pageSite;
}

function hiddenKindOf(node: PageTextNode): HiddenKind {
  if (node.provenance.startsWith("attr:") && node.provenance !== "attr:value") return "attribute";
  if (["comment", "meta", "noscript", "template"].includes(node.provenance)) return "markup";
  if (node.hiddenBy.some((reason) => reason === "not-rendered")) return "markup";
  if (node.hiddenBy.some((reason) => reason !== "aria-hidden")) return "style";
  return null;
}

function hasSubstance(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
  const cjk = text.match(CJK)?.length ?? 0;
  return words >= SUBSTANCE_WORDS || cjk >= 15;
}

/**
 * Every signal span in one piece of normalised text. The directive and secret patterns run only when a
 * primary signal or a destination was found, or when `always` says the text is hidden: on their own they
 * cannot lift visible text to a finding, and they are the costliest to run over ordinary prose.
 */
export function signalSpans(
  text: string,
  nodeId: string,
  pageSite: string | null,
  always = false,
): FindingSpan[] {
  const spans: FindingSpan[] = [];
  const hasCjk = CJK_SOURCE.test(text);
  const run = (signal: PatternSignal, patterns: CompiledPattern[], tier: "weak" | "token" | null = null) => {
    for (const { pattern, cjk } of patterns) {
      if (cjk && !hasCjk) continue;
      pattern.lastIndex = 0;
      let count = 0;
      for (let match = pattern.exec(text); match && count < 4; match = pattern.exec(text)) {
        if (match[0].length === 0) {
          pattern.lastIndex++;
          continue;
        }
        // Leading separators the pattern needed for context are not part of the span.
        const lead = /^[\s.!?;:[(【「“"«—–-]*/u.exec(match[0])?.[0].length ?? 0;
        const span: FindingSpan = {
          node: nodeId,
          start: match.index + lead,
          end: match.index + match[0].length,
          signal,
        };
        if (tier === "weak") weakSpans.add(span);
        if (tier === "token") tokenSpans.add(span);
        spans.push(span);
        count++;
      }
    }
  };
  for (const signal of PRIMARY) run(signal, GLOBAL_PATTERNS[signal]);
  run("agent_address", WEAK_ADDRESS, "weak");
  run("fake_authority", TOKENS, "token");
  // A way out of the page: a destination off the site with a verb that carries something there, or one
  // that takes the agent there with private data along (a secret nearby, or data in the link itself).
  EXFILTRATION_DESTINATIONS.lastIndex = 0;
  let count = 0;
  for (
    let match = EXFILTRATION_DESTINATIONS.exec(text);
    match && count < 6;
    match = EXFILTRATION_DESTINATIONS.exec(text)
  ) {
    count++;
    // The agent's own output (a phrase, never an address or a link that merely contains such a word).
    const reply =
      !/[@/.]/.test(match[0]) &&
      /reply|response|answer|output|summary|chat|comment|message|composer|r[ée]ponse|回复|回答|返信/i.test(
        match[0],
      );
    if (!reply && !leavesSite(match[0], pageSite)) continue;
    const window = text.slice(
      Math.max(0, match.index - 120),
      Math.min(text.length, match.index + match[0].length + 60),
    );
    // "Don't paste secrets into the chat" forbids the transfer it names.
    const forbidden =
      /\b(?:do\s+not|don['’]t|never|no)\s+(?:[\w'’-]+\s+){0,2}?(?:send|forward|share|paste|copy|post|include|upload|e-?mail|give|type|enter)\b/i.test(
        window,
      );
    const carries =
      (!forbidden &&
        (TRANSFER_VERBS.test(window) || (reply && /\b(?:put|write|state|say|add|give)\b/i.test(window)))) ||
      (!reply &&
        !forbidden &&
        NAVIGATION_VERBS.test(window) &&
        (DATA_IN_LINK.test(match[0]) ||
          SIGNAL_PATTERNS.secret_mention.some((pattern) => pattern.test(window))));
    if (carries)
      spans.push({
        node: nodeId,
        start: match.index,
        end: match.index + match[0].length,
        signal: "exfiltration",
      });
  }
  if (always || spans.length > 0) for (const signal of SECONDARY) run(signal, GLOBAL_PATTERNS[signal]);
  return spans;
}

/** Is the span presented inside quotation marks in its own text? */
function insideQuotes(text: string, start: number): boolean {
  const before = text.slice(0, start);
  const after = text.slice(start);
  let depth = 0;
  for (const character of before) {
    if (OPENING_QUOTES.test(character) && !(character === "“" && depth > 0)) depth++;
    else if (CLOSING_QUOTES.test(character) && depth > 0) depth--;
  }
  const straight = (before.match(/"/g)?.length ?? 0) % 2 === 1 && after.includes('"');
  return (depth > 0 && CLOSING_QUOTES.test(after)) || straight;
}

function logistic(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

/**
 * Scans captured page text for text aimed at an agent. Deterministic: the same capture gives the same
 * scan.
 */
export function detectInjection(page: PageText, options: DetectorOptions = {}): PageScan {
  const started = performance.now();
  const weights: SignalWeights = { ...DEFAULT_WEIGHTS, ...options.weights };
  const injectedThreshold = options.injectedThreshold ?? 0.5;
  const suspiciousThreshold = options.suspiciousThreshold ?? 0.2;
  const host = hostOf(page.url);
  const pageSite = host ? siteOf(host) : null;

  let invisibleCharacters = 0;
  const analysed: Analysed[] = page.nodes.map((node, index) => {
    const normal = normaliseText(node.text);
    invisibleCharacters += normal.invisible;
    const scanned: ScannedNode = { ...node, text: normal.text, invisibleCharacters: normal.invisible };
    const hidden = hiddenKindOf(node);
    const triggered = TRIGGER.test(normal.text);
    const spans = triggered
      ? signalSpans(normal.text, node.id, pageSite, hidden !== null || normal.invisibleInWords > 0)
      : [];
    return { node: scanned, index, spans, hidden, invisibleInWords: normal.invisibleInWords, triggered };
  });

  // The page talks about attacks on agents: quoted examples in it are examples.
  const discusses =
    DISCUSSION_MARKERS.test(normaliseText(page.title).text) ||
    analysed.some(
      (entry) => entry.hidden === null && entry.triggered && DISCUSSION_MARKERS.test(entry.node.text),
    );

  const scoreWindow = (members: Analysed[], spans: FindingSpan[]): Window => {
    const signals = new Set<FirewallSignal>(spans.map((span) => span.signal));
    const hiddenKinds = members
      .map((member) => member.hidden)
      .filter((kind): kind is Exclude<HiddenKind, null> => kind !== null);
    const hidden = hiddenKinds.length > 0;
    const text = members.map((member) => member.node.text).join(" ");
    if (hidden && hasSubstance(text)) signals.add("hidden_substance");
    const invisible = members.reduce((sum, member) => sum + member.invisibleInWords, 0);
    if (invisible > 0) signals.add("invisible_characters");

    let z = weights.bias;
    // A short line with no punctuation at all that only names agents ("AI agents acting for patrons") is
    // a heading: the topic of a policy or an article, not an address. Without a vocative mark, an opening
    // such as "Note to" or "Dear", or anything it asks for, it counts as a role mention.
    const topicLine =
      !hidden &&
      invisible === 0 &&
      signals.size === 1 &&
      signals.has("agent_address") &&
      text.length <= 80 &&
      !text.includes("\n") &&
      !/[:：,，.!?。！？;；—–]/.test(text) &&
      !VOCATIVE_OPENING.test(text);
    const strongAddress =
      !topicLine && spans.some((span) => span.signal === "agent_address" && !weakSpans.has(span));
    if (signals.has("agent_address")) z += strongAddress ? weights.agent_address : weights.agentRole;
    if (signals.has("instruction_override")) z += weights.instruction_override;
    if (signals.has("fake_authority"))
      z += spans.some((span) => tokenSpans.has(span)) ? weights.templateTokens : weights.fake_authority;
    if (signals.has("approval_claim")) z += weights.approval_claim;
    if (signals.has("action_directive")) z += weights.action_directive;
    if (signals.has("dangerous_command")) z += weights.dangerous_command;
    if (signals.has("exfiltration")) z += weights.exfiltration;
    if (signals.has("secret_mention")) z += weights.secret_mention;
    if (signals.has("hidden_substance"))
      z += hiddenKinds.includes("style")
        ? weights.hiddenByStyle
        : hiddenKinds.includes("markup")
          ? weights.hiddenInMarkup
          : weights.hiddenInAttribute;
    if (signals.has("invisible_characters")) z += weights.invisible_characters * (invisible >= 5 ? 1.5 : 1);
    const instructs =
      signals.has("action_directive") ||
      signals.has("dangerous_command") ||
      signals.has("approval_claim") ||
      signals.has("exfiltration") ||
      signals.has("instruction_override");
    // A role tag alone ("Assistant:") may be the assistant speaking in a chat widget: no bonus.
    if (strongAddress && instructs) z += weights.addressedInstruction;
    if (signals.has("fake_authority") && (instructs || signals.has("agent_address")))
      z += weights.authorityWithInstruction;
    if (signals.has("approval_claim") && signals.has("action_directive")) z += weights.approvalWithDirective;

    // Quotation and example context, for text a person can see.
    let quoted = false;
    if (!hidden && spans.length > 0) {
      const first = members[0] as Analysed;
      const previous = analysed[first.index - 1];
      const strong = spans.filter((span) =>
        ["agent_address", "instruction_override", "fake_authority", "approval_claim"].includes(span.signal),
      );
      const anchor = (strong.length > 0 ? strong : spans).reduce((a, b) => (a.start <= b.start ? a : b));
      const anchorNode = members.find((member) => member.node.id === anchor.node) ?? first;
      const introduced =
        previous !== undefined &&
        previous.hidden === null &&
        previous.node.scope === first.node.scope &&
        /[:：]\s*$/.test(previous.node.text) &&
        EXAMPLE_MARKERS.test(previous.node.text);
      // Quotation marks or a quote element alone prove nothing (a chat message quotes its sender); the
      // page must also present the text as an example, or be about attacks on agents.
      const marked =
        members.some((member) => member.node.quoted) || insideQuotes(anchorNode.node.text, anchor.start);
      const exampleBefore =
        EXAMPLE_MARKERS.test(anchorNode.node.text.slice(0, anchor.start)) ||
        (previous !== undefined && previous.hidden === null && EXAMPLE_MARKERS.test(previous.node.text));
      // On a page about attacks, a sentence that ends in a colon and is followed by the text ("a more
      // homely version, in an HTML comment: [SYSTEM NOTICE] ...") reports what was seen: the inline code
      // or quotation that held it is lost once a block's text is joined.
      const lead = anchorNode.node.text.slice(0, anchor.start);
      const clause = lead.split(/[.!?。！？]\s/).pop() ?? "";
      const reported =
        discusses && /[:：]\s*[[(【「“"«]?\s*$/.test(clause) && (clause.match(/\p{L}+/gu)?.length ?? 0) >= 3;
      quoted =
        introduced || reported || (marked && (discusses || exampleBefore)) || (discusses && exampleBefore);
      if (quoted) z -= weights.quoted;
    }
    const probability = quoted ? Math.min(logistic(z), weights.quotedCeiling) : logistic(z);
    const addressed =
      signals.has("agent_address") ||
      signals.has("instruction_override") ||
      signals.has("fake_authority") ||
      signals.has("approval_claim");
    // Private data and the way out must sit in the same instruction, not merely on the same page.
    const nearby = spans.some(
      (exit) =>
        exit.signal === "exfiltration" &&
        spans.some(
          (secret) =>
            secret.signal === "secret_mention" &&
            secret.node === exit.node &&
            Math.abs(secret.start - exit.start) <= 240,
        ),
    );
    const critical = !quoted && addressed && nearby && probability >= injectedThreshold;
    return { members, signals, spans, probability, critical, quoted, hidden };
  };

  const windows: Window[] = [];
  const textual = (entry: Analysed) => entry.node.provenance === "text" && entry.hidden === null;
  for (const entry of analysed) {
    // Hidden text with nothing else to it cannot reach a finding on its own: not worth a window.
    if (entry.spans.length > 0 || entry.invisibleInWords > 0) windows.push(scoreWindow([entry], entry.spans));
    // A short heading or line that addresses the agent carries over to the line after it.
    const previous = analysed[entry.index - 1];
    if (
      previous &&
      previous.node.scope === entry.node.scope &&
      (previous.hidden === null) === (entry.hidden === null) &&
      previous.node.text.length <= 160 &&
      previous.spans.length > 0 &&
      entry.spans.length > 0
    )
      windows.push(scoreWindow([previous, entry], [...previous.spans, ...entry.spans]));
  }
  // Runs of short visible lines, read as one sentence.
  for (let start = 0; start < analysed.length; ) {
    let end = start;
    const scope = analysed[start]?.node.scope;
    while (
      end < analysed.length &&
      textual(analysed[end] as Analysed) &&
      (analysed[end] as Analysed).node.scope === scope &&
      (analysed[end] as Analysed).node.text.length < 40
    )
      end++;
    if (end - start >= 2) {
      const members = analysed.slice(start, end);
      // Joined by line breaks: a pattern's \s matches them, and a line still starts a sentence.
      const joined = members.map((member) => member.node.text).join("\n");
      if (TRIGGER.test(joined)) {
        const offsets: number[] = [];
        let offset = 0;
        for (const member of members) {
          offsets.push(offset);
          offset += member.node.text.length + 1;
        }
        const nodeAt = (offset: number) => {
          let position = members.length - 1;
          while (position > 0 && (offsets[position] as number) > offset) position--;
          return position;
        };
        let lastTouched = -1;
        const spans = signalSpans(joined, "", pageSite, true).map((span) => {
          const position = nodeAt(span.start);
          lastTouched = Math.max(lastTouched, nodeAt(Math.max(span.start, span.end - 1)));
          const base = offsets[position] as number;
          const member = members[position] as Analysed;
          const mapped: FindingSpan = {
            ...span,
            node: member.node.id,
            start: span.start - base,
            end: Math.min(span.end - base, member.node.text.length),
          };
          if (weakSpans.has(span)) weakSpans.add(mapped);
          if (tokenSpans.has(span)) tokenSpans.add(mapped);
          return mapped;
        });
        // What each line says on its own counts too.
        for (const member of members)
          for (const own of member.spans)
            if (
              !spans.some(
                (span) => span.node === own.node && span.start === own.start && span.signal === own.signal,
              )
            )
              spans.push(own);
        // The finding covers the lines from the first signal to the last, not the whole run.
        const touched = members
          .map((member, index) => (spans.some((span) => span.node === member.node.id) ? index : -1))
          .filter((index) => index >= 0);
        if (touched.length > 0)
          windows.push(
            scoreWindow(
              members.slice(touched[0], Math.max(touched[touched.length - 1] as number, lastTouched) + 1),
              spans,
            ),
          );
      }
    }
    start = end > start ? end : start + 1;
  }

  // Findings: the most probable windows first, each place in one finding at most.
  const taken = new Set<string>();
  const chosen: Window[] = [];
  for (const window of [...windows].sort((a, b) => b.probability - a.probability)) {
    if (window.probability < suspiciousThreshold) break;
    if (window.members.some((member) => taken.has(member.node.id))) continue;
    for (const member of window.members) taken.add(member.node.id);
    chosen.push(window);
  }
  chosen.sort((a, b) => (a.members[0] as Analysed).index - (b.members[0] as Analysed).index);
  const findings: Finding[] = chosen.map((window, index) => ({
    id: `f${index + 1}`,
    nodes: window.members.map((member) => member.node.id),
    signals: [...window.signals].sort(),
    spans: window.spans,
    probability: Math.round(window.probability * 10_000) / 10_000,
    critical: window.critical,
    quoted: window.quoted,
    hidden: window.hidden,
  }));

  const critical = findings.some((finding) => finding.critical);
  const highest = windows.reduce((max, window) => Math.max(max, window.probability), logistic(weights.bias));
  const probability = Math.round((critical ? Math.max(highest, 0.99) : highest) * 10_000) / 10_000;
  const verdict: ScanVerdict =
    critical || probability >= injectedThreshold
      ? "injected"
      : probability >= suspiciousThreshold
        ? "suspicious"
        : "clean";
  return {
    mode: page.mode,
    url: page.url,
    title: page.title,
    nodes: analysed.map((entry) => entry.node),
    findings,
    probability,
    verdict,
    critical,
    signals: [...new Set(findings.flatMap((finding) => finding.signals))].sort(),
    invisibleCharacters,
    complete: page.complete,
    elements: page.elements,
    limitations: page.limitations,
    digest: page.digest,
    timings: { captureMs: options.captureMs ?? page.elapsedMs, detectMs: performance.now() - started },
  };
}
