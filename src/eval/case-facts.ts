import { availableParallelism } from "node:os";
import type { Browser, Page } from "playwright-core";
import { type DescribeOptions, describeAction } from "../describe/describe-action.js";
import { launchChromium } from "../playwright/launch-chromium.js";
import type { ProposedAction } from "../spec/action.js";
import { type DomCase, isDescribedCase } from "../spec/eval-case.js";
import type { DescribedAction } from "../spec/facts.js";
import type { PageText } from "../spec/page-scan.js";
import type { LoadedCase } from "./case-loader.js";
import { describedCaseFacts } from "./described-case-facts.js";
import { EVAL_DESCRIBE_OPTIONS } from "./eval-gate-settings.js";
import { FactsCache, factsCacheKey } from "./facts-cache.js";

/** Why a case has no facts: its page did not load, its selector did not resolve, or time ran out. */
export type CaseFactsErrorCode =
  | "page_load_failed"
  | "timeout"
  | "no_match"
  | "ambiguous"
  | "bad_selector"
  | "missing_selector"
  | "unknown_kind"
  | "page_error"
  | "missing_html";

/** The facts of one case, or why there are none. A case without facts is a failure, never a pass. */
export type CaseFacts =
  | {
      id: string;
      ok: true;
      described: DescribedAction;
      /** The unredacted value from the case file, which the hard rules may read (as in the product). */
      rawValue: string | null;
      /** The page's text-bearing places for a page detector, when describe was asked to capture them. */
      pageText: PageText | null;
      /** Milliseconds describe took (the page round trip and fact building); null for described cases. */
      describeMs: number | null;
      /** `browser`: described now in Chromium; `cache`: read from the facts cache; `case`: a described case. */
      origin: "browser" | "cache" | "case";
    }
  | { id: string; ok: false; error: { code: CaseFactsErrorCode; message: string } };

export interface CollectFactsOptions {
  /** Pages described in parallel in one browser. Default `DEFAULT_EVAL_CONCURRENCY`. */
  concurrency?: number;
  /** A facts cache file (JSON) to read and update; without one every DOM case is described. */
  cacheFile?: string;
  /** A browser to use; by default one is launched and closed again, and only when a page needs it. */
  browser?: Browser;
  /** Milliseconds one case may take to load and describe before it fails with `timeout`. Default 20,000. */
  caseTimeoutMs?: number;
  /** Passed to `describeAction`. Default `EVAL_DESCRIBE_OPTIONS`; `evalDescribeOptions` gives the eval's. */
  describe?: DescribeOptions;
  /** Called after each case, with how many are done out of how many. */
  onProgress?: (done: number, total: number) => void;
}

export interface FactsCollection {
  /** One entry per case, in the order of the input. */
  facts: CaseFacts[];
  stats: {
    cases: number;
    /** DOM cases described in Chromium in this run. */
    described: number;
    fromCache: number;
    fromCase: number;
    errors: number;
    /** Facts whose hidden-text scan ran out of its time budget (`hiddenTextComplete: false`). */
    incompleteHiddenText: number;
    elapsedMs: number;
    concurrency: number;
  };
}

/**
 * Pages described at once by default: the number of cores, at least two. On a 2-core machine two and
 * four take the same wall time (`bench/eval-facts.ts`), and fewer pages at once measure describe with
 * less contention.
 */
export const DEFAULT_EVAL_CONCURRENCY = Math.max(2, availableParallelism());

/** The viewport every DOM case is described in; part of the cache key. */
export const EVAL_VIEWPORT = { width: 1280, height: 720 } as const;

function withoutHash(url: string): string {
  const index = url.indexOf("#");
  return index === -1 ? url : url.slice(0, index);
}

function proposedAction(evalCase: DomCase): ProposedAction {
  return {
    kind: evalCase.action.kind,
    ...(evalCase.action.selector === undefined ? {} : { selector: evalCase.action.selector }),
    ...(evalCase.action.value === undefined ? {} : { value: evalCase.action.value }),
  };
}

