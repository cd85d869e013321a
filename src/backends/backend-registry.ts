import type { Backend } from "../spec/backend.js";
import { createKeywordBackend } from "./keyword-backend.js";

/**
 * Backends by name, for the CLI, the eval, the MCP server and configuration files. Each entry builds a
 * backend from the environment (secrets are read here, where they are used, and never logged).
 */
export const BACKENDS: Record<
  string,
  { summary: string; create: (environment: NodeJS.ProcessEnv) => Promise<Backend> }
> = {
  keyword: {
    summary: "keyword baseline: word lists and regular expressions, the weak baseline every model must beat",
    create: async () => createKeywordBackend(),
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
