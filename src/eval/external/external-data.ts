import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the external data sets live and how their raw files are read. The raw files stay outside the
 * repository (`../shared/data` beside it, each folder with its own LICENSE.md); the suites built from
 * them are written under `corpus/external/` with their attribution.
 */

/** A raw file that is missing or cannot be parsed: an infrastructure fault, not a bad case. */
export class ExternalDataError extends Error {
  readonly code: "external_data_missing" | "external_data_malformed";
  constructor(code: ExternalDataError["code"], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ExternalDataError";
    this.code = code;
  }
}

/**
 * The folder holding the external data sets: `STOPLINE_EXTERNAL_DATA` when set, else `../shared/data`
 * next to the repository root.
 */
export function externalDataDirectory(): string {
  const fromEnvironment = process.env["STOPLINE_EXTERNAL_DATA"];
  if (fromEnvironment) return resolve(fromEnvironment);
  const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
  return resolve(repositoryRoot, "../shared/data");
}

function readText(dataDirectory: string, relativePath: string): string {
  const path = join(dataDirectory, relativePath);
  if (!existsSync(path))
    throw new ExternalDataError("external_data_missing", `external data file not found: ${path}`);
  return readFileSync(path, "utf8");
}

/** Reads one JSON file of a data set, given its path relative to the data folder. */
export function readJson(dataDirectory: string, relativePath: string): unknown {
  const text = readText(dataDirectory, relativePath);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ExternalDataError("external_data_malformed", `${relativePath} is not JSON`, { cause: error });
  }
}

/** Reads one JSON Lines file of a data set; blank lines are skipped. */
export function readJsonLines(dataDirectory: string, relativePath: string): unknown[] {
  return readText(dataDirectory, relativePath)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line);
      } catch (error) {
        throw new ExternalDataError("external_data_malformed", `${relativePath}:${index + 1} is not JSON`, {
          cause: error,
        });
      }
    });
}