function errorOf(
  error: unknown,
  fallback: CaseFactsErrorCode,
): { code: CaseFactsErrorCode; message: string } {
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message?.split("\n")[0] ?? String(error);
  return { code: typeof code === "string" ? (code as CaseFactsErrorCode) : fallback, message };
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no facts within ${timeoutMs} ms`), { code: "timeout" })),
      timeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** One worker's page. Each load serves exactly one HTML at one URL and 404s everything else. */
interface Tab {
  page: Page;
  load(url: string, html: string): Promise<void>;
  close(): Promise<void>;
}

async function openTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext({ viewport: EVAL_VIEWPORT });
  const page = await context.newPage();
  let served = { url: "", html: "" };
  let loaded = "";
  await context.route("**/*", (route) =>
    withoutHash(route.request().url()) === served.url
      ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: served.html })
      : route.fulfill({ status: 404, contentType: "text/plain", body: "" }),
  );
  return {
    page,
    async load(url, html) {
      // Nothing a page stored may reach the next one.
      await context.clearCookies();
      await page
        .evaluate(() => {
          try {
            localStorage.clear();
            sessionStorage.clear();
          } catch {
            // Opaque origins have no storage.
          }
        })
        .catch(() => undefined);
      served = { url: withoutHash(url), html };
      // Going to the same document with another fragment would not load the new HTML.
      if (withoutHash(loaded) === served.url) await page.goto("about:blank");
      loaded = url;
      try {
        await page.goto(url, { waitUntil: "load" });
      } catch (error) {
        throw Object.assign(new Error(`page did not load: ${(error as Error).message.split("\n")[0]}`), {
          code: "page_load_failed",
        });
      }
    },
    close: () => context.close().catch(() => undefined),
  };
}

/**
 * The facts stage: every case turned into the facts the gate decides on, with no backend involved.
 * DOM cases are loaded into one Chromium at their URL (the request is intercepted and the case's HTML
 * served, so the origin is right) and described by the product's `describeAction`, several pages at a
 * time, each in its own browser context so no storage leaks between cases. Described cases become facts
 * directly. A page that fails to load or a selector that does not resolve gives an error for that case.
 */
export async function collectCaseFacts(
  cases: readonly LoadedCase[],
  options: CollectFactsOptions = {},
): Promise<FactsCollection> {
  const started = performance.now();
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_EVAL_CONCURRENCY));
  const caseTimeoutMs = options.caseTimeoutMs ?? 20_000;
  const describeOptions = options.describe ?? EVAL_DESCRIBE_OPTIONS;
  const cache = options.cacheFile ? FactsCache.open(options.cacheFile) : null;
  const facts: CaseFacts[] = new Array(cases.length);
  const pending: { index: number; evalCase: DomCase; html: string; key: string }[] = [];
  let done = 0;
  const progress = () => options.onProgress?.(++done, cases.length);

  cases.forEach((loaded, index) => {
    const evalCase = loaded.case;
    if (isDescribedCase(evalCase)) {
      const { described, rawValue } = describedCaseFacts(evalCase);
      facts[index] = {
        id: evalCase.id,
        ok: true,
        described,
        rawValue,
        pageText: null,
        describeMs: null,
        origin: "case",
      };
      progress();
      return;
    }
    if (loaded.html === null) {
      facts[index] = {
        id: evalCase.id,
        ok: false,
        error: { code: "missing_html", message: "the case has no page HTML" },
      };
      progress();
      return;
    }
    const key = factsCacheKey({
      url: evalCase.page.url,
      html: loaded.html,
      action: evalCase.action,
      settings: { viewport: EVAL_VIEWPORT, describe: describeOptions },
    });
    const cached = cache?.get(key);
    if (cached) {
      facts[index] = {
        id: evalCase.id,
        ok: true,
        described: cached.described,
        rawValue: evalCase.action.value ?? null,
        pageText: cached.pageText ?? null,
        describeMs: cached.describeMs,
        origin: "cache",
      };
      progress();
      return;
    }
    pending.push({ index, evalCase, html: loaded.html, key });
  });

  // Cases on the same page (URL and HTML) share one page load: describing reads the page, never changes it.
  const jobs = new Map<string, { url: string; html: string; items: typeof pending }>();
  for (const item of pending) {
    const jobKey = `${item.evalCase.page.url}\u0000${item.html}`;
    const job = jobs.get(jobKey) ?? { url: item.evalCase.page.url, html: item.html, items: [] };
    job.items.push(item);
    jobs.set(jobKey, job);
  }
  // Pages of one site in a row let a worker keep its renderer process between them.
  const queue = [...jobs.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));

  let browser = options.browser ?? null;
  const ownBrowser = browser === null && queue.length > 0;
  if (ownBrowser) browser = await launchChromium();
  try {
    const worker = async () => {
      let tab: Tab | null = null;
      while (queue.length > 0) {
        const job = queue.shift()!;
        tab ??= await openTab(browser!);
        try {
          await withTimeout(tab.load(job.url, job.html), caseTimeoutMs);
        } catch (error) {
          for (const item of job.items) {
            facts[item.index] = {
              id: item.evalCase.id,
              ok: false,
              error: errorOf(error, "page_load_failed"),
            };
            progress();
          }
          await tab.close();
          tab = null;
          continue;
        }
        for (const item of job.items) {
          try {
            const description = await withTimeout(
              describeAction(tab.page, proposedAction(item.evalCase), describeOptions),
              caseTimeoutMs,
            );
            facts[item.index] = {
              id: item.evalCase.id,
              ok: true,
              described: description.described,
              rawValue: item.evalCase.action.value ?? null,
              pageText: description.pageText,
              describeMs: description.elapsedMs,
              origin: "browser",
            };
            cache?.set(item.key, {
              described: description.described,
              pageText: description.pageText,
              describeMs: description.elapsedMs,
            });
          } catch (error) {
            facts[item.index] = { id: item.evalCase.id, ok: false, error: errorOf(error, "page_error") };
            // A page that timed out may still be busy: the next job gets a fresh one.
            if ((error as { code?: string }).code === "timeout") {
              await tab.close();
              tab = await openTab(browser!);
              await withTimeout(tab.load(job.url, job.html), caseTimeoutMs).catch(() => undefined);
            }
          }
          progress();
        }
      }
      await tab?.close();
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  } finally {
    if (ownBrowser) await browser?.close();
    cache?.save();
  }

  const stats: FactsCollection["stats"] = {
    cases: cases.length,
    described: 0,
    fromCache: 0,
    fromCase: 0,
    errors: 0,
    incompleteHiddenText: 0,
    elapsedMs: performance.now() - started,
    concurrency,
  };
  for (const entry of facts) {
    if (!entry.ok) {
      stats.errors++;
      continue;
    }
    if (entry.origin === "browser") stats.described++;
    else if (entry.origin === "cache") stats.fromCache++;
    else stats.fromCase++;
    if (!entry.described.page.hiddenTextComplete) stats.incompleteHiddenText++;
  }
  return { facts, stats };
}
