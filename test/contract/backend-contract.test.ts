import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createKeywordBackend } from "../../src/backends/keyword-backend.js";
import { createLocalBackend } from "../../src/backends/local/local-backend.js";
import { createOpenAiCompatibleBackend } from "../../src/backends/openai-compatible-backend.js";
import { createSystemOneBackend } from "../../src/backends/system-one-backend.js";
import { askModel } from "../../src/core/model-call.js";
import { startSystemOneServer } from "../../src/server/system-one-server.js";
import type { GateAnswers } from "../../src/spec/answers.js";
import type { Backend } from "../../src/spec/backend.js";
import type { DecisionState } from "../../src/spec/decision-state.js";
import { GATE_QUESTIONS } from "../../src/spec/questions.js";
import { CONTRACT_STATES } from "../support/contract-states.js";
import { startLogprobChatServer } from "../support/logprob-chat-server.js";

/**
 * The one contract every backend passes. Each subject starts a backend (and whatever real server it
 * needs on loopback) and stops it afterwards. Adding a backend is one line in SUBJECTS.
 */
interface ContractSubject {
  name: string;
  start(): Promise<{ backend: Backend; stop?: () => Promise<void> }>;
}

/** The contract is about what is answered, not how fast: deadlines are generous on a shared machine. */
const PATIENT = { deadlineMs: 30_000, attemptTimeoutMs: 30_000 };
const GATE_TIMEOUT_MS = 60_000;

const SUBJECTS: ContractSubject[] = [
  { name: "keyword", start: async () => ({ backend: createKeywordBackend() }) },
  { name: "local (the embedded model)", start: async () => ({ backend: createLocalBackend() }) },
  {
    name: "system-one over HTTP against stopline serve",
    start: async () => {
      const served = await startSystemOneServer({ port: 0, token: "contract-token", log: () => {} });
      const backend = createSystemOneBackend({
        baseUrl: served.url,
        apiKey: "contract-token",
        http: PATIENT,
        environment: {},
      });
      return { backend, stop: () => served.close() };
    },
  },
  {
    name: "openai-compatible against a chat server with log-probabilities",
    start: async () => {
      const server = await startLogprobChatServer();
      const backend = createOpenAiCompatibleBackend({
        baseUrl: `${server.url}/v1`,
        model: "any",
        http: PATIENT,
        environment: {},
      });
      return { backend, stop: () => server.close() };
    },
  },
];

async function answersOf(backend: Backend, state: DecisionState): Promise<GateAnswers> {
  const outcome = await askModel(backend, state, GATE_QUESTIONS, GATE_TIMEOUT_MS);
  assert.ok(outcome.ok, `no valid answer: ${JSON.stringify(!outcome.ok && outcome.detail)}`);
  return outcome.answers;
}

for (const subject of SUBJECTS) {
  describe(`backend contract: ${subject.name}`, () => {
    let backend: Backend;
    let stop: (() => Promise<void>) | undefined;
    before(async () => {
      ({ backend, stop } = await subject.start());
    });
    after(async () => {
      await backend?.close?.();
      await stop?.();
    });

    it("has a short stable id", () => {
      assert.match(backend.id, /^[a-z][a-z0-9:_-]*$/);
    });
    it("answers the gate's three questions about every contract state, valid at the edge, with its model named", async () => {
      for (const [name, state] of Object.entries(CONTRACT_STATES)) {
        const answers = await answersOf(backend, state);
        assert.ok(answers.model.trim().length > 0, `${name}: the answer names no model`);
      }
    });
    it("answers the same state the same way when asked eight times at once", async () => {
      const all = await Promise.all(
        Array.from({ length: 8 }, () => answersOf(backend, CONTRACT_STATES["buyNow"] as DecisionState)),
      );
      for (const answers of all.slice(1)) assert.deepEqual(answers, all[0]);
    });
    it("rates hidden text that gives the agent orders above a clean page", async () => {
      const clean = await answersOf(backend, CONTRACT_STATES["addToCart"] as DecisionState);
      const attacked = await answersOf(backend, CONTRACT_STATES["hiddenInstruction"] as DecisionState);
      assert.ok(attacked.pageInstructsAgent.probability > clean.pageInstructsAgent.probability);
    });
    it("puts more weight on a risky effect for Buy now than for reading reviews", async () => {
      const risk = (answers: GateAnswers) =>
        answers.effect.probabilities.credentials_or_money +
        answers.effect.probabilities.public_or_irreversible;
      const buying = await answersOf(backend, CONTRACT_STATES["buyNow"] as DecisionState);
      const reading = await answersOf(backend, CONTRACT_STATES["openReviews"] as DecisionState);
      assert.ok(risk(buying) > risk(reading));
    });
  });
}
