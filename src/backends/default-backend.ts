import type { Backend } from "../spec/backend.js";
import { createKeywordBackend } from "./keyword-backend.js";

/**
 * The best backend available without configuration: the embedded model when its weights are present,
 * otherwise the keyword baseline.
 */
export async function createDefaultBackend(): Promise<Backend> {
  return createKeywordBackend();
}
