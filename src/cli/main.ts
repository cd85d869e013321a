import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { staleBuildWarning } from "./stale-build.js";

/**
 * The `stopline` command. Each subcommand lives in its own module and is loaded on demand, so `stopline
 * log verify` does not load a browser or a model.
 */
const COMMANDS: Record<
  string,
  { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> }
> = {
  log: {
    summary: "log verify FILE — check an evidence log's schema and hash chain",
    load: () => import("./log-command.js"),
  },
  scan: {
    summary:
      "scan <url|file> [--safe] [--json] [--static] [--no-model] — find text aimed at an agent (exit 0 clean, 1 suspicious, 2 injected)",
    load: () => import("./scan-command.js"),
  },
  eval: {
    summary: "eval --cases PATH... [--backend NAME] [--compare NAME] — score a backend on labelled cases",
    load: () => import("./eval-command.js"),
  },
  mcp: {
    summary: "mcp [--task TEXT] [--allowed-origins LIST] — a governed browser as a stdio MCP server",
    load: () => import("./mcp-command.js"),
  },
  serve: {
    summary: "serve the model as a System One endpoint (POST /v1/systemone, GET /healthz)",
    load: () => import("./serve-command.js"),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    "usage: stopline <command> [options]",
    "",
    ...Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    "",
    "stopline <command> --help shows a command's options.",
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`stopline: unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return 2;
  }
  // Run from dist/ in a source checkout: say so when the sources changed after the last build.
  const here = fileURLToPath(import.meta.url);
  if (/[\\/]dist[\\/]cli[\\/]main\.js$/.test(here)) {
    const warning = staleBuildWarning(here, resolve(dirname(here), "../../src"));
    if (warning) console.error(warning);
  }
  const module = await command.load();
  return module.run(rest);
}

if (process.argv[1] && /cli[\\/]main\.(ts|js)$/.test(process.argv[1])) {
  // A reader that stops early (`stopline scan URL | head -1`) closes the pipe: the rest of the output has
  // nowhere to go, but the command still finishes and exits with its own code.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`stopline: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}
