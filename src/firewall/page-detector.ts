import type { PageDetector, PageScan, PageText } from "../spec/page-scan.js";
import { type DetectorOptions, detectInjection } from "./injection-detector.js";
import { captureFacts } from "./text-capture.js";

export interface PageDetectorOptions extends DetectorOptions {
  /** Scans kept for pages that have not changed between two actions. Default 8. */
  cacheSize?: number;
}

/**
 * The firewall as the gate's detector: scans the live capture when describe made one, else the facts'
 * text. A page that has not changed between two actions (same capture digest) is not scanned again.
 * It never throws: a detector fault gives a scan that says so, at the block threshold, so the gate stops
 * rather than proceeds on a page nobody read.
 */
export function createPageDetector(
  options: PageDetectorOptions = {},
): PageDetector & { cacheHits(): number } {
  const cacheSize = options.cacheSize ?? 8;
  const cache = new Map<string, PageScan>();
  let hits = 0;
  const detector = (input: Parameters<PageDetector>[0]): PageScan => {
    let pageText: PageText | null = null;
    try {
      pageText = input.pageText ?? captureFacts(input.described);
      const key = `${pageText.mode}\u0000${pageText.url}\u0000${pageText.digest}`;
      const cached = cache.get(key);
      if (cached) {
        hits++;
        // Refresh its place: the most recent pages stay.
        cache.delete(key);
        cache.set(key, cached);
        return { ...cached, timings: { captureMs: pageText.elapsedMs, detectMs: 0 } };
      }
      const scan = detectInjection(pageText, options);
      cache.set(key, scan);
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
      return scan;
    } catch (error) {
      return failedScan(input.described.page.url, input.described.page.title, error);
    }
  };
  return Object.assign(detector, { cacheHits: () => hits });
}

function failedScan(url: string, title: string, error: unknown): PageScan {
  return {
    mode: "text",
    url,
    title,
    nodes: [],
    findings: [],
    probability: 0.5,
    verdict: "injected",
    critical: false,
    signals: [],
    invisibleCharacters: 0,
    complete: false,
    elements: [],
    limitations: [`the detector failed: ${(error as Error)?.message ?? String(error)}`],
    digest: "",
    timings: { captureMs: 0, detectMs: 0 },
  };
}
