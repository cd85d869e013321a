import { type Browser, chromium, type LaunchOptions } from "playwright-core";
import { locateChromium } from "./chromium-locator.js";

/**
 * Flags that keep a headless Chromium quiet on machines with a closed network: without them it keeps
 * trying to reach update, sync and component servers.
 */
const QUIET_ARGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-gpu",
  "--disable-quic",
];

function playwrightExecutable(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/** The Chromium executable this process will use, or an error that says how to get one. */
export function chromiumExecutable(): string {
  const location = locateChromium(process.env, playwrightExecutable());
  if (!location)
    throw new Error(
      "No Chromium found. Set STOPLINE_CHROMIUM to a Chromium or Chrome executable, run `npx playwright install chromium`, or install your system's chromium package (npm test and npm run demo try this for you).",
    );
  return location.executablePath;
}

/** Launches Chromium, found by `locateChromium`, headless unless told otherwise. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    headless: true,
    ...options,
    args: [...QUIET_ARGS, ...(options.args ?? [])],
  });
}
