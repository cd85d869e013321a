import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { containsCardNumber, passesLuhn } from "./card-number.js";

describe("card numbers", () => {
  it("accepts test card numbers that pass the Luhn check, grouped or not", () => {
    for (const value of [
      "4111111111111111",
      "4111 1111 1111 1111",
      "5500-0000-0000-0004",
      "378282246310005",
      "6011000990139424",
    ])
      assert.equal(containsCardNumber(value), true, value);
  });
  it("finds a card number inside other text", () => {
    assert.equal(containsCardNumber("pay with 4242 4242 4242 4242 please"), true);
  });
  it("rejects numbers that fail the Luhn check, are too short or too long", () => {
    for (const value of [
      "4111111111111112",
      "411111111111",
      "41111111111111111111",
      "order 2024-11-29",
      "0000000000000000",
    ])
      assert.equal(containsCardNumber(value), false, value);
  });
  it("computes the Luhn check digit", () => {
    assert.equal(passesLuhn("79927398713"), true);
    assert.equal(passesLuhn("79927398710"), false);
  });
});
