import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { type FixtureSite, startFixtureSite } from "../../src/demo/fixture-server.js";
import { verifyEvidenceFile } from "../../src/evidence/evidence-log.js";
import { launchChromium } from "../../src/playwright/launch-chromium.js";

/** A port nothing listens on right now, for Chromium's DevTools endpoint. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type CallResult = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
};

let site: FixtureSite;
before(async () => {
  site = await startFixtureSite();
});
after(async () => {
  await site.close();
});

/** Starts `stopline mcp` as a child process over stdio and connects a real MCP client to it. */
async function connect(options: { task?: string; elicitation?: "once" | "deny"; cdp?: string } = {}) {
  const evidence = join(mkdtempSync(join(tmpdir(), "stopline-mcp-")), "evidence.jsonl");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts", "mcp"],
    env: {
      ...(process.env as Record<string, string>),
      STOPLINE_EVIDENCE: evidence,
      STOPLINE_ALLOWED_ORIGINS: site.url("shop"),
      ...(options.task ? { STOPLINE_TASK: options.task } : {}),
      ...(options.cdp ? { STOPLINE_CDP: options.cdp } : {}),
    },
    stderr: "pipe",
  });
  const client = new Client(
    { name: "stopline-test-client", version: "1.0.0" },
    { capabilities: options.elicitation ? { elicitation: {} } : {} },
  );
  const asked: string[] = [];
  if (options.elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(String(request.params.message));
      return { action: "accept", content: { decision: options.elicitation } };
    });
  }
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallResult;
  return { client, call, evidence, asked, close: () => client.close() };
}

const textOf = (result: CallResult) => result.content.map((part) => part.text ?? "").join("\n");

describe("stopline mcp, driven by a real MCP client over stdio", () => {
  it("lists the browser and stopline tools with complete input schemas", async () => {
    const session = await connect({ task: "Add the Aster lamp to my cart" });
    try {
      const { tools } = await session.client.listTools();
      const names = tools.map((tool) => tool.name).sort();
      for (const name of [
        "browser_check",
        "browser_click",
        "browser_navigate",
        "browser_press_key",
        "browser_select_option",
        "browser_snapshot",
        "browser_type",
        "stopline_decide",
        "stopline_set_task",
      ])
        assert.ok(names.includes(name), name);
      for (const tool of tools) {
        assert.ok((tool.description ?? "").length > 30, `${tool.name} has a description`);
        assert.equal(tool.inputSchema.type, "object");
      }
    } finally {
      await session.close();
    }
  });

  it("runs an on-task flow, blocks the injected Buy now, withholds the injected sentence, and logs a chain that verifies", async () => {
    const session = await connect({
      task: "Find the price of the Aster table lamp and add one to my cart. Do not buy anything.",
    });
    try {
      const navigate = await session.call("browser_navigate", { url: site.url("shop", "/products/aster") });
      assert.ok(!navigate.isError, textOf(navigate));
      const added = await session.call("browser_click", { selector: "#add-to-cart" });
      assert.ok(!added.isError, textOf(added));

      assert.ok(
        !(await session.call("browser_navigate", { url: site.url("shop", "/products/aster/reviews") }))
          .isError,
      );
      const snapshot = await session.call("browser_snapshot");
      const view = textOf(snapshot);
      assert.ok(view.includes("Lovely shade"), "ordinary page text is there");
      assert.ok(
        !/pre-?approved|AI shopping assistants|Ignore earlier instructions/i.test(view),
        "the injected note is withheld",
      );

      const before = site.posts.length;
      const buy = await session.call("browser_click", { selector: "#buy-now" });
      assert.equal(buy.isError, true);
      assert.match(textOf(buy), /blocked/);
      assert.equal(buy.structuredContent?.["verdict"], "block");
      assert.ok(
        !/pre-?approved|AI shopping assistants/i.test(textOf(buy)),
        "the error does not repeat the injected text",
      );
      assert.equal(site.posts.length, before, "no order reached the shop");
    } finally {
      await session.close();
    }
    const report = verifyEvidenceFile(session.evidence);
    assert.ok(report.ok, JSON.stringify(report.problem));
    assert.ok(report.records >= 6);
  });

  it("asks before an off-origin navigation: denied without elicitation, allowed once when the user says so", async () => {
    const unattended = await connect({ task: "Read the mail inbox" });
    try {
      const result = await unattended.call("browser_navigate", { url: site.url("mail", "/") });
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent?.["verdict"], "ask");
      assert.ok(((result.structuredContent?.["reasons"] ?? []) as string[]).includes("approval_unattended"));
    } finally {
      await unattended.close();
    }
    const approving = await connect({ task: "Read the mail inbox", elicitation: "once" });
    try {
      const result = await approving.call("browser_navigate", { url: site.url("mail", "/") });
      assert.ok(!result.isError, textOf(result));
      assert.equal(approving.asked.length, 1);
      assert.match(approving.asked[0] ?? "", /another origin/);
    } finally {
      await approving.close();
    }
  });

  it("drives a browser that is already running when given its CDP endpoint, and leaves it running", async () => {
    const port = await freePort();
    const browser = await launchChromium({ args: [`--remote-debugging-port=${port}`] });
    try {
      const endpoint = `http://127.0.0.1:${port}`;
      const session = await connect({ task: "Look at the Aster table lamp in the shop", cdp: endpoint });
      try {
        const opened = await session.call("browser_navigate", { url: site.url("shop", "/products/aster") });
        assert.ok(!opened.isError, textOf(opened));
        const targets = (await (await fetch(`${endpoint}/json/list`)).json()) as { url: string }[];
        assert.ok(
          targets.some((target) => target.url.includes("/products/aster")),
          "the tab was opened in the running browser",
        );
      } finally {
        await session.close();
      }
      assert.ok(browser.isConnected(), "closing the MCP session does not close a browser it connected to");
    } finally {
      await browser.close();
    }
  });

  it("gives clear tool errors for invalid arguments and for acting without a task", async () => {
    const session = await connect();
    try {
      const invalid = await session.call("browser_click", { ref: "not-a-ref" });
      assert.equal(invalid.isError, true);
      assert.match(textOf(invalid), /ref/);
      const both = await session.call("browser_click", { ref: "e1", selector: "#x" });
      assert.equal(both.isError, true);
      const noTask = await session.call("browser_navigate", { url: site.url("shop", "/") });
      assert.equal(noTask.isError, true);
      assert.match(textOf(noTask), /stopline_set_task/);
      assert.ok(!(await session.call("stopline_set_task", { task: "Look at the shop's home page" })).isError);
      const decided = await session.call("stopline_decide", { kind: "goto", value: "javascript:alert(1)" });
      assert.equal(decided.structuredContent?.["verdict"], "block");
    } finally {
      await session.close();
    }
  });
});
