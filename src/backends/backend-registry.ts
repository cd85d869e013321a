import type { Backend } from "../spec/backend.js";
import { createKeywordBackend } from "./keyword-backend.js";
import { createLocalBackend } from "./local/local-backend.js";
import { createOpenAiCompatibleBackend } from "./openai-compatible-backend.js";
import { createSystemOneBackend } from "./system-one-backend.js";

/**
 * Backends by name, for the CLI, the eval, the MCP server and configuration files. Each entry builds a
 * backend from the environment (secrets are read here, where they are used, and never logged).
 */
export const BACKENDS: Record<
  string,
  { summary: string; create: (environment: NodeJS.ProcessEnv) => Promise<Backend> }
> = {
  local: {
    summary:
      "the embedded model: in process, no key, no network (STOPLINE_LOCAL_MODEL names another weights file)",
    create: async (environment) =>
      createLocalBackend(
        environment["STOPLINE_LOCAL_MODEL"] ? { model: environment["STOPLINE_LOCAL_MODEL"] } : {},
      ),
  },
  keyword: {
    summary: "keyword baseline: word lists and regular expressions, the weak baseline every model must beat",
    create: async () => createKeywordBackend(),
  },
  typesafe: {
    summary: "System One at TypeSafe: TYPESAFE_API_KEY (TYPESAFE_BASE_URL, TYPESAFE_DEFAULT_MODEL optional)",
    create: async (environment) => createSystemOneBackend({ provider: "typesafe", environment }),
  },
  gateway: {
    summary: "System One through Vercel AI Gateway: AI_GATEWAY_API_KEY or VERCEL_OIDC_TOKEN",
    create: async (environment) => createSystemOneBackend({ provider: "gateway", environment }),
  },
  openrouter: {
    summary: "System One through OpenRouter's decisions endpoint: OPENROUTER_API_KEY",
    create: async (environment) => createSystemOneBackend({ provider: "openrouter", environment }),
  },
  laya: {
    summary: "a local Laya server: LAYA_URL (default http://127.0.0.1:8000), LAYA_API_KEY when it checks one",
    create: async (environment) => createSystemOneBackend({ provider: "laya", environment }),
  },
  "system-one": {
    summary:
      "any System One endpoint, stopline serve included: STOPLINE_SYSTEM_ONE_URL (STOPLINE_SYSTEM_ONE_API_KEY optional)",
    create: async (environment) => createSystemOneBackend({ provider: "system-one", environment }),
  },
  "openai-compatible": {
    summary:
      "Ollama, vLLM, llama.cpp or OpenAI with log-probabilities: STOPLINE_OPENAI_BASE_URL, STOPLINE_OPENAI_MODEL",
    create: async (environment) => createOpenAiCompatibleBackend({ environment }),
  },
};

export function backendNames(): string[] {
  return Object.keys(BACKENDS);
}

/** Builds a backend by name; an unknown name is an error that lists the known ones. */
export async function createBackend(
  name: string,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<Backend> {
  const entry = BACKENDS[name];
  if (!entry) throw new Error(`unknown backend ${JSON.stringify(name)}; known: ${backendNames().join(", ")}`);
  return entry.create(environment);
}
