import type { PageScan, ScanVerdict } from "../spec/page-scan.js";

export interface ModelCombination {
  /** How far the model's answer is trusted, in [0,1]. Default 1. */
  modelWeight?: number;
  /** P at or above which the combined page is `injected`. Default 0.5. */
  injectedThreshold?: number;
  /** P at or above which the combined page is `suspicious`. Default 0.2. */
  suspiciousThreshold?: number;
}

/**
 * The seam for the embedded model's injection question: a model's P(the page instructs the agent),
 * combined with the firewall's page probability as two independent alarms (noisy OR), so either can
 * raise the page and neither can lower what the other found. A critical finding stays critical. Returns
 * a new scan; the findings are the firewall's.
 */
export function combineWithModel(
  scan: PageScan,
  modelProbability: number,
  options: ModelCombination = {},
): PageScan {
  if (!Number.isFinite(modelProbability) || modelProbability < 0 || modelProbability > 1)
    throw new RangeError(`a model probability must be in [0,1], got ${modelProbability}`);
  const weight = Math.min(1, Math.max(0, options.modelWeight ?? 1));
  const combined = 1 - (1 - scan.probability) * (1 - weight * modelProbability);
  const probability = Math.round((scan.critical ? Math.max(combined, 0.99) : combined) * 10_000) / 10_000;
  const verdict: ScanVerdict =
    scan.critical || probability >= (options.injectedThreshold ?? 0.5)
      ? "injected"
      : probability >= (options.suspiciousThreshold ?? 0.2)
        ? "suspicious"
        : "clean";
  return { ...scan, probability, verdict };
}
