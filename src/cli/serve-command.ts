import { isIP } from "node:net";
import { parseArgs } from "node:util";
import { backendNames, createBackend } from "../backends/backend-registry.js";
import { type SystemOneServerOptions, startSystemOneServer } from "../server/system-one-server.js";

const HELP = `usage: stopline serve [options]

Serves the gate's model as a System One endpoint: POST /v1/systemone and GET /healthz.
Any System One client can use it, the gate's own system-one backend included
(STOPLINE_SYSTEM_ONE_URL=http://127.0.0.1:8787).

  --port N                 port to listen on (default 8787; 0 picks a free one)
  --host ADDRESS           address to listen on (default 127.0.0.1)
  --backend NAME           the backend that answers (default: local, the embedded model);
                           one of: ${backendNames().join(", ")}
  --token TOKEN            require Authorization: Bearer TOKEN (default: STOPLINE_SERVE_TOKEN;
                           prefer the variable: a flag shows in the process list)
  --max-body BYTES         largest request body (default 1048576)
  --backend-timeout MS     longest a backend may take for one request (default 5000)
  --log-state              also log each request's state (it holds page text; off by default)
  --allow-unauthenticated  listen beyond loopback without a token

Stops on SIGINT or SIGTERM after the requests in flight finish (at most 5 s).`;

export type ServeArguments =
  | { ok: true; help: boolean; backend: string | null; server: SystemOneServerOptions }
  | { ok: false; error: string };

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || (isIP(host) === 4 && host.startsWith("127."));
}

function positiveInteger(
  value: string | undefined,
  name: string,
  allowZero = false,
): number | string | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < (allowZero ? 0 : 1))
    return `${name} must be a whole number${allowZero ? "" : " above 0"}`;
  return number;
}

/** Reads the flags and the environment into server options; an error names the flag at fault. */
export function parseServeArguments(
  argv: string[],
  environment: NodeJS.ProcessEnv = process.env,
): ServeArguments {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        backend: { type: "string" },
        token: { type: "string" },
        "max-body": { type: "string" },
        "backend-timeout": { type: "string" },
        "log-state": { type: "boolean" },
        "allow-unauthenticated": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const port = positiveInteger(values["port"] as string | undefined, "--port", true);
  const maxBody = positiveInteger(values["max-body"] as string | undefined, "--max-body");
  const timeout = positiveInteger(values["backend-timeout"] as string | undefined, "--backend-timeout");
  for (const value of [port, maxBody, timeout])
    if (typeof value === "string") return { ok: false, error: value };
  if (typeof port === "number" && port > 65_535) return { ok: false, error: "--port must be at most 65535" };
  const backend = (values["backend"] as string | undefined) ?? null;
  if (backend !== null && !backendNames().includes(backend))
    return {
      ok: false,
      error: `unknown backend ${JSON.stringify(backend)}; known: ${backendNames().join(", ")}`,
    };
  const host = (values["host"] as string | undefined) ?? "127.0.0.1";
  const token =
    (values["token"] as string | undefined) || environment["STOPLINE_SERVE_TOKEN"]?.trim() || null;
  if (!token && !isLoopback(host) && !values["allow-unauthenticated"])
    return {
      ok: false,
      error: `listening on ${host} without a token would let anyone on the network use the model; set STOPLINE_SERVE_TOKEN, or pass --allow-unauthenticated`,
    };
  return {
    ok: true,
    help: values["help"] === true,
    backend,
    server: {
      port: (port as number | undefined) ?? 8787,
      host,
      token,
      ...(maxBody !== undefined ? { maxBodyBytes: maxBody as number } : {}),
      ...(timeout !== undefined ? { backendTimeoutMs: timeout as number } : {}),
      logState: values["log-state"] === true,
    },
  };
}

export async function run(argv: string[]): Promise<number> {
  const parsed = parseServeArguments(argv);
  if (!parsed.ok) {
    console.error(`stopline serve: ${parsed.error}\n\n${HELP}`);
    return 2;
  }
  if (parsed.help) {
    console.log(HELP);
    return 0;
  }
  const backend = parsed.backend ? await createBackend(parsed.backend) : undefined;
  const running = await startSystemOneServer({ ...parsed.server, ...(backend ? { backend } : {}) });
  console.error(
    `stopline serve: listening on ${running.url}/v1/systemone (backend ${running.backend.id}${parsed.server.token ? ", bearer token required" : ""})`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      console.error(`stopline serve: ${signal}, finishing requests in flight`);
      process.once(signal, () => process.exit(130));
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await running.close(5_000);
  await backend?.close?.();
  console.error("stopline serve: stopped");
  return 0;
}
