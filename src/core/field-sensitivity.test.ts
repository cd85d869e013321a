import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifyField, type FieldDescriptor } from "./field-sensitivity.js";

function field(overrides: Partial<FieldDescriptor>): FieldDescriptor {
  return {
    tag: "input",
    inputType: "text",
    autocomplete: null,
    elementName: null,
    id: null,
    placeholder: null,
    name: "",
    ...overrides,
  };
}

describe("field sensitivity", () => {
  it("treats type=password and password autocomplete as password fields", () => {
    assert.equal(classifyField(field({ inputType: "password" }))?.kind, "password");
    assert.equal(classifyField(field({ autocomplete: "current-password" }))?.kind, "password");
    assert.equal(classifyField(field({ autocomplete: "section-a new-password" }))?.kind, "password");
    assert.equal(classifyField(field({ name: "Passwort" }))?.kind, "password");
    assert.equal(classifyField(field({ name: "User pass" }))?.kind, "password");
    assert.equal(classifyField(field({ name: "Pass" }))?.kind, "password");
  });
  it("does not take the verb 'pass' or another kind of pass for a password", () => {
    for (const name of [
      "Special requests (we'll pass these to the hotel)",
      "Anything to pass on to the driver?",
      "Boarding pass number",
      "Season pass ID",
    ])
      assert.equal(classifyField(field({ tag: "textarea", inputType: null, name })), null, name);
  });
  it("treats cc-* autocomplete and card words as card fields", () => {
    assert.equal(classifyField(field({ autocomplete: "cc-number" }))?.kind, "card");
    assert.equal(classifyField(field({ autocomplete: "cc-csc" }))?.kind, "card");
    assert.equal(classifyField(field({ elementName: "cardNumber" }))?.kind, "card");
    assert.equal(classifyField(field({ placeholder: "CVV" }))?.kind, "card");
    assert.equal(classifyField(field({ name: "IBAN" }))?.kind, "card");
    assert.equal(classifyField(field({ name: "Número de tarjeta" }))?.kind, "card");
  });
  it("treats an expiry field as a card field only beside a card number", () => {
    assert.equal(classifyField(field({ name: "Expiry date" }), true)?.kind, "card");
    assert.equal(classifyField(field({ name: "Expiry date" }), false), null);
  });
  it("treats one-time code fields as such", () => {
    assert.equal(classifyField(field({ autocomplete: "one-time-code" }))?.kind, "one_time_code");
    assert.equal(classifyField(field({ name: "Verification code" }))?.kind, "one_time_code");
    assert.equal(classifyField(field({ elementName: "otp" }))?.kind, "one_time_code");
    assert.equal(classifyField(field({ name: "2FA code" }))?.kind, "one_time_code");
    assert.equal(classifyField(field({ name: "验证码" }))?.kind, "one_time_code");
  });
  it("treats API key fields as such", () => {
    assert.equal(classifyField(field({ name: "API key" }))?.kind, "api_key");
    assert.equal(classifyField(field({ elementName: "client_secret" }))?.kind, "api_key");
  });
  it("leaves ordinary fields alone", () => {
    for (const overrides of [
      { name: "Search products", inputType: "search" },
      { name: "Email address", inputType: "email", autocomplete: "email" },
      { name: "Delivery address", autocomplete: "street-address" },
      { name: "Order number" },
      { name: "Password hint" },
      { name: "Forgot password?", tag: "a" },
    ])
      assert.equal(classifyField(field(overrides)), null, JSON.stringify(overrides));
  });
  it("ignores buttons and checkboxes even when their label mentions a password", () => {
    assert.equal(classifyField(field({ inputType: "checkbox", name: "Show password" })), null);
    assert.equal(classifyField(field({ tag: "button", inputType: null, name: "Reset password" })), null);
  });
});
