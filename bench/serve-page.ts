import type { Page } from "playwright-core";

/** Serves one HTML document at a URL to a page (every other request is a 404) and opens it. */
export async function servePage(page: Page, html: string, url: string): Promise<void> {
  await page.unrouteAll();
  await page.route("**/*", (route) =>
    route.request().url() === url
      ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
      : route.fulfill({ status: 404, body: "" }),
  );
  await page.goto(url);
}
