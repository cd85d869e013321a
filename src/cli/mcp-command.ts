import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { MCP_HELP, resolveMcpConfig } from "../mcp/mcp-config.js";
import { createStoplineMcpServer } from "../mcp/mcp-server.js";

/** `stopline mcp`: the governed browser as a stdio MCP server. Logs go to stderr; stdout is the protocol. */
export async function run(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.error(MCP_HELP);
    return 0;
  }
  let config: ReturnType<typeof resolveMcpConfig>;
  try {
    config = resolveMcpConfig(argv, process.env);
  } catch (error) {
    console.error(`stopline mcp: ${(error as Error).message}\n\n${MCP_HELP}`);
    return 2;
  }
  const { server, close } = await createStoplineMcpServer(config);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await close().catch((error: unknown) => console.error(`stopline mcp: ${(error as Error).message}`));
  };
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
    server.connect(transport).then(
      () =>
        console.error(
          `stopline mcp: ready (task: ${config.task ?? "not set"}; evidence: ${config.evidencePath})`,
        ),
      (error: unknown) => {
        console.error(`stopline mcp: ${(error as Error).message}`);
        resolve();
      },
    );
  });
  await shutdown();
  return 0;
}
