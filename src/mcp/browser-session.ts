import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { launchChromium } from "../playwright/launch-chromium.js";

/**
 * The browser the MCP server drives: launched on first use (or connected to over CDP), one context, one
 * tab. Closing the session closes what it launched and only disconnects from a browser it connected to.
 */
export class BrowserSession {
  private browser: Browser | null = null;
  private context: BrowserContext | null = null;
  private current: Page | null = null;
  private connected = false;

  constructor(private readonly options: { headless: boolean; cdpEndpoint: string | null }) {}

  /** The tab, opening the browser the first time. */
  async page(): Promise<Page> {
    if (this.current && !this.current.isClosed()) return this.current;
    if (!this.browser) {
      if (this.options.cdpEndpoint) {
        this.browser = await chromium.connectOverCDP(this.options.cdpEndpoint);
        this.connected = true;
      } else {
        this.browser = await launchChromium({ headless: this.options.headless });
      }
    }
    this.context ??= this.connected
      ? (this.browser.contexts()[0] ?? (await this.browser.newContext()))
      : await this.browser.newContext();
    this.current = await this.context.newPage();
    return this.current;
  }

  /** The tab if the browser is already open, without opening it. */
  openPage(): Page | null {
    return this.current && !this.current.isClosed() ? this.current : null;
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.context = null;
    this.current = null;
    if (!browser) return;
    if (this.connected) await browser.close().catch(() => undefined);
    else await browser.close();
  }
}
