import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../src/playwright/launch-chromium.js";

let shared: Promise<Browser> | null = null;

/** One Chromium per test file, launched on first use. */
export function browser(): Promise<Browser> {
  shared ??= launchChromium();
  return shared;
}

export async function closeBrowser(): Promise<void> {
  if (shared) await (await shared).close();
  shared = null;
}

/** A page with `html` served at `url`: the request is intercepted, so the origin is the URL's. */
export async function pageWith(html: string, url = "https://fixture.example/page"): Promise<Page> {
  const context = await (await browser()).newContext();
  const page = await context.newPage();
  await page.route("**/*", (route) =>
    route.request().url() === url
      ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
      : route.fulfill({ status: 404, body: "" }),
  );
  await page.goto(url);
  return page;
}

export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
}
