import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, it } from "node:test";
import { addToCart, buyNow, CONTRACT_STATES } from "../../test/support/contract-states.js";
import { createKeywordBackend } from "../backends/keyword-backend.js";
import { createLocalBackend } from "../backends/local/local-backend.js";
import { createSystemOneBackend } from "../backends/system-one-backend.js";
import { normaliseAnswers } from "../core/answer-normalisation.js";
import type { BackendResponse } from "../spec/answers.js";
import type { Backend } from "../spec/backend.js";
import { GATE_QUESTIONS, type QuestionSet } from "../spec/questions.js";
import {
  type RunningSystemOneServer,
  type SystemOneServerOptions,
  startSystemOneServer,
} from "./system-one-server.js";

const TOKEN = "serve-token-9c1f2a7e";
const PAGE_MARKER = "ONLY-IN-THE-PAGE-5d1c";

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${url}/v1/systemone`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    // A server that never answers fails the test instead of holding it for undici's five minutes.
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

function issuePaths(body: Record<string, unknown>): string[] {
  return ((body["error"] as { issues?: { path: string }[] }).issues ?? []).map((issue) => issue.path);
}

/** A test backend that answers any question set about any state: uniform choices, noul 0.5. */
function uniformBackend(): Backend {
  const answer = async (_state: unknown, questions: QuestionSet): Promise<BackendResponse> => ({
    model: "uniform-1",
    answers: Object.fromEntries(
      Object.entries(questions).map(([id, question]) => {
        if (question.type === "noul") return [id, { type: "noul", noul: 0.5 }];
        const options = Object.keys(question.criteria);
        const probabilities = Object.fromEntries(options.map((option) => [option, 1 / options.length]));
        return [id, { type: "choice", choice: options[0], probabilities, confidence: 0 }];
      }),
    ),
  });
  return { id: "uniform", questionScope: "any", answer, answerForeign: answer };
}

describe("stopline serve in front of its default backend, the embedded model", () => {
  let served: RunningSystemOneServer;
  const lines: string[] = [];
  before(async () => {
    served = await startSystemOneServer({ port: 0, token: TOKEN, log: (line) => lines.push(line) });
  });
  after(() => served.close());

  it("reports health without a token", async () => {
    const response = await fetch(`${served.url}/healthz`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: "ok", backend: "local" });
  });
  it("gives the gate's own HTTP backend exactly the answers the embedded model gives in process", async () => {
    const local = createLocalBackend();
    const backend = createSystemOneBackend({
      baseUrl: served.url,
      apiKey: TOKEN,
      environment: {},
      http: { deadlineMs: 30_000, attemptTimeoutMs: 30_000 },
    });
    for (const state of Object.values(CONTRACT_STATES)) {
      const overHttp = normaliseAnswers(
        await backend.answer(state, GATE_QUESTIONS, { signal: new AbortController().signal }),
        GATE_QUESTIONS,
      );
      const inProcess = normaliseAnswers(
        await local.answer(state, GATE_QUESTIONS, { signal: new AbortController().signal }),
        GATE_QUESTIONS,
      );
      assert.ok(overHttp.ok && inProcess.ok);
      assert.equal(overHttp.value.model, inProcess.value.model);
      for (const [option, probability] of Object.entries(inProcess.value.effect.probabilities))
        assert.ok(
          Math.abs(
            overHttp.value.effect.probabilities[option as keyof typeof inProcess.value.effect.probabilities] -
              probability,
          ) < 1e-12,
        );
      assert.equal(overHttp.value.servesTask.probability, inProcess.value.servesTask.probability);
      assert.equal(
        overHttp.value.pageInstructsAgent.probability,
        inProcess.value.pageInstructsAgent.probability,
      );
    }
  });
  it("answers in the System One wire shape, with confidence on choices and none on noul", async () => {
    const { status, body } = await post(served.url, {
      model: "jev-latest",
      state: buyNow,
      questions: GATE_QUESTIONS,
    });
    assert.equal(status, 200);
    const answers = body["answers"] as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(answers["effect"] ?? {}).sort(), [
      "choice",
      "confidence",
      "probabilities",
      "type",
    ]);
    assert.deepEqual(Object.keys(answers["servesTask"] ?? {}).sort(), ["noul", "type"]);
  });
  it("recognises the gate's questions by their content under any ids, and answers only those asked", async () => {
    const { status, body } = await post(served.url, {
      model: "m",
      state: buyNow,
      questions: { risk: GATE_QUESTIONS.effect },
    });
    assert.equal(status, 200);
    const answers = body["answers"] as Record<string, { choice: string }>;
    assert.deepEqual(Object.keys(answers), ["risk"]);
    assert.equal(
      answers["risk"]?.choice,
      (
        (await createLocalBackend().answer(buyNow, GATE_QUESTIONS, { signal: new AbortController().signal }))
          .answers["effect"] as { choice: string }
      ).choice,
    );
  });
  it("rejects a request with the path of every problem", async () => {
    const { status, body } = await post(served.url, {
      model: 7,
      state: 5,
      questions: {
        empty: { type: "choice", instructions: "", criteria: {} },
        odd: { type: "noul", instructions: "Is it?", criteria: { maybe: "x" } },
        scored: { type: "score", instructions: "How bad?", criteria: ["low", "high"] },
        "with space": "not a question",
      },
    });
    assert.equal(status, 422);
    assert.deepEqual(issuePaths(body).sort(), [
      "model",
      "questions.empty.criteria",
      "questions.empty.instructions",
      "questions.odd.criteria.maybe",
      "questions.scored.type",
      'questions["with space"]',
      "state",
    ]);
  });
  it("rejects, with a clear 422, a question its backend cannot answer", async () => {
    const { status, body } = await post(served.url, {
      model: "m",
      state: addToCart,
      questions: { ...GATE_QUESTIONS, english: { type: "noul", instructions: "Is the page in English?" } },
    });
    assert.equal(status, 422);
    assert.deepEqual(issuePaths(body), ["questions.english"]);
    assert.match(JSON.stringify(body), /answers only stopline's gate questions/);
  });
  it("says honestly that the keyword backend cannot read plain text or other JSON", async () => {
    const text = await post(served.url, {
      model: "m",
      state: "A page about lamps.",
      questions: GATE_QUESTIONS,
    });
    assert.equal(text.status, 422);
    assert.match(
      JSON.stringify(text.body),
      /reads only stopline's DecisionState JSON; this state is plain text/,
    );
    const { page: _page, ...nearMiss } = addToCart;
    const json = await post(served.url, {
      model: "m",
      state: { ...nearMiss, page: { url: 42 } },
      questions: GATE_QUESTIONS,
    });
    assert.equal(json.status, 422);
    assert.ok(issuePaths(json.body).includes("state.page.url"), issuePaths(json.body).join(", "));
    assert.ok(issuePaths(json.body).includes("state.page.title"));
  });
  it("requires the bearer token", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const response = await post(
        served.url,
        { model: "m", state: addToCart, questions: GATE_QUESTIONS },
        headers,
      );
      assert.equal(response.status, 401);
      assert.equal(response.headers.get("www-authenticate"), "Bearer");
    }
  });
  it("refuses a body that is not JSON with 400, and unknown paths and methods", async () => {
    assert.equal((await post(served.url, "{not json")).status, 400);
    assert.equal((await fetch(`${served.url}/v1/other`)).status, 404);
    const wrongMethod = await fetch(`${served.url}/v1/systemone`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get("allow"), "POST");
  });
  it("never logs the state or the token, only its size and kind", async () => {
    const state = structuredClone(addToCart);
    state.page.visibleText = `Lamps. ${PAGE_MARKER}`;
    assert.equal((await post(served.url, { model: "m", state, questions: GATE_QUESTIONS })).status, 200);
    const all = lines.join("\n");
    assert.match(all, /POST \/v1\/systemone 200 [\d.]+ms state=decision\(\d+ chars\) questions=3/);
    assert.ok(!all.includes(PAGE_MARKER));
    assert.ok(!all.includes(TOKEN));
  });
});

describe("stopline serve limits and lifecycle", () => {
  const started: RunningSystemOneServer[] = [];
  const start = async (options: SystemOneServerOptions) => {
    const server = await startSystemOneServer({ port: 0, log: () => {}, ...options });
    started.push(server);
    return server;
  };
  after(async () => {
    for (const server of started) await server.close(0);
  });

  it("answers any question set about any state when its backend can", async () => {
    const served = await start({ backend: uniformBackend() });
    const { status, body } = await post(served.url, {
      model: "m",
      state: ["ticket 1", { text: "refund please" }],
      questions: {
        tone: {
          type: "choice",
          instructions: { ask: "Tone of `text`?" },
          criteria: { calm: null, angry: ["shouting"] },
        },
        refund: { type: "noul", instructions: "Refund asked?" },
      },
    });
    assert.equal(status, 200);
    assert.deepEqual(body["answers"], {
      tone: { type: "choice", choice: "calm", probabilities: { calm: 0.5, angry: 0.5 }, confidence: 0 },
      refund: { type: "noul", noul: 0.5 },
    });
  });
  it("refuses a body over the limit with 413, whether or not it declares its length", async () => {
    const served = await start({ maxBodyBytes: 2_000 });
    const big = JSON.stringify({ model: "m", state: "x".repeat(5_000), questions: GATE_QUESTIONS });
    assert.equal((await post(served.url, big, {})).status, 413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        `${served.url}/v1/systemone`,
        { method: "POST", headers: { "transfer-encoding": "chunked" } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      for (let index = 0; index < 10; index++) request.write("x".repeat(1_000));
      request.end();
    });
    assert.equal(chunked, 413);
  });
  it("turns a backend failure into 500, an invalid answer into 500 with its issues, and a slow backend into 504", async () => {
    const failing = await start({
      backend: {
        id: "failing",
        answer: async () => Promise.reject(Object.assign(new Error("weights missing"), { code: "io" })),
      },
    });
    const failed = await post(failing.url, { model: "m", state: addToCart, questions: GATE_QUESTIONS }, {});
    assert.equal(failed.status, 500);
    assert.deepEqual(failed.body["error"], {
      code: "backend_error",
      message: "weights missing",
      backendCode: "io",
    });
    const invalid = await start({
      backend: {
        id: "invalid",
        answer: async () => ({
          model: "x",
          answers: { effect: { choice: "read_only", probabilities: { read_only: 0.5 } } },
        }),
      },
    });
    const bad = await post(invalid.url, { model: "m", state: addToCart, questions: GATE_QUESTIONS }, {});
    assert.equal(bad.status, 500);
    assert.equal((bad.body["error"] as { code: string }).code, "backend_invalid_answer");
    const slow = await start({
      backend: { id: "slow", answer: () => new Promise(() => {}) },
      backendTimeoutMs: 50,
    });
    assert.equal(
      (await post(slow.url, { model: "m", state: addToCart, questions: GATE_QUESTIONS }, {})).status,
      504,
    );
  });
  it("sheds load past maxConcurrent with 503 and Retry-After", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const keyword = createKeywordBackend();
    const served = await start({
      backend: {
        id: "held",
        answer: async (state, questions, options) => {
          entered();
          await gate;
          return keyword.answer(state, questions, options);
        },
      },
      maxConcurrent: 1,
    });
    const first = post(served.url, { model: "m", state: addToCart, questions: GATE_QUESTIONS }, {});
    await inside;
    const second = await post(served.url, { model: "m", state: addToCart, questions: GATE_QUESTIONS }, {});
    assert.equal(second.status, 503);
    assert.equal(second.headers.get("retry-after"), "1");
    release();
    assert.equal((await first).status, 200);
  });
  it("aborts the backend's signal when the client goes away", async () => {
    let aborted: Promise<void> = Promise.resolve();
    const served = await start({
      backend: {
        id: "watching",
        answer: (_state, _questions, { signal }) => {
          aborted = new Promise((resolve) => signal.addEventListener("abort", () => resolve()));
          return new Promise(() => {});
        },
      },
    });
    const controller = new AbortController();
    const pending = fetch(`${served.url}/v1/systemone`, {
      method: "POST",
      body: JSON.stringify({ model: "m", state: addToCart, questions: GATE_QUESTIONS }),
      signal: controller.signal,
    }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await pending;
    await aborted;
  });
  it("shuts down gracefully: a request in flight completes, then new connections are refused", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const keyword = createKeywordBackend();
    const served = await startSystemOneServer({
      port: 0,
      log: () => {},
      backend: {
        id: "held",
        answer: async (state, questions, options) => {
          entered();
          await held;
          return keyword.answer(state, questions, options);
        },
      },
    });
    const inFlight = post(served.url, { model: "m", state: addToCart, questions: GATE_QUESTIONS }, {});
    await inside;
    const closing = served.close(10_000);
    const health = await fetch(`${served.url}/healthz`)
      .then((response) => response.status)
      .catch(() => "refused");
    assert.ok(health === 503 || health === "refused", String(health));
    release();
    assert.equal((await inFlight).status, 200);
    await closing;
    await assert.rejects(fetch(`${served.url}/healthz`));
  });
});
