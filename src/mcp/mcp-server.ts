import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { createUnattendedApprover } from "../approval/unattended-approver.js";
import { createBackend } from "../backends/backend-registry.js";
import { createDefaultBackend } from "../backends/default-backend.js";
import { reasonText } from "../core/reason-text.js";
import { EvidenceLog } from "../evidence/evidence-log.js";
import { detectInjection } from "../firewall/injection-detector.js";
import { captureLive } from "../firewall/live-capture.js";
import { renderSafeView, selectorForRef } from "../firewall/safe-view.js";
import { type GuardedPage, guard, StoppedByGate } from "../playwright/guard.js";
import type { ProposedAction } from "../spec/action.js";
import type { Backend } from "../spec/backend.js";
import type { Decision } from "../spec/decision.js";
import type { PageScan } from "../spec/page-scan.js";
import { BrowserSession } from "./browser-session.js";
import { createElicitationApprover } from "./elicitation-approver.js";
import type { McpConfig } from "./mcp-config.js";

export const SERVER_NAME = "stopline";

/** What an MCP tool returns. */
interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

function text(message: string, structured?: Record<string, unknown>): ToolResult {
  return {
    content: [{ type: "text", text: message }],
    ...(structured ? { structuredContent: structured } : {}),
  };
}

function failure(message: string, structured?: Record<string, unknown>): ToolResult {
  return { ...text(message, structured), isError: true };
}

/**
 * The words an agent gets back for a stopped action: the verdict and the reasons, never page text (the
 * target's name or the item around it could be text the firewall withheld).
 */
export function stoppedMessage(action: ProposedAction, decision: Decision, extra: string[] = []): string {
  const what =
    action.kind === "goto" ? `navigating to ${action.value}` : `${action.kind} on ${action.selector}`;
  const verdict =
    decision.verdict === "block" ? "blocked" : "asked a person before, and did not get a yes for,";
  return [
    `stopline ${verdict} ${what}.`,
    ...[...decision.reasons.map(reasonText), ...extra].map((line) => `- ${line}`),
  ].join("\n");
}

const targetShape = {
  ref: z
    .string()
    .regex(/^e\d+$/, "a reference from browser_snapshot, such as e12")
    .optional()
    .describe("The element's reference from the latest browser_snapshot, such as e12. Give ref or selector."),
  selector: z
    .string()
    .min(1)
    .optional()
    .describe("A CSS or Playwright selector that matches exactly one element. Give ref or selector."),
};

export interface StoplineMcpServer {
  server: McpServer;
  close(): Promise<void>;
}

/**
 * The MCP server: a browser whose every action goes through the gate. Tools act on the tab the server
 * owns; a block or a denied ask is a tool error with the verdict and the reasons in words.
 */
