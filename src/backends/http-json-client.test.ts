import assert from "node:assert/strict";
import type { ServerResponse } from "node:http";
import { after, before, describe, it } from "node:test";
import { type LoopbackServer, readText, startLoopbackServer } from "../../test/support/loopback-server.js";
import { BackendError } from "./backend-error.js";
import { backoffMs, createHttpJsonClient, parseJsonBody, retryAfterMs } from "./http-json-client.js";

const PATIENT = { deadlineMs: 20_000, attemptTimeoutMs: 20_000 };
const REQUEST = { headers: {}, secrets: [] };

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof BackendError, String(error));
    return error;
  }
  assert.fail("expected a rejection");
}

describe("the HTTP JSON client", () => {
  let server: LoopbackServer;
  /** Times at which each route saw a request. */
  const seen = new Map<string, number[]>();
  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };

  before(async () => {
    server = await startLoopbackServer(async (request, response) => {
      const route = (request.url ?? "").slice(1);
      const times = seen.get(route) ?? [];
      times.push(performance.now());
      seen.set(route, times);
      const body = await readText(request);
      const count = times.length;
      switch (route) {
        case "echo":
          return send(response, 200, {
            received: JSON.parse(body),
            authorization: request.headers.authorization ?? null,
          });
        case "429-then-ok":
          return count === 1
            ? send(response, 429, { error: "wait" }, { "retry-after-ms": "150" })
            : send(response, 200, { ok: true });
        case "reset-then-ok":
          return count === 1 ? void request.socket.destroy() : send(response, 200, { ok: true });
        case "503-wait":
          return send(response, 503, { error: "busy" }, { "retry-after-ms": "800" });
        default:
          return send(response, Number(route), { error: "no" });
      }
    });
  });
  after(() => server.close());

  it("posts JSON and reads JSON, with the caller's headers", async () => {
    const client = createHttpJsonClient(PATIENT);
    const response = await client.post(
      `${server.url}/echo`,
      { a: 1 },
      { headers: { authorization: "Bearer k" }, secrets: ["k"] },
    );
    assert.deepEqual(response.body, { received: { a: 1 }, authorization: "Bearer k" });
    assert.equal(response.attempts, 1);
  });
  it("retries a 429 after the wait it asks for in retry-after-ms, then returns the answer", async () => {
    const response = await createHttpJsonClient(PATIENT).post(`${server.url}/429-then-ok`, {}, REQUEST);
    assert.deepEqual(response.body, { ok: true });
    assert.equal(response.attempts, 2);
    const [first, second] = seen.get("429-then-ok") as [number, number];
    // setTimeout never fires early (beyond a millisecond of rounding): this is a lower bound, not a speed test.
    assert.ok(second - first >= 145, `retried after ${second - first} ms`);
  });
  it("retries a connection reset, then returns the answer", async () => {
    const response = await createHttpJsonClient(PATIENT).post(`${server.url}/reset-then-ok`, {}, REQUEST);
    assert.equal(response.attempts, 2);
  });
  it("never retries 400, 401, 403, 404 or 422", async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      const error = await rejection(
        createHttpJsonClient(PATIENT).post(`${server.url}/${status}`, {}, REQUEST),
      );
      assert.equal(error.status, status);
      assert.equal(error.attempts, 1);
      assert.equal(seen.get(String(status))?.length, 1);
    }
  });
  it("retries 408, 409, 500, 502 and 529 up to maxRetries", async () => {
    for (const status of [408, 409, 500, 502, 529]) {
      const error = await rejection(
        createHttpJsonClient({ ...PATIENT, maxRetries: 3 }).post(`${server.url}/${status}`, {}, REQUEST),
      );
      assert.equal(error.attempts, 4);
      assert.equal(seen.get(String(status))?.length, 4);
    }
  });
  it("names each status's cause in its code", async () => {
    const codes: Record<number, string> = { 401: "unauthorized", 422: "invalid_request", 404: "http_status" };
    for (const [status, code] of Object.entries(codes)) {
      const error = await rejection(
        createHttpJsonClient(PATIENT).post(`${server.url}/${status}`, {}, REQUEST),
      );
      assert.equal(error.code, code);
    }
  });
  it("gives up at once when the wait asked for would pass the deadline", async () => {
    const error = await rejection(
      createHttpJsonClient({ deadlineMs: 500 }).post(`${server.url}/503-wait`, {}, REQUEST),
    );
    assert.equal(error.code, "overloaded");
    assert.equal(error.attempts, 1);
    assert.match(error.message, /no time left for a retry within the 500 ms deadline/);
  });
  it("stops at once when the caller aborts while it waits to retry", async () => {
    const controller = new AbortController();
    const pending = createHttpJsonClient(PATIENT).post(
      `${server.url}/503-wait`,
      {},
      { ...REQUEST, signal: controller.signal },
    );
    const before = seen.get("503-wait")?.length ?? 0;
    setTimeout(() => controller.abort(new Error("the user moved on")), 200);
    const error = await rejection(pending);
    assert.equal(error.code, "aborted");
    assert.equal(error.attempts, 1);
    assert.equal((seen.get("503-wait")?.length ?? 0) - before, 1, "no second attempt after the abort");
  });
  it("passes the caller's signal through to an injected fetch", async () => {
    const controller = new AbortController();
    let received: AbortSignal | undefined;
    const fetch: typeof globalThis.fetch = (_url, init) => {
      received = init?.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    };
    const pending = createHttpJsonClient({ ...PATIENT, fetch }).post(
      "http://unused.invalid/",
      {},
      { ...REQUEST, signal: controller.signal },
    );
    controller.abort(new Error("cancelled"));
    const error = await rejection(pending);
    assert.equal(error.code, "aborted");
    assert.equal(received?.aborted, true);
  });
  it("times out an attempt that never answers, inside the total deadline", async () => {
    const fetch: typeof globalThis.fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const error = await rejection(
      createHttpJsonClient({ fetch, deadlineMs: 120, attemptTimeoutMs: 50 }).post(
        "http://unused.invalid/",
        {},
        REQUEST,
      ),
    );
    assert.equal(error.code, "timeout");
    assert.ok(error.attempts >= 1);
  });
});

describe("backoff and Retry-After", () => {
  it("doubles from the initial wait, caps it, and takes off at most a quarter as jitter", () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((retry) => backoffMs(retry, 50, 400, 0)),
      [50, 100, 200, 400, 400],
    );
    assert.equal(backoffMs(1, 50, 400, 0.999999), 100 * (1 - 0.25 * 0.999999));
  });
  it("reads retry-after-ms first, then Retry-After in seconds or as a date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    assert.equal(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), now), 250);
    assert.equal(retryAfterMs(new Headers({ "retry-after": "2" }), now), 2000);
    assert.equal(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now), 3000);
    assert.equal(retryAfterMs(new Headers({ "retry-after": "soon" }), now), null);
    assert.equal(retryAfterMs(new Headers(), now), null);
  });
});

describe("reading JSON bodies", () => {
  it("reads the bare NaN a Python server writes as the string NaN, so validation can name it", () => {
    assert.deepEqual(parseJsonBody('{"p":NaN,"q":-Infinity}'), {
      ok: true,
      value: { p: "NaN", q: "-Infinity" },
    });
  });
  it("leaves NaN inside strings alone and still refuses text that is not JSON", () => {
    assert.deepEqual(parseJsonBody('{"text":"NaN \\" NaN"}'), { ok: true, value: { text: 'NaN " NaN' } });
    assert.equal(parseJsonBody("<html>NaN</html>").ok, false);
  });
});
