import { parseArgs } from "node:util";

/** How the MCP server runs. Every field can come from the environment or a flag; flags win. */
export interface McpConfig {
  /** The user's task. When absent, the agent must call `stopline_set_task` before acting. */
  task: string | null;
  /** Origins the agent may reach without asking. */
  allowedOrigins: string[];
  allowSubdomains: boolean;
  /** The classifier, by name (`local`, `keyword`, `typesafe`, ...). */
  backend: string | null;
  /** The evidence log. */
  evidencePath: string;
  headless: boolean;
  /** Connect to a running Chromium over CDP instead of launching one. */
  cdpEndpoint: string | null;
  /** Who answers an ask: the MCP client's user through elicitation (when it supports it), or nobody. */
  approver: "elicitation" | "unattended";
  /** Milliseconds to wait for the classifier. */
  modelTimeoutMs: number | null;
}

export const MCP_HELP = `usage: stopline mcp [options]

Runs a stdio MCP server that gives an agent a browser whose every action goes through the gate.

  --task TEXT              the user's task (env STOPLINE_TASK); else the agent calls stopline_set_task
  --allowed-origins LIST   comma-separated origins the agent may reach (env STOPLINE_ALLOWED_ORIGINS)
  --allow-subdomains       also allow their subdomains (env STOPLINE_ALLOW_SUBDOMAINS=1)
  --backend NAME           classifier: local (default), keyword, typesafe, gateway, openrouter, laya, ...
                           (env STOPLINE_BACKEND)
  --evidence PATH          evidence log (env STOPLINE_EVIDENCE; default ./stopline-evidence.jsonl)
  --headed                 show the browser window (env STOPLINE_HEADLESS=0)
  --cdp URL                connect to a running Chromium's DevTools endpoint (env STOPLINE_CDP)
  --approver KIND          elicitation (default: ask the user through the MCP client) or unattended
                           (env STOPLINE_APPROVER)
  --model-timeout-ms N     classifier deadline in milliseconds (env STOPLINE_MODEL_TIMEOUT_MS)`;

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return value === "1" || value.toLowerCase() === "true" || value.toLowerCase() === "yes";
}

/** Resolves the configuration: defaults, then the environment, then flags. Throws on bad values. */
export function resolveMcpConfig(argv: string[], environment: NodeJS.ProcessEnv): McpConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      task: { type: "string" },
      "allowed-origins": { type: "string" },
      "allow-subdomains": { type: "boolean" },
      backend: { type: "string" },
      evidence: { type: "string" },
      headed: { type: "boolean" },
      cdp: { type: "string" },
      approver: { type: "string" },
      "model-timeout-ms": { type: "string" },
    },
    strict: true,
  });
  const approver = values.approver ?? environment["STOPLINE_APPROVER"] ?? "elicitation";
  if (approver !== "elicitation" && approver !== "unattended")
    throw new Error(`--approver must be elicitation or unattended, not ${JSON.stringify(approver)}`);
  const timeout = values["model-timeout-ms"] ?? environment["STOPLINE_MODEL_TIMEOUT_MS"];
  if (timeout !== undefined && !(Number(timeout) > 0))
    throw new Error(`--model-timeout-ms must be a positive number`);
  return {
    task: values.task ?? (environment["STOPLINE_TASK"]?.trim() || null),
    allowedOrigins: list(values["allowed-origins"] ?? environment["STOPLINE_ALLOWED_ORIGINS"]),
    allowSubdomains: values["allow-subdomains"] ?? flag(environment["STOPLINE_ALLOW_SUBDOMAINS"]) ?? false,
    backend: values.backend ?? (environment["STOPLINE_BACKEND"]?.trim() || null),
    evidencePath: values.evidence ?? environment["STOPLINE_EVIDENCE"] ?? "stopline-evidence.jsonl",
    headless: values.headed ? false : (flag(environment["STOPLINE_HEADLESS"]) ?? true),
    cdpEndpoint: values.cdp ?? (environment["STOPLINE_CDP"]?.trim() || null),
    approver,
    modelTimeoutMs: timeout === undefined ? null : Number(timeout),
  };
}
