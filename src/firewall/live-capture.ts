import type { Page } from "playwright-core";
import { describeAction } from "../describe/describe-action.js";
import type { PageText } from "../spec/page-scan.js";
import { firewallCaptureOptions } from "./capture-options.js";

/**
 * Captures the page a Playwright page shows, in one round trip, for a scan outside the gate (the CLI,
 * the MCP server's snapshot). `tree` (the default) reads every visible block with element references, as
 * the safe view needs; `lines` is the gate's lighter capture.
 */
export async function captureLive(page: Page, mode: "lines" | "tree" = "tree"): Promise<PageText> {
  const description = await describeAction(
    page,
    { kind: "goto", value: page.url() },
    { firewall: firewallCaptureOptions(mode) },
  );
  if (!description.pageText) throw new Error("the capture returned no page text");
  return description.pageText;
}