export async function createStoplineMcpServer(
  config: McpConfig,
  injected: { backend?: Backend } = {},
): Promise<StoplineMcpServer> {
  const backend =
    injected.backend ?? (config.backend ? await createBackend(config.backend) : await createDefaultBackend());
  const evidence = new EvidenceLog(config.evidencePath);
  const session = new BrowserSession({ headless: config.headless, cdpEndpoint: config.cdpEndpoint });
  const server = new McpServer(
    { name: SERVER_NAME, version: "0.1.0" },
    {
      instructions:
        "A governed browser. Read pages with browser_snapshot (text aimed at an AI agent is withheld), act with the browser_* tools by ref or selector. Every action is checked by stopline against the user's task; a stopped action comes back as an error that says why. Do not try to work around a stop.",
    },
  );
  const approver = createElicitationApprover(
    {
      supportsElicitation: () => Boolean(server.server.getClientCapabilities()?.elicitation),
      elicit: async (message, schema, signal) =>
        (await server.server.elicitInput(
          { message, requestedSchema: schema as never },
          { signal, timeout: 10 * 60_000 },
        )) as never,
    },
    createUnattendedApprover(),
  );
  let task = config.task;
  let guarded: { task: string; page: GuardedPage } | null = null;
  let lastScan: PageScan | null = null;
  // One tool at a time: the tab has one state, and an approval is bound to it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function guardedPage(): Promise<GuardedPage | null> {
    if (!task) return null;
    if (guarded && guarded.task === task) return guarded.page;
    const page = await session.page();
    guarded = {
      task,
      page: guard(page, {
        task,
        backend,
        approver: config.approver === "elicitation" ? approver : createUnattendedApprover(),
        evidence,
        allowedOrigins: config.allowedOrigins,
        allowSubdomains: config.allowSubdomains,
        ...(config.modelTimeoutMs ? { modelTimeoutMs: config.modelTimeoutMs } : {}),
      }),
    };
    return guarded.page;
  }

  const NO_TASK =
    "No task is set: call stopline_set_task with the user's task, as the user wrote it, before acting.";

  function resolveTarget(target: {
    ref?: string | undefined;
    selector?: string | undefined;
  }): string | ToolResult {
    if ((target.ref === undefined) === (target.selector === undefined))
      return failure("Give exactly one of ref (from browser_snapshot) or selector.");
    if (target.selector !== undefined) return target.selector;
    if (!lastScan)
      return failure(`There is no snapshot to resolve ${target.ref} in: call browser_snapshot first.`);
    const selector = selectorForRef(lastScan, target.ref as string);
    return selector ?? failure(`${target.ref} is not in the latest snapshot: call browser_snapshot again.`);
  }

  /** Runs a gated action and turns the outcome into a tool result. */
  async function act(action: ProposedAction, run: (page: GuardedPage) => Promise<void>): Promise<ToolResult> {
    const page = await guardedPage();
    if (!page) return failure(NO_TASK);
    try {
      await run(page);
      lastScan = null;
      const raw = page.page;
      return text(
        `Done. The page is now ${raw.url()} (${await raw.title()}). Call browser_snapshot to read it.`,
        {
          executed: true,
          url: raw.url(),
        },
      );
    } catch (error) {
      if (error instanceof StoppedByGate)
        return failure(stoppedMessage(action, error.decision, error.extra.map(reasonText)), {
          executed: false,
          verdict: error.decision.verdict,
          reasons: [...error.decision.reasons, ...error.extra].map((reason) => reason.code),
        });
      return failure(`The browser could not do it: ${(error as Error).message.split("\n")[0]}`, {
        executed: false,
      });
    }
  }

  const withTarget = async (
    target: { ref?: string | undefined; selector?: string | undefined },
    build: (selector: string) => { action: ProposedAction; run: (page: GuardedPage) => Promise<void> },
  ): Promise<ToolResult> => {
    const selector = resolveTarget(target);
    if (typeof selector !== "string") return selector;
    const { action, run } = build(selector);
    return act(action, run);
  };

  server.registerTool(
    "browser_navigate",
    {
      title: "Go to a URL",
      description:
        "Navigate the tab to a URL (http or https). Checked by stopline first: another origin than the allowed ones asks the user; javascript: and data: URLs are blocked.",
      inputSchema: { url: z.string().min(1).describe("The absolute URL to open.") },
    },
    ({ url }) => serial(() => act({ kind: "goto", value: url }, (page) => page.goto(url))),
  );

  server.registerTool(
    "browser_snapshot",
    {
      title: "Read the page safely",
      description:
        "Returns the current page as text for planning, through stopline's firewall: text aimed at an AI agent is replaced by a placeholder (never shown), text a person cannot see is marked hidden, and the page's words sit inside a fence. Interactive elements appear as ⟦e12 button: name⟧; pass e12 as ref to the other tools.",
      inputSchema: {},
    },
    () =>
      serial(async () => {
        const page = session.openPage() ?? (await session.page());
        const scan = detectInjection(await captureLive(page, "tree"));
        lastScan = scan;
        return text(renderSafeView(scan), {
          url: scan.url,
          verdict: scan.verdict,
          probability: scan.probability,
          findings: scan.findings.length,
        });
      }),
  );

  server.registerTool(
    "browser_click",
    {
      title: "Click an element",
      description:
        "Click one element, by ref from browser_snapshot or by selector. Checked by stopline first.",
      inputSchema: targetShape,
    },
    (target) =>
      serial(() =>
        withTarget(target, (selector) => ({
          action: { kind: "click", selector },
          run: (page) => page.click(selector),
        })),
      ),
  );

  server.registerTool(
    "browser_type",
    {
      title: "Type into a field",
      description:
        "Replace a field's content with text, by ref or selector; with submit, press Enter afterwards (a second action, checked on its own). Checked by stopline first; secrets typed here never reach a model or the log.",
      inputSchema: {
        ...targetShape,
        text: z.string().describe("The text to type."),
        submit: z.boolean().optional().describe("Press Enter after typing. Default false."),
      },
    },
    ({ text: value, submit, ...target }) =>
      serial(() =>
        withTarget(target, (selector) => ({
          action: { kind: "fill", selector, value },
          run: async (page) => {
            await page.fill(selector, value);
            if (submit) await page.press(selector, "Enter");
          },
        })),
      ),
  );

  server.registerTool(
    "browser_press_key",
    {
      title: "Press a key in an element",
      description:
        "Press a key (Enter, Tab, ArrowDown, a character, Control+A) with an element focused. Checked by stopline first.",
      inputSchema: {
        ...targetShape,
        key: z.string().min(1).describe("The key, as Playwright names it: Enter, Tab, a."),
      },
    },
    ({ key, ...target }) =>
      serial(() =>
        withTarget(target, (selector) => ({
          action: { kind: "press", selector, value: key },
          run: (page) => page.press(selector, key),
        })),
      ),
  );

  server.registerTool(
    "browser_select_option",
    {
      title: "Choose an option",
      description: "Choose an option in a select element, by its value or label. Checked by stopline first.",
      inputSchema: { ...targetShape, value: z.string().describe("The option's value or label.") },
    },
    ({ value, ...target }) =>
      serial(() =>
        withTarget(target, (selector) => ({
          action: { kind: "select", selector, value },
          run: (page) => page.selectOption(selector, value),
        })),
      ),
  );

  server.registerTool(
    "browser_check",
    {
      title: "Tick or untick a checkbox",
      description:
        "Set a checkbox or radio button to checked (true) or unchecked (false). Checked by stopline first.",
      inputSchema: { ...targetShape, checked: z.boolean().describe("true to tick, false to untick.") },
    },
    ({ checked, ...target }) =>
      serial(() =>
        withTarget(target, (selector) => ({
          action: { kind: checked ? "check" : "uncheck", selector },
          run: (page) => (checked ? page.check(selector) : page.uncheck(selector)),
        })),
      ),
  );

  server.registerTool(
    "stopline_decide",
    {
      title: "Ask stopline without acting",
      description:
        "Returns what stopline would decide (allow, ask or block, with reasons) for an action, without carrying it out. The decision is logged.",
      inputSchema: {
        kind: z
          .enum(["goto", "click", "fill", "press", "select", "check", "uncheck"])
          .describe("The kind of action."),
        ...targetShape,
        value: z
          .string()
          .optional()
          .describe("The URL for goto, the text for fill, the key for press, the option for select."),
      },
    },
    ({ kind, value, ...target }) =>
      serial(async () => {
        const page = await guardedPage();
        if (!page) return failure(NO_TASK);
        let selector: string | undefined;
        if (kind !== "goto") {
          const resolved = resolveTarget(target);
          if (typeof resolved !== "string") return resolved;
          selector = resolved;
        } else if (!value) return failure("goto needs the URL in value.");
        const action: ProposedAction = {
          kind,
          ...(selector ? { selector } : {}),
          ...(value !== undefined ? { value } : {}),
        };
        const { decision } = await page.decide(action);
        return text(
          `stopline would ${decision.verdict} this action.\n${decision.reasons.map((reason) => `- ${reasonText(reason)}`).join("\n")}`,
          {
            verdict: decision.verdict,
            reasons: decision.reasons.map((reason) => reason.code),
          },
        );
      }),
  );

  server.registerTool(
    "stopline_set_task",
    {
      title: "Set the user's task",
      description:
        "Sets the task every action is judged against: the user's request, in the user's words. Required before acting when the server was not started with one.",
      inputSchema: { task: z.string().min(1).describe("The user's task, as the user wrote it.") },
    },
    ({ task: next }) =>
      serial(async () => {
        task = next.trim();
        return text(`Task set. Every action is now judged against: ${task}`, { task });
      }),
  );

  return {
    server,
    async close() {
      guarded = null;
      await session.close();
      evidence.close();
      await backend.close?.();
    },
  };
}
