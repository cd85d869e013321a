import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyField, FIELD_PATTERNS } from "../core/field-sensitivity.js";
import { codeFingerprint } from "./facts-cache.js";

describe("the facts cache's code fingerprint", () => {
  it("changes when a pattern the code reads changes, though the code's own text does not", () => {
    const base = codeFingerprint([classifyField], [/\bpass(word)?\b/i]);
    assert.notEqual(codeFingerprint([classifyField], [/\bpassword\b/i]), base);
    assert.notEqual(codeFingerprint([classifyField], [/\bpass(word)?\b/]), base, "flags count too");
    assert.equal(codeFingerprint([classifyField], [/\bpass(word)?\b/i]), base);
  });

  it("covers the patterns field classification reads", () => {
    // The password pattern is among them: changing it changes which fields are sensitive.
    assert.ok(FIELD_PATTERNS.some((pattern) => pattern.test("Password")));
    assert.ok(FIELD_PATTERNS.some((pattern) => pattern.test("CVV")));
  });
});
