import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isPlainCssSelector } from "./selector-grammar.js";

describe("plain CSS selectors, which the page's own query may resolve", () => {
  it("accepts type, id, class and attribute selectors joined by descendant or child combinators", () => {
    for (const selector of [
      "#buy-now",
      "button",
      "*",
      "button.primary.large",
      "[data-testid=checkout]",
      '[aria-label="Add to cart"]',
      "input[type='email'][name]",
      "form#pay > button[type=submit]",
      "main  .card   a[href^='/orders']",
      " #padded ",
      "-x-custom",
    ])
      assert.equal(isPlainCssSelector(selector), true, selector);
  });
  it("refuses pseudo-classes, Playwright's engines and extensions, lists, siblings, escapes and flags", () => {
    for (const selector of [
      "",
      "   ",
      "button:visible",
      "button:has-text('Buy')",
      "li:nth-child(2) > a",
      "div:not(.x)",
      "text=Buy now",
      "role=button[name='Buy']",
      "internal:role=button",
      "id=buy",
      "css=#buy",
      "//button",
      "xpath=//button",
      '"Buy now"',
      "#a >> #b",
      "#a >> text=Buy",
      '[title="a >> text=b"]',
      "a, b",
      "h2 + p",
      "h2 ~ p",
      "#a\\:b",
      "[data-x='it\\'s']",
      "[lang=en i]",
      "#1abc",
      "a::before",
      "> a",
      "a >",
      '[name="a\nb"]',
      `#${"a".repeat(1_001)}`,
    ])
      assert.equal(isPlainCssSelector(selector), false, JSON.stringify(selector));
  });
});
