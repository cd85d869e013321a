import { BackendError, type BackendErrorCode, displayUrl } from "./backend-error.js";

/**
 * POSTs JSON and reads JSON with the discipline of the best SDKs: a timeout per attempt, retries only on
 * 408, 409, 429, 5xx and network errors, jittered exponential backoff, `retry-after-ms` and `Retry-After`
 * honoured up to a cap, and everything inside one total deadline that ends before the gate stops waiting.
 * The caller's AbortSignal stops it at once, even between attempts.
 */
export interface HttpJsonClientOptions {
  /** The fetch to use, for tests and proxies. Default: the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds one attempt may take, headers and body. Default 1,000. */
  attemptTimeoutMs?: number;
  /**
   * Milliseconds for the whole call, retries and waits included. Default 1,200: shorter than the gate's
   * default model timeout (1,500 ms), so the gate records this client's reason rather than its own timeout.
   * Keep it below the gate's `modelTimeoutMs` when you change either.
   */
  deadlineMs?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** Milliseconds before the first retry; doubles each time, less up to 25% jitter. Default 50. */
  initialBackoffMs?: number;
  /** Longest backoff between attempts, milliseconds. Default 400. */
  maxBackoffMs?: number;
  /** Longest `Retry-After` honoured, milliseconds; a longer one ends the call at once. Default 1,000. */
  maxRetryAfterMs?: number;
  /** Largest response body read, bytes. Default 1 MiB. */
  maxResponseBytes?: number;
  /** Source of jitter in [0,1). Default Math.random. */
  random?: () => number;
}

export interface ResolvedHttpJsonClientOptions extends Required<HttpJsonClientOptions> {}

export const DEFAULT_HTTP_OPTIONS: Readonly<Omit<ResolvedHttpJsonClientOptions, "fetch" | "random">> =
  Object.freeze({
    attemptTimeoutMs: 1_000,
    deadlineMs: 1_200,
    maxRetries: 2,
    initialBackoffMs: 50,
    maxBackoffMs: 400,
    maxRetryAfterMs: 1_000,
    maxResponseBytes: 1024 * 1024,
  });

export interface JsonRequest {
  headers: Record<string, string>;
  /** The caller's signal; aborting it ends the call with code `aborted`. */
  signal?: AbortSignal;
  /** Keys and tokens in the headers, kept out of every error. */
  secrets: readonly string[];
}

export interface JsonResponse {
  status: number;
  body: unknown;
  requestId: string | null;
  attempts: number;
}

export interface HttpJsonClient {
  readonly options: Readonly<Omit<ResolvedHttpJsonClientOptions, "fetch" | "random">>;
  post(url: string, payload: unknown, request: JsonRequest): Promise<JsonResponse>;
}

const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;
/** Bytes of an error body kept for the message: enough for a 422's field name. */
const ERROR_BODY_BYTES = 2_048;
/** An attempt with less time than this left is not worth starting. */
const MIN_ATTEMPT_MS = 20;

function codeForStatus(status: number): BackendErrorCode {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 400 || status === 413 || status === 422) return "invalid_request";
  if (status === 408) return "timeout";
  if (status === 429) return "rate_limited";
  if (status === 503 || status === 529) return "overloaded";
  if (status >= 500) return "server_error";
  return "http_status";
}

/**
 * The wait before retry number `retry` (0 for the first): exponential from `initialMs`, capped at `maxMs`,
 * less up to 25% jitter so that clients that failed together do not retry together.
 */
export function backoffMs(retry: number, initialMs: number, maxMs: number, random: number): number {
  return Math.min(maxMs, initialMs * 2 ** retry) * (1 - 0.25 * random);
}

/** Milliseconds a response asks the client to wait, from `retry-after-ms` or `Retry-After`; null if none. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const milliseconds = headers.get("retry-after-ms");
  if (milliseconds !== null && milliseconds.trim() !== "" && Number.isFinite(Number(milliseconds)))
    return Math.max(0, Number(milliseconds));
  const value = headers.get("retry-after");
  if (value === null || value.trim() === "") return null;
  if (Number.isFinite(Number(value))) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Parses JSON, accepting the bare `NaN` and `Infinity` that Python servers write, as the strings "NaN"
 * and "Infinity": the answer then fails validation and says why, instead of failing as unreadable.
 */
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false; error: Error } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // Replace the tokens only outside strings.
    const patched = text.replace(/"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)/g, (match, token: string | undefined) =>
      token ? JSON.stringify(token) : match,
    );
    if (patched === text) return { ok: false, error: error as Error };
    try {
      return { ok: true, value: JSON.parse(patched) };
    } catch {
      return { ok: false, error: error as Error };
    }
  }
}

/** Reads a body up to a byte limit; `truncated` when it is longer (the rest is not read). */
async function readLimited(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => {});
    return { text: "", truncated: true };
  }
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => {});
      return { text: Buffer.concat(chunks).toString("utf8"), truncated: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), truncated: false };
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function requestIdOf(headers: Headers): string | null {
  return headers.get("x-typesafe-request-id") ?? headers.get("x-request-id");
}

