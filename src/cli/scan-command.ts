import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createLocalBackend } from "../backends/local/local-backend.js";
import { askModel } from "../core/model-call.js";
import { buildModelState, DEFAULT_MODEL_STATE_BOUNDS } from "../core/model-state.js";
import { installDescribe } from "../describe/page-code.js";
import { detectInjection } from "../firewall/injection-detector.js";
import { captureLive } from "../firewall/live-capture.js";
import { describePageAlone } from "../firewall/page-as-action.js";
import { combineWithModel } from "../firewall/page-probability.js";
import { renderSafeView } from "../firewall/safe-view.js";
import { captureStatic, STATIC_LIMITATIONS } from "../firewall/static-capture.js";
import { launchChromium } from "../playwright/launch-chromium.js";
import type { Backend } from "../spec/backend.js";
import type { PageScan, PageText } from "../spec/page-scan.js";
import { GATE_QUESTIONS } from "../spec/questions.js";

const HELP = `usage: stopline scan <url|file> [--safe] [--json] [--static | --browser] [--no-model]

Scans a page for text aimed at an AI agent (the perception firewall).
  A URL (http, https) opens in Chromium; a file is read statically unless --browser.
  --static   read without a browser: a file as it is, a URL as fetched (no scripts, no layout)
  --browser  open a file in Chromium (computed styles, shadow roots, frames)
  --safe     print the safe view an agent's planner should read (flagged text withheld)
  --json     print the scan as JSON (with the safe view under "safeView" when --safe)
  --no-model the firewall's signals alone; by default the embedded model's answer to "does the page
             instruct the agent?" joins them (either can raise the page, neither can lower it)
Exit 0: clean. 1: suspicious. 2: injected. 3: usage error or the page could not be read.

Static mode cannot see: ${STATIC_LIMITATIONS.join("; ")}.`;

const EXIT = { clean: 0, suspicious: 1, injected: 2 } as const;

/** What the page says to an agent that proposes nothing: the model's only task is to read it. */
const READING_TASK = "Read this page and report what it says.";

/** The embedded model's answer to the page question, for the page on its own. */
async function pageOpinion(
  text: PageText,
  scan: PageScan,
): Promise<{ id: string | null; probability: number | null; failure: string | null }> {
  let backend: Backend;
  try {
    backend = createLocalBackend();
  } catch (error) {
    return { id: null, probability: null, failure: (error as Error).message };
  }
  const state = buildModelState(
    describePageAlone(text),
    READING_TASK,
    { allowedOrigins: [], allowSubdomains: false },
    DEFAULT_MODEL_STATE_BOUNDS,
    scan,
  );
  const outcome = await askModel(backend, state, GATE_QUESTIONS);
  return outcome.ok
    ? {
        id: outcome.answers.model,
        probability: outcome.answers.pageInstructsAgent.probability,
        failure: null,
      }
    : { id: null, probability: null, failure: outcome.failure };
}
const USAGE = 3;

async function capture(target: string, options: { static: boolean; browser: boolean }): Promise<PageText> {
  const isUrl = /^https?:\/\//i.test(target);
  if (!isUrl && !(existsSync(target) && statSync(target).isFile()))
    throw new Error(`${target} is neither a URL nor a file`);
  if (!isUrl && !options.browser) {
    const path = resolve(target);
    return captureStatic(readFileSync(path, "utf8"), pathToFileURL(path).href);
  }
  if (isUrl && options.static) {
    const response = await fetch(target, { signal: AbortSignal.timeout(20_000) });
    if (!response.ok) throw new Error(`${target} answered HTTP ${response.status}`);
    return captureStatic(await response.text(), response.url || target);
  }
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await installDescribe(page);
    await page.goto(isUrl ? target : pathToFileURL(resolve(target)).href, {
      waitUntil: "load",
      timeout: 30_000,
    });
    return await captureLive(page, "tree");
  } finally {
    await browser.close();
  }
}

function summary(scan: PageScan): string {
  const lines = [
    `${scan.url}: ${scan.verdict.toUpperCase()} (P=${scan.probability.toFixed(2)}${scan.critical ? ", critical" : ""}; ${scan.findings.length} finding(s); ${scan.mode} capture, ${scan.nodes.length} places)`,
  ];
  for (const finding of scan.findings) {
    const first = scan.nodes.find((node) => node.id === finding.nodes[0]);
    const snippet = finding.nodes
      .map((id) => scan.nodes.find((node) => node.id === id)?.text ?? "")
      .join(" ")
      .replace(/\s+/g, " ");
    lines.push(
      `  ${finding.id} P=${finding.probability.toFixed(2)}${finding.critical ? " CRITICAL" : ""}${finding.hidden ? " hidden" : ""}${finding.quoted ? " quoted" : ""} [${first?.provenance ?? "?"}${first && first.hiddenBy.length > 0 ? ` ${first.hiddenBy.join(",")}` : ""}] at ${first?.where ?? "?"}`,
      `     signals: ${finding.signals.join(", ")}`,
      `     text: ${JSON.stringify(snippet.length > 200 ? `${snippet.slice(0, 199)}…` : snippet)}`,
    );
  }
  if (scan.invisibleCharacters > 0) lines.push(`  ${scan.invisibleCharacters} invisible characters removed`);
  if (!scan.complete) lines.push("  the capture was cut short: places may be missing");
  return lines.join("\n");
}

export async function run(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        safe: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        static: { type: "boolean", default: false },
        browser: { type: "boolean", default: false },
        "no-model": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    console.error(`stopline scan: ${(error as Error).message}\n\n${HELP}`);
    return USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length !== 1 || (values.static && values.browser)) {
    console.error(HELP);
    return USAGE;
  }
  const target = positionals[0] as string;
  let pageText: PageText;
  try {
    pageText = await capture(target, { static: values.static === true, browser: values.browser === true });
  } catch (error) {
    console.error(`stopline scan: ${(error as Error).message}`);
    return USAGE;
  }
  const firewall = detectInjection(pageText);
  let scan = firewall;
  let model: { id: string | null; probability: number | null; failure: string | null } | null = null;
  if (!values["no-model"]) {
    const opinion = await pageOpinion(pageText, firewall);
    model = opinion;
    // A model that could not answer leaves the firewall's verdict as it is, and says so.
    if (opinion.probability !== null) scan = combineWithModel(firewall, opinion.probability);
  }
  const safeView = values.safe ? renderSafeView(scan) : null;
  const output = {
    ...scan,
    firewallProbability: firewall.probability,
    model,
    ...(safeView === null ? {} : { safeView }),
  };
  if (values.json) console.log(JSON.stringify(output, null, 2));
  else {
    console.log(summary(scan));
    if (model)
      console.log(
        model.probability === null
          ? `  the model did not answer (${model.failure}): the firewall's verdict stands`
          : `  firewall P=${firewall.probability.toFixed(2)}, model (${model.id}) P=${model.probability.toFixed(2)}`,
      );
    if (safeView !== null) console.log(`\n${safeView}`);
  }
  return EXIT[scan.verdict];
}
