import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { inspect } from "node:util";
import { addToCart } from "../../test/support/contract-states.js";
import { described } from "../../test/support/facts.js";
import { type LoopbackServer, readText, startLoopbackServer } from "../../test/support/loopback-server.js";
import { askModel, DEFAULT_MODEL_TIMEOUT_MS } from "../core/model-call.js";
import { decide } from "../core/policy.js";
import { reasonText } from "../core/reason-text.js";
import { decisionEntry } from "../evidence/evidence-entries.js";
import { EvidenceLog } from "../evidence/evidence-log.js";
import type { Backend } from "../spec/backend.js";
import type { ModelOutcome } from "../spec/decision.js";
import { GATE_QUESTIONS } from "../spec/questions.js";
import { BackendError } from "./backend-error.js";
import { createSystemOneBackend } from "./system-one-backend.js";

/**
 * Fault injection against a real misbehaving System One server on loopback. Every fault must end in
 * `ask` with the right reason code, within the gate's deadline, without a crash, and without the key
 * in any error, reason, or evidence record, even when the server echoes the key back.
 */

const KEY = "sk-stopline-test-7f3a9c1e5b2d4f60";

const GOOD = {
  model: "misbehaving-1",
  answers: {
    effect: {
      type: "choice",
      choice: "read_only",
      probabilities: {
        read_only: 0.97,
        reversible_change: 0.01,
        public_or_irreversible: 0.01,
        credentials_or_money: 0.01,
      },
      confidence: 0.96,
    },
    servesTask: { type: "noul", noul: 0.9 },
    pageInstructsAgent: { type: "noul", noul: 0.02 },
  },
};

function withEffect(probabilities: Record<string, unknown>, choice = "read_only") {
  return { ...GOOD, answers: { ...GOOD.answers, effect: { type: "choice", choice, probabilities } } };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** Writes `bytes` of a never-ending JSON string, respecting backpressure, until done or the client leaves. */
async function hugeBody(response: ServerResponse, bytes: number): Promise<void> {
  response.writeHead(200, { "content-type": "application/json" });
  response.write('{"model":"m","padding":"');
  const chunk = "x".repeat(64 * 1024);
  for (let written = 0; written < bytes && !response.destroyed; written += chunk.length)
    if (!response.write(chunk))
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off("drain", done).off("close", done);
          resolve();
        };
        response.on("drain", done).on("close", done);
      });
  if (!response.destroyed) response.end('"}');
}

interface Case {
  route: string;
  /** What the server does, for the test's name. */
  what: string;
  failure: "model_timeout" | "model_unavailable" | "model_invalid_answer";
  /** A piece of the failure detail that shows the specific cause. */
  detail: RegExp;
  /** The BackendError code, when the backend throws. */
  code?: string;
  /** Attempts the server must have seen (retries are part of the behaviour). */
  attempts?: number;
}

const CASES: Case[] = [
  { route: "hang", what: "hangs without a word", failure: "model_timeout", detail: /timeout|within/ },
  {
    route: "slow-headers",
    what: "sends its headers after 5 s",
    failure: "model_timeout",
    detail: /timeout|within/,
  },
  {
    route: "slow-body",
    what: "sends half a body and stalls",
    failure: "model_timeout",
    detail: /timeout|within/,
  },
  {
    route: "500",
    what: "answers 500, echoing the key",
    failure: "model_unavailable",
    detail: /server_error: HTTP 500/,
    code: "server_error",
    attempts: 3,
  },
  {
    route: "429-long",
    what: "answers 429 asking for 30 s",
    failure: "model_unavailable",
    detail: /rate_limited: HTTP 429.*retry after 30000 ms, above the 1000 ms cap/,
    code: "rate_limited",
    attempts: 1,
  },
  {
    route: "429-short",
    what: "answers 429 asking for 10 ms every time",
    failure: "model_unavailable",
    detail: /rate_limited: HTTP 429/,
    code: "rate_limited",
    attempts: 3,
  },
  {
    route: "529",
    what: "answers 529 overloaded",
    failure: "model_unavailable",
    detail: /overloaded: HTTP 529/,
    code: "overloaded",
    attempts: 3,
  },
  {
    route: "401-echo",
    what: "answers 401, echoing the key",
    failure: "model_unavailable",
    detail: /unauthorized: HTTP 401/,
    code: "unauthorized",
    attempts: 1,
  },
  {
    route: "not-json",
    what: "answers with an HTML page",
    failure: "model_unavailable",
    detail: /malformed_response: .*not JSON/,
    code: "malformed_response",
  },
  {
    route: "huge",
    what: "sends a 20 MB body",
    failure: "model_unavailable",
    detail: /response_too_large/,
    code: "response_too_large",
  },
  {
    route: "reset",
    what: "resets the connection",
    failure: "model_unavailable",
    detail: /network: cannot reach/,
    code: "network",
    attempts: 3,
  },
  {
    route: "sum-0.7",
    what: "sends probabilities that sum to 0.7",
    failure: "model_invalid_answer",
    detail: /effect: probabilities sum to 0\.7/,
  },
  {
    route: "nan",
    what: "sends a bare NaN probability",
    failure: "model_invalid_answer",
    detail: /probability of read_only is NaN/,
  },
  {
    route: "unknown-option",
    what: "answers with an option nobody asked for",
    failure: "model_invalid_answer",
    detail: /effect: unknown option "delete_everything"/,
  },
  {
    route: "missing-question",
    what: "leaves a question out",
    failure: "model_invalid_answer",
    detail: /pageInstructsAgent: missing/,
  },
  {
    route: "no-answers",
    what: "sends no answers at all",
    failure: "model_invalid_answer",
    detail: /answers: missing/,
  },
];

