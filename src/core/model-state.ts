import type { DecisionState } from "../spec/decision-state.js";
import type { DescribedAction, SensitiveKind } from "../spec/facts.js";
import type { FirewallSummary, PageScan } from "../spec/page-scan.js";
import { targetSensitivity } from "./hard-rules.js";
import { leavesAllowedOrigins, type OriginPolicy } from "./origin-policy.js";
import { redactSecretsInText } from "./redaction.js";

export interface ModelStateBounds {
  /** Characters of visible text a model sees. Default 6,000. */
  visibleText: number;
  /** Hidden pieces of text a model sees. Default 40, each cut at 300 characters. */
  hiddenPieces: number;
}

export const DEFAULT_MODEL_STATE_BOUNDS: ModelStateBounds = { visibleText: 6_000, hiddenPieces: 40 };

/**
 * Hidden text a model sees first: text hidden by style, then comments and meta, then attribute text.
 * A page with hundreds of image alt texts must not push a hidden instruction out of the bound.
 */
function bySuspicion<T extends { provenance: string; hiddenBy: readonly string[] }>(
  pieces: readonly T[],
): T[] {
  const rank = (piece: T) =>
    piece.hiddenBy.some((reason) => reason !== "aria-hidden")
      ? 0
      : piece.provenance === "comment" || piece.provenance === "meta"
        ? 1
        : piece.hiddenBy.length > 0
          ? 2
          : 3;
  return pieces
    .map((piece, index) => ({ piece, index }))
    .sort((a, b) => rank(a.piece) - rank(b.piece) || a.index - b.index)
    .map((entry) => entry.piece);
}

/** The compact summary of a firewall scan that a model sees: numbers and signal names, no page text. */
export function summariseScan(scan: PageScan): FirewallSummary {
  return {
    probability: scan.probability,
    verdict: scan.verdict,
    critical: scan.critical,
    signals: scan.signals,
    findings: scan.findings.length,
    hiddenFindings: scan.findings.filter((finding) => finding.hidden).length,
    complete: scan.complete,
  };
}

/**
 * The label of the option a `select` picks, matched as Playwright matches it: by value, then by label. A
 * value like "edit" says little; "Make changes to events" says what is chosen. Null for other kinds, a
 * redacted value, or a value no option has.
 */
function chosenOptionOf(
  kind: string,
  value: string | null,
  redacted: boolean,
  options: { value: string; label: string }[] | null,
): string | null {
  if (kind !== "select" || value === null || redacted || !options) return null;
  const option =
    options.find((candidate) => candidate.value === value) ??
    options.find((candidate) => candidate.label === value);
  return option ? option.label || option.value : null;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Builds what a classifier sees from the described action: bounded, with secrets redacted. The raw value
 * is never part of it; the facts already carry the redacted value. With a firewall scan, the page carries
 * its summary.
 */
export function buildModelState(
  described: DescribedAction,
  task: string,
  origins: OriginPolicy,
  bounds: ModelStateBounds = DEFAULT_MODEL_STATE_BOUNDS,
  scan: PageScan | null = null,
): DecisionState {
  const { action, page } = described;
  const target = action.target;
  const visible = redactSecretsInText(page.visibleText);
  const cut = visible.length > bounds.visibleText;
  return {
    task,
    action: {
      kind: action.kind,
      value: action.value,
      valueRedacted: action.valueRedacted,
      target: target
        ? {
            tag: target.tag,
            role: target.role,
            name: redactSecretsInText(target.name),
            inputType: target.inputType,
            autocomplete: target.autocomplete,
            elementName: target.elementName,
            id: target.id,
            placeholder: target.placeholder,
            href: target.href,
            itemText: target.itemText === null ? null : redactSecretsInText(target.itemText),
            section: target.section === null ? null : redactSecretsInText(target.section),
            formAction: target.form?.action ?? null,
            formMethod: target.form?.method ?? null,
            submitsForm: target.submitsForm,
            sensitiveKind: targetSensitivity(target)?.kind ?? null,
            formSensitiveKinds: unique((target.form?.sensitiveFields ?? []).map((field) => field.kind)),
            visible: target.visible && !target.covered,
            options: target.options
              ? target.options.slice(0, 30).map((option) => option.label || option.value)
              : null,
            chosenOption: chosenOptionOf(action.kind, action.value, action.valueRedacted, target.options),
            checked: target.checked,
          }
        : null,
      destination: action.destination
        ? {
            url: action.destination.url,
            origin: action.destination.origin,
            via: action.destination.via,
            offOrigin: leavesAllowedOrigins(page.origin, action.destination.url, origins),
          }
        : null,
    },
    page: {
      url: page.url,
      origin: page.origin,
      title: page.title,
      visibleText: cut ? visible.slice(0, bounds.visibleText) : visible,
      visibleTextTruncated: cut || page.visibleTextTruncated,
      hiddenText: bySuspicion(page.hiddenText)
        .slice(0, bounds.hiddenPieces)
        .map((piece) => ({
          text: redactSecretsInText(piece.text.length > 300 ? piece.text.slice(0, 300) : piece.text),
          provenance: piece.provenance,
          hiddenBy: piece.hiddenBy,
        })),
      hiddenTextCount: page.hiddenTextCount,
      sensitiveFieldKinds: unique(page.sensitiveFields.map((field) => field.kind)) as SensitiveKind[],
      ...(scan ? { firewall: summariseScan(scan) } : {}),
    },
  };
}
