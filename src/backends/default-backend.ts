import type { Backend } from "../spec/backend.js";
import { createLocalBackend } from "./local/local-backend.js";

/**
 * The backend used when none is configured: the embedded model, whose weights ship with the package
 * (`models/stopline-local.json`). Weights that are missing or malformed are a clear error at start-up,
 * never a silent switch to a weaker backend; `STOPLINE_BACKEND=keyword` (or any other backend by name)
 * chooses another one explicitly.
 */
export async function createDefaultBackend(): Promise<Backend> {
  return createLocalBackend();
}
