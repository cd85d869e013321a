import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { redactSecretsInText, redactValue, secretShape } from "./redaction.js";

describe("redaction", () => {
  it("redacts everything typed into a sensitive field, keeping only the length", () => {
    assert.deepEqual(redactValue("hunter2", "password"), {
      value: "[redacted: 7 characters]",
      redacted: true,
      why: "password",
    });
    assert.equal(redactValue("123456", "one_time_code").value, "[redacted: 6 characters]");
  });
  it("redacts card numbers and secret-shaped values wherever they are typed", () => {
    assert.equal(redactValue("4111 1111 1111 1111", null).why, "card-number");
    assert.equal(redactValue("ghp_abcdefghijklmnopqrstuvwxyz0123456789", null).why, "secret-shape");
    assert.equal(redactValue("AKIAABCDEFGHIJKLMNOP", null).why, "secret-shape");
  });
  it("keeps ordinary values", () => {
    for (const value of [
      "Thanks, see you Thursday!",
      "12 Elm Street",
      "order 2024-11-29",
      "https://shop.example/cart",
    ])
      assert.equal(redactValue(value, null).redacted, false, value);
  });
  it("recognises common key shapes and long tokens, not sentences or URLs", () => {
    assert.equal(secretShape("sk-proj-abcdefghijklmnopqrstu"), "openai-style key");
    assert.equal(secretShape("xoxb-1234567890-abcdefghij"), "slack token");
    assert.equal(secretShape("a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7"), "high-entropy token");
    assert.equal(secretShape("https://example.com/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7"), null);
    assert.equal(secretShape("this is a long sentence with many words in it, 2024"), null);
  });
  it("redacts keys and card numbers inside page text", () => {
    const text = "Your key is sk-live-abcdefghijklmnop123456 and card 4242 4242 4242 4242, order 12345.";
    const redacted = redactSecretsInText(text);
    assert.ok(!redacted.includes("sk-live-abcdefghijklmnop123456"));
    assert.ok(!redacted.includes("4242 4242 4242 4242"));
    assert.ok(redacted.includes("order 12345"));
  });
});