export function createHttpJsonClient(options: HttpJsonClientOptions = {}): HttpJsonClient {
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  const random = options.random ?? Math.random;
  const settings = {
    attemptTimeoutMs: options.attemptTimeoutMs ?? DEFAULT_HTTP_OPTIONS.attemptTimeoutMs,
    deadlineMs: options.deadlineMs ?? DEFAULT_HTTP_OPTIONS.deadlineMs,
    maxRetries: options.maxRetries ?? DEFAULT_HTTP_OPTIONS.maxRetries,
    initialBackoffMs: options.initialBackoffMs ?? DEFAULT_HTTP_OPTIONS.initialBackoffMs,
    maxBackoffMs: options.maxBackoffMs ?? DEFAULT_HTTP_OPTIONS.maxBackoffMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_HTTP_OPTIONS.maxRetryAfterMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_HTTP_OPTIONS.maxResponseBytes,
  };
  const backoff = (retry: number) =>
    backoffMs(retry, settings.initialBackoffMs, settings.maxBackoffMs, random());

  async function post(url: string, payload: unknown, request: JsonRequest): Promise<JsonResponse> {
    const where = displayUrl(url);
    const secrets = request.secrets;
    const started = performance.now();
    const deadlineAt = started + settings.deadlineMs;
    const body = JSON.stringify(payload);
    const fail = (
      code: BackendErrorCode,
      message: string,
      details: { status?: number; attempts: number; requestId?: string | null; cause?: unknown },
    ) => new BackendError(code, message, { ...details, secrets });
    const elapsed = () => Math.round(performance.now() - started);

    for (let attempt = 1; ; attempt++) {
      if (request.signal?.aborted)
        throw fail("aborted", `the caller cancelled the request to ${where}`, {
          attempts: attempt - 1,
          cause: request.signal.reason,
        });
      const remaining = deadlineAt - performance.now();
      // Reaching the end of this iteration means a transient failure, and this wait leaves time to retry.
      let wait = 0;
      const attemptController = new AbortController();
      const onCallerAbort = () => attemptController.abort(request.signal?.reason);
      request.signal?.addEventListener("abort", onCallerAbort, { once: true });
      const attemptMs = Math.min(settings.attemptTimeoutMs, remaining);
      const timer = setTimeout(() => attemptController.abort(new Error("attempt timeout")), attemptMs);
      try {
        const response = await fetchImplementation(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", ...request.headers },
          body,
          signal: attemptController.signal,
        });
        const requestId = requestIdOf(response.headers);
        if (response.ok) {
          const read = await readLimited(response, settings.maxResponseBytes);
          if (read.truncated)
            throw fail(
              "response_too_large",
              `the response from ${where} is larger than ${settings.maxResponseBytes} bytes`,
              { status: response.status, attempts: attempt, requestId },
            );
          const parsed = parseJsonBody(read.text);
          if (!parsed.ok)
            throw fail(
              "malformed_response",
              `the response from ${where} (HTTP ${response.status}) is not JSON: ${JSON.stringify(read.text.slice(0, 120))}`,
              { status: response.status, attempts: attempt, requestId, cause: parsed.error },
            );
          return { status: response.status, body: parsed.value, requestId, attempts: attempt };
        }
        const read = await readLimited(response, ERROR_BODY_BYTES);
        const snippet = read.text.replace(/\s+/g, " ").trim().slice(0, 300);
        const code = codeForStatus(response.status);
        const asked = retryAfterMs(response.headers);
        const describe = (why: string) =>
          `HTTP ${response.status} from ${where} after ${attempt} attempt${attempt === 1 ? "" : "s"} in ${elapsed()} ms${why}${snippet ? `: ${snippet}` : ""}`;
        if (!RETRYABLE(response.status))
          throw fail(code, describe(""), { status: response.status, attempts: attempt, requestId });
        if (attempt > settings.maxRetries)
          throw fail(code, describe(", no retries left"), {
            status: response.status,
            attempts: attempt,
            requestId,
          });
        if (asked !== null && asked > settings.maxRetryAfterMs)
          throw fail(
            code,
            describe(
              `; it asks to retry after ${Math.round(asked)} ms, above the ${settings.maxRetryAfterMs} ms cap`,
            ),
            { status: response.status, attempts: attempt, requestId },
          );
        const delay = asked ?? backoff(attempt - 1);
        if (performance.now() + delay + MIN_ATTEMPT_MS >= deadlineAt)
          throw fail(
            code,
            describe(`; no time left for a retry within the ${settings.deadlineMs} ms deadline`),
            { status: response.status, attempts: attempt, requestId },
          );
        wait = delay;
      } catch (error) {
        if (error instanceof BackendError) throw error;
        if (request.signal?.aborted)
          throw fail("aborted", `the caller cancelled the request to ${where}`, {
            attempts: attempt,
            cause: request.signal.reason,
          });
        const timedOut = attemptController.signal.aborted;
        const code: BackendErrorCode = timedOut ? "timeout" : "network";
        const what = timedOut
          ? `no complete answer from ${where} within ${Math.round(attemptMs)} ms`
          : `cannot reach ${where}`;
        const finalError = fail(code, `${what} (attempt ${attempt}, ${elapsed()} ms in)`, {
          attempts: attempt,
          cause: timedOut ? undefined : error,
        });
        const delay = backoff(attempt - 1);
        if (attempt > settings.maxRetries || performance.now() + delay + MIN_ATTEMPT_MS >= deadlineAt)
          throw finalError;
        wait = delay;
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener("abort", onCallerAbort);
      }
      try {
        await sleep(wait, request.signal);
      } catch (reason) {
        throw fail("aborted", `the caller cancelled the request to ${where}`, {
          attempts: attempt,
          cause: reason,
        });
      }
    }
  }

  return { options: settings, post };
}
