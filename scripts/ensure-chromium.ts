/**
 * Makes sure a Chromium is available before the demo or the tests run. Looks in the documented order
 * (STOPLINE_CHROMIUM, Playwright's browsers, the PATH); when there is none it installs one, saying what
 * it does: `npx playwright install chromium` first, then Debian's `chromium` package when running as root
 * with apt. STOPLINE_SKIP_BROWSER_INSTALL=1 skips the install.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { locateChromium } from "../src/playwright/chromium-locator.js";

function playwrightPath(): string | null {
  try {
    return chromium.executablePath();
  } catch {
    return null;
  }
}

function find() {
  return locateChromium(process.env, playwrightPath());
}

function run(command: string, args: string[]): boolean {
  console.log(`[stopline] $ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  return result.status === 0;
}

const found = find();
if (found) {
  console.log(`[stopline] Chromium: ${found.executablePath} (${found.source})`);
  process.exit(0);
}
if (process.env["STOPLINE_SKIP_BROWSER_INSTALL"] === "1") {
  console.warn(
    "[stopline] No Chromium found and STOPLINE_SKIP_BROWSER_INSTALL=1, so none is installed; browser steps will fail.",
  );
  process.exit(0);
}

console.log("[stopline] No Chromium found. Trying Playwright's installer first.");
const playwrightVersion = (
  createRequire(import.meta.url)("playwright-core/package.json") as { version: string }
).version;
if (run("npx", ["--yes", `playwright@${playwrightVersion}`, "install", "chromium"]) && find()) {
  console.log(`[stopline] Chromium: ${find()!.executablePath} (installed by Playwright)`);
  process.exit(0);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
if (isRoot && hasApt) {
  console.log(
    "[stopline] Playwright could not install a browser; installing Debian's chromium package with apt.",
  );
  if (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "chromium"]) && find()) {
    console.log(`[stopline] Chromium: ${find()!.executablePath} (installed with apt)`);
    process.exit(0);
  }
}
console.error(
  "[stopline] Could not install Chromium. Install Chromium or Chrome yourself and set STOPLINE_CHROMIUM to its path.",
);
process.exit(1);
