import { DEFAULT_GATE_SETTINGS, type GateSettings } from "../core/gate-decision.js";
import type { FirewallCaptureOptions } from "../describe/in-page/capture-text.js";
import { firewallCaptureOptions } from "./capture-options.js";
import { createPageDetector } from "./page-detector.js";

/**
 * The product's default gate settings: the core's defaults plus the perception firewall as detector. The
 * core cannot import the firewall (layers), so surfaces start from these.
 */
export function firewallGateSettings(base: GateSettings = DEFAULT_GATE_SETTINGS): GateSettings {
  return { ...base, detector: createPageDetector() };
}

/** What describe must capture in the page for the gate's firewall: the gate's `lines` capture. */
export const GATE_FIREWALL_CAPTURE: FirewallCaptureOptions = firewallCaptureOptions("lines");
