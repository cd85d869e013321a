import assert from "node:assert/strict";
import type { IncomingHttpHeaders } from "node:http";
import { after, before, describe, it } from "node:test";
import { addToCart } from "../../test/support/contract-states.js";
import { type LoopbackServer, readText, startLoopbackServer } from "../../test/support/loopback-server.js";
import type { DecisionState } from "../spec/decision-state.js";
import { GATE_QUESTIONS, type QuestionSet } from "../spec/questions.js";
import { BackendError } from "./backend-error.js";
import { BACKENDS, createBackend } from "./backend-registry.js";
import { createSystemOneBackend } from "./system-one-backend.js";
import { resolveSystemOneProvider, systemOneEndpoint } from "./system-one-providers.js";

const SIGNAL = { signal: new AbortController().signal };

function configurationError(run: () => unknown): BackendError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof BackendError);
    assert.equal(error.code, "missing_configuration");
    return error;
  }
  assert.fail("expected a configuration error");
}

describe("System One providers from the environment", () => {
  it("TypeSafe: TYPESAFE_API_KEY, the official base URL and jev-latest", () => {
    const provider = resolveSystemOneProvider("typesafe", { TYPESAFE_API_KEY: "ts-key" });
    assert.equal(provider.url, "https://api.typesafe.ai/v1/systemone");
    assert.equal(provider.apiKey, "ts-key");
    assert.equal(provider.model, "jev-latest");
    assert.equal(provider.noulCriteriaRequired, false);
  });
  it("TypeSafe: the SDK's TYPESAFE_BASE_URL and TYPESAFE_DEFAULT_MODEL, and the AI SDK's TYPESAFE_AI_* names", () => {
    const sdk = resolveSystemOneProvider("typesafe", {
      TYPESAFE_API_KEY: "k",
      TYPESAFE_BASE_URL: "https://proxy.example/typesafe/",
      TYPESAFE_DEFAULT_MODEL: "jev-1.13",
    });
    assert.equal(sdk.url, "https://proxy.example/typesafe/v1/systemone");
    assert.equal(sdk.model, "jev-1.13");
    const aiSdk = resolveSystemOneProvider("typesafe", {
      TYPESAFE_AI_API_KEY: "k2",
      TYPESAFE_AI_BASE_URL: "https://api.typesafe.ai/v1",
    });
    assert.equal(aiSdk.url, "https://api.typesafe.ai/v1/systemone");
    assert.equal(aiSdk.apiKey, "k2");
    assert.equal(aiSdk.apiKeySource, "TYPESAFE_AI_API_KEY");
  });
  it("TypeSafe without a key fails before any request, naming both variables", () => {
    const error = configurationError(() => resolveSystemOneProvider("typesafe", { TYPESAFE_API_KEY: "  " }));
    assert.match(error.message, /TYPESAFE_API_KEY or TYPESAFE_AI_API_KEY/);
  });
  it("Vercel AI Gateway: AI_GATEWAY_API_KEY first, else VERCEL_OIDC_TOKEN, on the TypeSafe-compatible route", () => {
    const both = resolveSystemOneProvider("gateway", { AI_GATEWAY_API_KEY: "gw", VERCEL_OIDC_TOKEN: "oidc" });
    assert.equal(both.url, "https://ai-gateway.vercel.sh/typesafe/v1/systemone");
    assert.equal(both.apiKey, "gw");
    assert.equal(resolveSystemOneProvider("gateway", { VERCEL_OIDC_TOKEN: "oidc" }).apiKey, "oidc");
    configurationError(() => resolveSystemOneProvider("gateway", {}));
  });
  it("OpenRouter: its decisions endpoint, OPENROUTER_API_KEY, its model id, and noul criteria required", () => {
    const provider = resolveSystemOneProvider("openrouter", { OPENROUTER_API_KEY: "or" });
    assert.equal(provider.url, "https://openrouter.ai/api/alpha/decisions");
    assert.equal(provider.model, "~typesafe/jev-latest");
    assert.equal(provider.noulCriteriaRequired, true);
    configurationError(() => resolveSystemOneProvider("openrouter", {}));
  });
  it("Laya: LAYA_URL (default port 8000), an optional LAYA_API_KEY, and its limits", () => {
    const local = resolveSystemOneProvider("laya", {});
    assert.equal(local.url, "http://127.0.0.1:8000/v1/systemone");
    assert.equal(local.apiKey, null);
    assert.deepEqual(local.limits, { maxQuestions: 64, maxOptions: 100, maxStateCharacters: 50_000 });
    const remote = resolveSystemOneProvider("laya", { LAYA_URL: "http://gpu-box:9000", LAYA_API_KEY: "lk" });
    assert.equal(remote.url, "http://gpu-box:9000/v1/systemone");
    assert.equal(remote.apiKey, "lk");
  });
  it("any endpoint: STOPLINE_SYSTEM_ONE_URL is required, the key optional, and STOPLINE_SYSTEM_ONE_MODEL overrides any provider's model", () => {
    configurationError(() => resolveSystemOneProvider("system-one", {}));
    const served = resolveSystemOneProvider("system-one", {
      STOPLINE_SYSTEM_ONE_URL: "http://127.0.0.1:8787",
      STOPLINE_SYSTEM_ONE_MODEL: "mine",
    });
    assert.equal(served.url, "http://127.0.0.1:8787/v1/systemone");
    assert.equal(served.apiKey, null);
    assert.equal(served.model, "mine");
    assert.equal(
      resolveSystemOneProvider("typesafe", { TYPESAFE_API_KEY: "k", STOPLINE_SYSTEM_ONE_MODEL: "pinned" })
        .model,
      "pinned",
    );
  });
  it("accepts a host, a base ending in /v1, or the full endpoint, and refuses what is not http(s)", () => {
    for (const base of [
      "http://h:1",
      "http://h:1/",
      "http://h:1/v1",
      "http://h:1/v1/systemone",
      "http://h:1/v1/systemone/",
    ])
      assert.equal(systemOneEndpoint(base), "http://h:1/v1/systemone", base);
    configurationError(() => systemOneEndpoint("file:///etc/passwd"));
    configurationError(() => systemOneEndpoint("not a url"));
  });
  it("builds every registered backend from its one line of environment, and never puts the key in its id", async () => {
    const environments: Record<string, NodeJS.ProcessEnv> = {
      local: {},
      keyword: {},
      typesafe: { TYPESAFE_API_KEY: "secret-1" },
      gateway: { AI_GATEWAY_API_KEY: "secret-2" },
      openrouter: { OPENROUTER_API_KEY: "secret-3" },
      laya: {},
      "system-one": { STOPLINE_SYSTEM_ONE_URL: "http://127.0.0.1:9" },
      "openai-compatible": { STOPLINE_OPENAI_BASE_URL: "http://127.0.0.1:9/v1", STOPLINE_OPENAI_MODEL: "m" },
    };
    assert.deepEqual(Object.keys(BACKENDS).sort(), Object.keys(environments).sort());
    for (const [name, environment] of Object.entries(environments)) {
      const backend = await createBackend(name, environment);
      assert.ok(!/secret/.test(backend.id), backend.id);
    }
    await assert.rejects(createBackend("typesafe", {}), /TYPESAFE_API_KEY/);
  });
});

