import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createDefaultBackend } from "../backends/default-backend.js";
import { matchGateQuestions } from "../core/gate-question-match.js";
import { type AskedQuestion, wireAnswers } from "../core/system-one-answers.js";
import {
  DEFAULT_REQUEST_LIMITS,
  parseSystemOneRequest,
  type RequestIssue,
  type SystemOneRequest,
  type SystemOneRequestLimits,
} from "../core/system-one-request.js";
import type { Backend } from "../spec/backend.js";
import { GATE_QUESTIONS, type QuestionSet } from "../spec/questions.js";

export interface SystemOneServerOptions {
  /** The backend that answers. Default: `createDefaultBackend()` (closed with the server). */
  backend?: Backend;
  /** Bearer token every request to /v1/systemone must carry. Default: none, no check. */
  token?: string | null;
  /** Port; 0 picks a free one. Default 8787. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1: the model is not on the network unless you say so. */
  host?: string;
  /** Largest request body, bytes; larger gets 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Milliseconds a backend may take for one request; then 504. Default 5,000. */
  backendTimeoutMs?: number;
  /** Requests answered at once; more get 503 with `Retry-After: 1`. Default 64. */
  maxConcurrent?: number;
  /** Questions and options accepted in one request. Default 64 questions, 255 options. */
  limits?: Partial<SystemOneRequestLimits>;
  /** Receives one line per request. Default: standard error. */
  log?: (line: string) => void;
  /** Adds each request's state to its log line. Default false: states hold page text and are never logged. */
  logState?: boolean;
}

