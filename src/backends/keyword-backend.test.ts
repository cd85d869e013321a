import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described } from "../../test/support/facts.js";
import { buildModelState } from "../core/model-state.js";
import type { PageScan } from "../spec/page-scan.js";
import { keywordAnswers, plainInjectionOf } from "./keyword-backend.js";

const origins = { allowedOrigins: [], allowSubdomains: false };

describe("the keyword baseline and the firewall's summary", () => {
  it("takes the firewall's page probability for its injection answer when it is higher than its own", () => {
    const scan = {
      probability: 0.93,
      verdict: "injected",
      critical: false,
      signals: ["agent_address"],
      findings: [],
      complete: true,
    } as unknown as PageScan;
    const state = buildModelState(described(), "buy a lamp", origins, undefined, scan);
    const answer = keywordAnswers(state).answers.pageInstructsAgent as { noul: number };
    assert.equal(answer.noul, 0.93);
    assert.equal(plainInjectionOf(state), 0.05, "the plain baseline ignores the summary");
  });
  it("answers from its own patterns without a firewall", () => {
    const state = buildModelState(described(), "buy a lamp", origins);
    assert.equal((keywordAnswers(state).answers.pageInstructsAgent as { noul: number }).noul, 0.05);
  });
});
