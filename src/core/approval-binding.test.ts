import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ApprovalGrant, checkApproval, consumeApproval } from "./approval-binding.js";

const grant: ApprovalGrant = {
  grantId: "g1",
  actionId: "a1",
  stateHash: "s1",
  revision: 3,
  expiresAt: 10_000,
  by: "terminal",
};
const now = { actionId: "a1", stateHash: "s1", revision: 3, now: 5_000 };

describe("approval bound to action and state", () => {
  it("holds for the same action, revision and state, before it expires", () => {
    assert.deepEqual(checkApproval(grant, now, new Set()), { ok: true });
  });
  it("is void when the page revision changed", () => {
    assert.deepEqual(checkApproval(grant, { ...now, revision: 4 }, new Set()), {
      ok: false,
      why: "changed_revision",
    });
  });
  it("is void when the state hash changed", () => {
    assert.deepEqual(checkApproval(grant, { ...now, stateHash: "s2" }, new Set()), {
      ok: false,
      why: "changed_state",
    });
  });
  it("is void for another action", () => {
    assert.deepEqual(checkApproval(grant, { ...now, actionId: "a2" }, new Set()), {
      ok: false,
      why: "changed_action",
    });
  });
  it("is used once: a second dispatch is refused", () => {
    const used = new Set<string>();
    assert.deepEqual(consumeApproval(grant, now, used), { ok: true });
    assert.deepEqual(consumeApproval(grant, now, used), { ok: false, why: "reused" });
  });
  it("is void after it expires", () => {
    assert.deepEqual(checkApproval(grant, { ...now, now: 10_001 }, new Set()), { ok: false, why: "expired" });
  });
  it("is void when there is no grant", () => {
    assert.deepEqual(checkApproval(null, now, new Set()), { ok: false, why: "unknown_grant" });
  });
  it("a refused grant is spent too, so it cannot be retried after the page changes back", () => {
    const used = new Set<string>();
    assert.equal(consumeApproval(grant, { ...now, stateHash: "other" }, used).ok, false);
    assert.deepEqual(consumeApproval(grant, now, used), { ok: false, why: "reused" });
  });
});