export interface RunningSystemOneServer {
  /** `http://host:port`, the base URL a System One client takes. */
  url: string;
  server: Server;
  backend: Backend;
  /**
   * Stops accepting connections, lets requests in flight finish (up to `graceMs`, default 5,000), then
   * closes what is left, and the backend if the server created it.
   */
  close(graceMs?: number): Promise<void>;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

function errorReply(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Reply {
  return { status, body: { error: { code, message, ...extra } } };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from((match[1] as string).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Reads a body up to a limit; `null` when it is larger (reading stops there). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off("data", onData);
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/** Settles with the promise, or rejects when the signal fires first: a backend that ignores it cannot hold a request. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function describeState(parsed: SystemOneRequest): string {
  const { state } = parsed;
  const characters =
    typeof state.value === "string" ? state.value.length : JSON.stringify(state.value).length;
  const kind = state.kind === "decision" ? "decision" : typeof state.value === "string" ? "text" : "json";
  return `state=${kind}(${characters} chars)`;
}

/**
 * `stopline serve`: a System One endpoint (`POST /v1/systemone`, `GET /healthz`) in front of a backend, so
 * any System One client, the gate's own HTTP backend included, can use the model this process holds.
 */
export async function startSystemOneServer(
  options: SystemOneServerOptions = {},
): Promise<RunningSystemOneServer> {
  const ownsBackend = options.backend === undefined;
  const backend = options.backend ?? (await createDefaultBackend());
  const token = options.token || null;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const backendTimeoutMs = options.backendTimeoutMs ?? 5_000;
  const maxConcurrent = options.maxConcurrent ?? 64;
  const limits: SystemOneRequestLimits = { ...DEFAULT_REQUEST_LIMITS, ...options.limits };
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let active = 0;
  let draining = false;
  const idle: (() => void)[] = [];

  /** The questions to put to the backend, and where each requested answer will be found. */
  function plan(
    parsed: SystemOneRequest,
  ): { questions: QuestionSet; asked: AskedQuestion[] } | RequestIssue[] {
    const issues: RequestIssue[] = [];
    const { state } = parsed;
    if (state.kind === "foreign" && !backend.answerForeign) {
      const what =
        typeof state.value === "string" ? "plain text" : "JSON that is not a stopline DecisionState";
      issues.push({
        path: "state",
        message: `this server's backend (${backend.id}) reads only stopline's DecisionState JSON; this state is ${what}`,
      });
      issues.push(...state.notDecision);
    }
    if (backend.questionScope === "any") {
      if (issues.length > 0) return issues;
      const asked = Object.entries(parsed.questions).map(([id, question]) => ({
        id,
        question,
        answeredAs: id,
      }));
      return { questions: parsed.questions, asked };
    }
    const match = matchGateQuestions(parsed.questions);
    if (!match.ok) issues.push(...match.issues);
    if (issues.length > 0 || !match.ok) return issues;
    const asked = Object.entries(parsed.questions).map(([id, question]) => ({
      id,
      question,
      answeredAs: match.value[id] as string,
    }));
    return { questions: GATE_QUESTIONS, asked };
  }

  async function answer(
    request: IncomingMessage,
    clientGone: AbortSignal,
  ): Promise<Reply & { note?: string }> {
    if (token && !bearerMatches(request.headers.authorization, token))
      return {
        ...errorReply(401, "unauthorized", "send Authorization: Bearer <token>"),
        headers: { "www-authenticate": "Bearer" },
      };
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBodyBytes)
      return errorReply(413, "body_too_large", `the body is larger than ${maxBodyBytes} bytes`);
    const raw = await readBody(request, maxBodyBytes);
    if (raw === null)
      return errorReply(413, "body_too_large", `the body is larger than ${maxBodyBytes} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      return errorReply(400, "invalid_json", "the body is not JSON");
    }
    const parsed = parseSystemOneRequest(body, limits);
    if (!parsed.ok)
      return errorReply(422, "invalid_request", "the request is not valid", { issues: parsed.issues });
    const planned = plan(parsed.value);
    if (Array.isArray(planned))
      return {
        ...errorReply(422, "unsupported_request", "this server cannot answer this request", {
          issues: planned,
        }),
        note: describeState(parsed.value),
      };
    const note = `${describeState(parsed.value)} questions=${planned.asked.length}${options.logState ? ` state=${JSON.stringify(parsed.value.state.value)}` : ""}`;
    const signal = AbortSignal.any([clientGone, AbortSignal.timeout(backendTimeoutMs)]);
    const { state } = parsed.value;
    let response: unknown;
    try {
      const call =
        state.kind === "decision"
          ? backend.answer(state.value, planned.questions, { signal })
          : (backend.answerForeign as NonNullable<Backend["answerForeign"]>)(state.value, planned.questions, {
              signal,
            });
      response = await untilAborted(call, signal);
    } catch (error) {
      const fault = error as { code?: unknown; message?: unknown };
      if (signal.aborted && !clientGone.aborted)
        return { ...errorReply(504, "backend_timeout", `no answer within ${backendTimeoutMs} ms`), note };
      return {
        ...errorReply(
          500,
          "backend_error",
          typeof fault?.message === "string" ? fault.message : "the backend failed",
          {
            backendCode: typeof fault?.code === "string" ? fault.code : null,
          },
        ),
        note,
      };
    }
    const wire = wireAnswers(response, planned.asked);
    if (!wire.ok)
      return {
        ...errorReply(500, "backend_invalid_answer", "the backend's answer failed validation", {
          issues: wire.issues,
        }),
        note,
      };
    return { status: 200, body: wire.value, note };
  }

  function send(response: ServerResponse, reply: Reply): void {
    const text = JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(text),
      ...(draining ? { connection: "close" } : {}),
      ...reply.headers,
    });
    response.end(text);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const path = (request.url ?? "/").split("?")[0];
    let reply: Reply & { note?: string };
    if (path === "/healthz") {
      reply =
        request.method === "GET" || request.method === "HEAD"
          ? draining
            ? { status: 503, body: { status: "draining" } }
            : { status: 200, body: { status: "ok", backend: backend.id } }
          : { ...errorReply(405, "method_not_allowed", "use GET"), headers: { allow: "GET" } };
    } else if (path !== "/v1/systemone") {
      reply = errorReply(404, "not_found", "the endpoints are POST /v1/systemone and GET /healthz");
    } else if (request.method !== "POST") {
      reply = { ...errorReply(405, "method_not_allowed", "use POST"), headers: { allow: "POST" } };
    } else if (draining) {
      reply = {
        ...errorReply(503, "shutting_down", "the server is shutting down"),
        headers: { "retry-after": "1" },
      };
    } else if (active >= maxConcurrent) {
      reply = {
        ...errorReply(503, "busy", `${maxConcurrent} requests are in progress`),
        headers: { "retry-after": "1" },
      };
    } else {
      active++;
      const clientGone = new AbortController();
      response.once("close", () => {
        if (!response.writableFinished) clientGone.abort(new Error("the client went away"));
      });
      try {
        reply = await answer(request, clientGone.signal);
      } catch (error) {
        reply = errorReply(500, "internal_error", (error as Error)?.message ?? "unexpected failure");
      } finally {
        active--;
        if (active === 0) for (const resolve of idle.splice(0)) resolve();
      }
    }
    // A reply sent before the body arrived (401, 413, 503) closes the connection rather than read the rest.
    if (!request.complete) reply.headers = { ...reply.headers, connection: "close" };
    if (!response.destroyed) send(response, reply);
    log(
      `${request.method} ${path} ${reply.status} ${(performance.now() - started).toFixed(1)}ms${reply.note ? ` ${reply.note}` : ""}`,
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, errorReply(500, "internal_error", String(error)));
    });
  });
  // Slow or silent clients cannot hold sockets forever.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8787, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  async function close(graceMs = 5_000): Promise<void> {
    if (draining) return;
    draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (active > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => idle.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    server.closeAllConnections();
    await closed;
    if (ownsBackend) await backend.close?.();
  }

  return { url: `http://${host}:${address.port}`, server, backend, close };
}
