import type { FirewallCaptureOptions } from "../describe/in-page/capture-text.js";
import { TRIGGER_CHARACTERS_SOURCE, TRIGGER_PARTS, TRIGGER_SOURCE } from "./signal-catalog.js";

/**
 * What the firewall asks the in-page capture for. `lines` is the gate's: visible text as rendered lines,
 * and only places that could score leave the page. `tree` is the safe view's: every visible block in
 * reading order, with references to the elements an agent can act on.
 */
export function firewallCaptureOptions(
  mode: "lines" | "tree",
  overrides: Partial<
    Omit<FirewallCaptureOptions, "mode" | "trigger" | "triggerParts" | "triggerCharacters">
  > = {},
): FirewallCaptureOptions {
  return {
    mode,
    trigger: TRIGGER_SOURCE,
    triggerParts: [...TRIGGER_PARTS],
    triggerCharacters: TRIGGER_CHARACTERS_SOURCE,
    maxNodes: overrides.maxNodes ?? (mode === "lines" ? 4_000 : 20_000),
    maxCharacters: overrides.maxCharacters ?? (mode === "lines" ? 400_000 : 2_000_000),
    refs: overrides.refs ?? (mode === "tree" ? 2_000 : 0),
  };
}
