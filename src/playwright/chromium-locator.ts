import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Where a Chromium executable was found, and how. */
export interface ChromiumLocation {
  executablePath: string;
  /** `env` (STOPLINE_CHROMIUM), `playwright` (Playwright's own download) or `system` (the PATH). */
  source: "env" | "playwright" | "system";
}

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, pathVariable: string): string | null {
  for (const directory of pathVariable.split(delimiter)) {
    if (directory === "") continue;
    const candidate = join(directory, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * Finds Chromium in a fixed order: the `STOPLINE_CHROMIUM` environment variable, then Playwright's own
 * browsers, then a system `chromium` or Chrome on the PATH. Returns null when there is none.
 * `playwrightPath` is what `chromium.executablePath()` reports; it is passed in so this stays pure.
 */
export function locateChromium(
  environment: NodeJS.ProcessEnv,
  playwrightPath: string | null,
): ChromiumLocation | null {
  const fromEnvironment = environment["STOPLINE_CHROMIUM"]?.trim();
  if (fromEnvironment) {
    // An explicit choice that does not exist is a configuration error, not a reason to pick another.
    if (!isExecutable(fromEnvironment))
      throw new Error(`STOPLINE_CHROMIUM points at ${fromEnvironment}, which is not an executable file`);
    return { executablePath: fromEnvironment, source: "env" };
  }
  if (playwrightPath && isExecutable(playwrightPath))
    return { executablePath: playwrightPath, source: "playwright" };
  for (const name of SYSTEM_NAMES) {
    const found = onPath(name, environment["PATH"] ?? "");
    if (found) return { executablePath: found, source: "system" };
  }
  return null;
}
