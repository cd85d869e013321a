import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described } from "../../test/support/facts.js";
import type { Backend } from "../spec/backend.js";
import { GATE_QUESTIONS } from "../spec/questions.js";
import { askModel } from "./model-call.js";
import { buildModelState } from "./model-state.js";
import { decide } from "./policy.js";

const state = buildModelState(described(), "Add the lamp to my cart", {
  allowedOrigins: [],
  allowSubdomains: false,
});

function backend(answer: Backend["answer"]): Backend {
  return { id: "test", answer };
}

describe("asking the model fails closed", () => {
  it("turns no answer within the deadline into model_timeout, and aborts the backend's signal", async () => {
    let aborted = false;
    const outcome = await askModel(
      backend((_state, _questions, { signal }) => {
        signal.addEventListener("abort", () => {
          aborted = true;
        });
        return new Promise(() => {});
      }),
      state,
      GATE_QUESTIONS,
      50,
    );
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.failure, "model_timeout");
    assert.equal(aborted, true);
    assert.equal(decide([], outcome).verdict, "ask");
  });
  it("turns a rejection or a synchronous throw into model_unavailable", async () => {
    for (const answer of [
      async () => {
        throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      },
      () => {
        throw new Error("boom");
      },
    ] as Backend["answer"][]) {
      const outcome = await askModel(backend(answer), state, GATE_QUESTIONS, 1000);
      assert.equal(!outcome.ok && outcome.failure, "model_unavailable");
      assert.equal(decide([], outcome).verdict, "ask");
    }
  });
  it("turns an invalid answer into model_invalid_answer and keeps what came back", async () => {
    const outcome = await askModel(
      backend(async () => ({
        model: "m",
        answers: { effect: { choice: "read_only", probabilities: { read_only: 0.7 } } },
      })),
      state,
      GATE_QUESTIONS,
      1000,
    );
    assert.equal(!outcome.ok && outcome.failure, "model_invalid_answer");
    assert.ok(!outcome.ok && outcome.raw !== undefined);
  });
  it("passes the caller's abort on to the backend", async () => {
    const controller = new AbortController();
    let seen: unknown = null;
    const pending = askModel(
      backend((_state, _questions, { signal }) => {
        return new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => {
            seen = signal.reason;
            reject(new Error("aborted"));
          }),
        );
      }),
      state,
      GATE_QUESTIONS,
      5000,
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error("agent stopped"));
    const outcome = await pending;
    assert.equal(!outcome.ok && outcome.failure, "model_unavailable");
    assert.match(String(seen), /agent stopped/);
  });
  it("does not wait for a backend when the caller has already given up", async () => {
    const controller = new AbortController();
    controller.abort(new Error("agent stopped"));
    const started = Date.now();
    const outcome = await askModel(
      backend(() => new Promise(() => {})),
      state,
      GATE_QUESTIONS,
      60_000,
      controller.signal,
    );
    assert.equal(!outcome.ok && outcome.failure, "model_unavailable");
    assert.ok(Date.now() - started < 30_000, "returned long before the deadline");
  });
});