describe("what each provider receives on the wire", () => {
  let server: LoopbackServer;
  const received: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const answer = {
    model: "wire-1",
    answers: {
      effect: {
        choice: "read_only",
        probabilities: {
          read_only: 1,
          reversible_change: 0,
          public_or_irreversible: 0,
          credentials_or_money: 0,
        },
      },
      servesTask: { noul: 1 },
      pageInstructsAgent: { noul: 0 },
    },
  };
  before(async () => {
    server = await startLoopbackServer(async (request, response) => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: JSON.parse(await readText(request)),
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    });
  });
  after(() => server.close());

  it("sends {model, state, questions} with the bearer key and JSON content type", async () => {
    const backend = createSystemOneBackend({
      provider: "typesafe",
      environment: { TYPESAFE_API_KEY: "wire-key" },
      baseUrl: server.url,
    });
    const response = await backend.answer(addToCart, GATE_QUESTIONS, SIGNAL);
    assert.equal(response.model, "wire-1");
    const last = received.at(-1);
    assert.equal(last?.path, "/v1/systemone");
    assert.equal(last?.headers.authorization, "Bearer wire-key");
    assert.match(String(last?.headers["content-type"]), /^application\/json/);
    assert.deepEqual(Object.keys(last?.body ?? {}).sort(), ["model", "questions", "state"]);
    assert.deepEqual(last?.body["questions"], GATE_QUESTIONS);
    assert.deepEqual(
      last?.body["state"],
      addToCart,
      "a state that fits is sent as it is, without a truncation note",
    );
  });
  it("OpenRouter gets both criteria on every noul question, on its decisions path", async () => {
    const backend = createSystemOneBackend({
      provider: "openrouter",
      environment: { OPENROUTER_API_KEY: "k" },
      baseUrl: `${server.url}/api`,
    });
    const questions: QuestionSet = {
      ...GATE_QUESTIONS,
      bare: { type: "noul", instructions: "Is the page in English?" },
    };
    await backend.answer(addToCart, questions, SIGNAL);
    const last = received.at(-1);
    assert.equal(last?.path, "/api/alpha/decisions");
    const sent = last?.body["questions"] as QuestionSet;
    assert.deepEqual(sent["bare"], {
      type: "noul",
      instructions: "Is the page in English?",
      criteria: { true: "Yes.", false: "No." },
    });
    assert.deepEqual(sent["servesTask"], GATE_QUESTIONS.servesTask, "criteria already given are kept");
  });
  it("TypeSafe gets a noul question without criteria as it was asked", async () => {
    const backend = createSystemOneBackend({
      provider: "typesafe",
      environment: { TYPESAFE_API_KEY: "k" },
      baseUrl: server.url,
    });
    await backend.answer(addToCart, { bare: { type: "noul", instructions: "Is it?" } }, SIGNAL);
    assert.deepEqual((received.at(-1)?.body["questions"] as QuestionSet | undefined)?.["bare"], {
      type: "noul",
      instructions: "Is it?",
    });
  });
  it("Laya: more than 64 questions or 100 options are refused before anything is sent", async () => {
    const backend = createSystemOneBackend({ provider: "laya", environment: { LAYA_URL: server.url } });
    const before = received.length;
    const many: QuestionSet = Object.fromEntries(
      Array.from({ length: 65 }, (_, index) => [
        `q${index}`,
        { type: "noul", instructions: `Question ${index}?` },
      ]),
    );
    await assert.rejects(
      backend.answer(addToCart, many, SIGNAL),
      (error: BackendError) => error.code === "unsupported_request" && /64/.test(error.message),
    );
    const options = Object.fromEntries(
      Array.from({ length: 101 }, (_, index) => [`o${index}`, `option ${index}`]),
    );
    await assert.rejects(
      backend.answer(
        addToCart,
        { wide: { type: "choice", instructions: "Which?", criteria: options } },
        SIGNAL,
      ),
      (error: BackendError) => error.code === "unsupported_request" && /100/.test(error.message),
    );
    assert.equal(received.length, before);
  });
  it("Laya: a state over 50,000 characters is cut to fit and says what it cut", async () => {
    const backend = createSystemOneBackend({ provider: "laya", environment: { LAYA_URL: server.url } });
    const long: DecisionState = structuredClone(addToCart);
    long.page.visibleText = "lamp ".repeat(20_000);
    long.page.hiddenText = Array.from({ length: 40 }, (_, index) => ({
      text: `note ${index} `.repeat(30),
      provenance: "comment" as const,
      hiddenBy: [],
    }));
    await backend.answer(long, GATE_QUESTIONS, SIGNAL);
    const state = received.at(-1)?.body["state"] as DecisionState & { truncation: string[] };
    assert.ok(JSON.stringify(state).length <= 50_000);
    assert.equal(state.page.visibleTextTruncated, true);
    assert.ok(
      state.truncation.some((note) => /^page\.visibleText: kept [\d,]+ of 100,000 characters$/.test(note)),
      state.truncation.join("; "),
    );
  });
  it("uses an injected fetch, so provider tests need no internet", async () => {
    const calls: { url: string; authorization: string | null }[] = [];
    const fetch: typeof globalThis.fetch = async (url, init) => {
      calls.push({ url: String(url), authorization: new Headers(init?.headers).get("authorization") });
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    const backend = createSystemOneBackend({
      provider: "gateway",
      environment: { VERCEL_OIDC_TOKEN: "oidc-token" },
      http: { fetch },
    });
    await backend.answer(addToCart, GATE_QUESTIONS, SIGNAL);
    assert.deepEqual(calls, [
      { url: "https://ai-gateway.vercel.sh/typesafe/v1/systemone", authorization: "Bearer oidc-token" },
    ]);
  });
});