describe("the System One backend against a misbehaving server", () => {
  let server: LoopbackServer;
  const attempts = new Map<string, number>();
  const abandoned = new Set<string>();
  const thrown: unknown[] = [];
  const outcomes: ModelOutcome[] = [];
  const logPath = join(mkdtempSync(join(tmpdir(), "stopline-faults-")), "evidence.jsonl");
  let log: EvidenceLog;

  before(async () => {
    log = new EvidenceLog(logPath, { runId: "faults" });
    server = await startLoopbackServer(async (request, response) => {
      const route = (request.url ?? "").split("/")[1] ?? "";
      attempts.set(route, (attempts.get(route) ?? 0) + 1);
      request.on("close", () => {
        if (!response.writableFinished) abandoned.add(route);
      });
      await readText(request);
      const echo = `bad key ${request.headers.authorization ?? ""}`;
      switch (route) {
        case "ok":
          return json(response, 200, GOOD);
        case "sum-0.99":
          return json(
            response,
            200,
            withEffect({
              read_only: 0.96,
              reversible_change: 0.01,
              public_or_irreversible: 0.01,
              credentials_or_money: 0.01,
            }),
          );
        case "hang":
          return; // never answers
        case "slow-headers":
          setTimeout(() => !response.destroyed && json(response, 200, GOOD), 5_000);
          return;
        case "slow-body":
          response.writeHead(200, { "content-type": "application/json" });
          response.write('{"model":');
          setTimeout(() => !response.destroyed && response.end('"m","answers":{}}'), 5_000);
          return;
        case "500":
          return json(response, 500, { error: echo });
        case "429-long":
          return json(response, 429, { error: "slow down" }, { "retry-after": "30" });
        case "429-short":
          return json(response, 429, { error: "slow down" }, { "retry-after-ms": "10" });
        case "529":
          return json(response, 529, { error: "overloaded" });
        case "401-echo":
          return json(response, 401, { error: echo });
        case "not-json":
          response.writeHead(200, { "content-type": "text/html" });
          return void response.end(`<html><body>Proxy login. ${echo}</body></html>`);
        case "huge":
          return hugeBody(response, 20 * 1024 * 1024);
        case "reset":
          return void request.socket.destroy();
        case "sum-0.7":
          return json(
            response,
            200,
            withEffect({
              read_only: 0.4,
              reversible_change: 0.1,
              public_or_irreversible: 0.1,
              credentials_or_money: 0.1,
            }),
          );
        case "nan":
          // What Python's json.dumps writes for float("nan").
          return json(response, 200, JSON.stringify(GOOD).replace('"read_only":0.97', '"read_only":NaN'));
        case "unknown-option":
          return json(
            response,
            200,
            withEffect({
              read_only: 0.97,
              reversible_change: 0.01,
              public_or_irreversible: 0.01,
              delete_everything: 0.01,
            }),
          );
        case "missing-question": {
          const { pageInstructsAgent: _dropped, ...rest } = GOOD.answers;
          return json(response, 200, { model: GOOD.model, answers: rest });
        }
        case "no-answers":
          return json(response, 200, { model: "m", error: null });
        default:
          return json(response, 404, { error: "no such route" });
      }
    });
  });
  after(async () => {
    log.close();
    await server.close();
  });

  function backendFor(route: string, http = {}): Backend {
    const inner = createSystemOneBackend({
      baseUrl: `${server.url}/${route}`,
      apiKey: KEY,
      environment: {},
      http,
    });
    return {
      ...inner,
      answer: (state, questions, options) =>
        inner.answer(state, questions, options).catch((error: unknown) => {
          thrown.push(error);
          throw error;
        }),
    };
  }

  async function gate(backend: Backend) {
    const started = performance.now();
    const outcome = await askModel(backend, addToCart, GATE_QUESTIONS, DEFAULT_MODEL_TIMEOUT_MS);
    const elapsed = performance.now() - started;
    const decision = decide([], outcome);
    outcomes.push(outcome);
    const facts = described();
    log.append(
      decisionEntry({
        decisionId: `d${outcomes.length}`,
        actionId: `a${outcomes.length}`,
        revision: 0,
        task: addToCart.task,
        action: facts.action,
        page: facts.page,
        decision,
        backend: backend.id,
        timings: { modelMs: elapsed },
      }),
    );
    return { outcome, decision, elapsed };
  }

  it("allows when the same server behaves (the harness itself lets a good answer through)", async () => {
    const patient = { deadlineMs: 30_000, attemptTimeoutMs: 30_000 };
    for (const route of ["ok", "sum-0.99"]) {
      const outcome = await askModel(backendFor(route, patient), addToCart, GATE_QUESTIONS, 60_000);
      assert.ok(outcome.ok, `${route}: ${JSON.stringify(!outcome.ok && outcome.detail)}`);
      assert.equal(decide([], outcome).verdict, "allow");
    }
  });

  for (const fault of CASES) {
    it(`asks with ${fault.failure} when the server ${fault.what}`, async () => {
      const { outcome, decision, elapsed } = await gate(backendFor(fault.route));
      assert.equal(decision.verdict, "ask");
      assert.equal(outcome.ok, false);
      if (outcome.ok) return;
      assert.equal(outcome.failure, fault.failure, outcome.detail.join("; "));
      assert.equal(decision.reasons[0]?.code, fault.failure);
      assert.match(outcome.detail.join("; "), fault.detail);
      // The gate's deadline bounds every case; the margin only absorbs a busy machine's scheduling.
      assert.ok(elapsed < DEFAULT_MODEL_TIMEOUT_MS + 2_000, `took ${Math.round(elapsed)} ms`);
      if (fault.attempts !== undefined) assert.equal(attempts.get(fault.route), fault.attempts);
      if (fault.code !== undefined) {
        const error = thrown.at(-1);
        assert.ok(error instanceof BackendError);
        assert.equal(error.code, fault.code);
      }
    });
  }

  it("abandons the connection of a server that hangs, rather than leaving it open", () => {
    for (const route of ["hang", "slow-headers", "slow-body", "huge"]) assert.ok(abandoned.has(route), route);
  });

  it("never lets the key into an error, a reason, or the evidence log, even when the server echoes it", () => {
    assert.ok(attempts.get("401-echo"), "the echoing routes ran");
    for (const error of thrown) {
      assert.ok(!inspect(error, { depth: null, showHidden: true }).includes(KEY), inspect(error));
      assert.ok(!String((error as Error).stack).includes(KEY));
    }
    for (const outcome of outcomes) {
      assert.ok(!inspect(outcome, { depth: null }).includes(KEY));
      assert.ok(!decide([], outcome).reasons.map(reasonText).join(" ").includes(KEY));
    }
    const evidence = readFileSync(logPath, "utf8");
    assert.ok(evidence.includes("[redacted]"), "the echoed key was replaced, not dropped silently");
    assert.ok(!evidence.includes(KEY));
  });

  it("refuses a closed port as a network failure that asks", async () => {
    const closed = await startLoopbackServer(() => {});
    await closed.close();
    const backend = createSystemOneBackend({ baseUrl: closed.url, apiKey: KEY, environment: {} });
    const outcome = await askModel(backend, addToCart, GATE_QUESTIONS);
    assert.equal(!outcome.ok && outcome.failure, "model_unavailable");
    assert.match(!outcome.ok ? outcome.detail.join(";") : "", /network: cannot reach/);
    assert.equal(decide([], outcome).verdict, "ask");
  });
});
