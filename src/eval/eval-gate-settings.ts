import { DEFAULT_GATE_SETTINGS, type GateSettings } from "../core/gate-decision.js";
import type { DescribeOptions } from "../describe/describe-action.js";
import { firewallGateSettings, GATE_FIREWALL_CAPTURE } from "../firewall/gate-settings.js";

export interface EvalGateSettingsOptions {
  /** Milliseconds to wait for the classifier before the gate asks. Default: the product's (1,500). */
  modelTimeoutMs?: number;
}

/**
 * The gate settings every eval decision is made with, built here and nowhere else in the eval: the
 * product's defaults (thresholds, hard rules, questions, and no origin allowlist, so "another origin"
 * means another origin than the case's page). Anything the product adds to its settings is added here
 * once, and every stage of the eval (decisions, the hard-rules floor, the expected verdict) sees it.
 */
export function evalGateSettings(options: EvalGateSettingsOptions = {}): GateSettings {
  return firewallGateSettings({
    ...DEFAULT_GATE_SETTINGS,
    modelTimeoutMs: options.modelTimeoutMs ?? DEFAULT_GATE_SETTINGS.modelTimeoutMs,
  });
}

/**
 * The product's describe options, except for the time the hidden-text style checks may take: the
 * product's 1,000 ms bounds one page's wait, and an eval describing several pages at once on a busy
 * machine must not lose hidden text to load (the facts would then depend on the machine). The number of
 * facts whose scan still ran out is reported.
 */
export const EVAL_DESCRIBE_OPTIONS: DescribeOptions = Object.freeze({ styleBudgetMs: 5_000 });

/**
 * What describe must capture for these settings: with a page detector in them, the same firewall
 * capture the guarded page makes, so the detector reads the page exactly as in the product.
 */
export function evalDescribeOptions(settings: GateSettings): DescribeOptions {
  return settings.detector
    ? { ...EVAL_DESCRIBE_OPTIONS, firewall: GATE_FIREWALL_CAPTURE }
    : EVAL_DESCRIBE_OPTIONS;
}
