import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described, target } from "../../test/support/facts.js";
import { summariseAction } from "./action-summary.js";

describe("the action in one sentence, for the person approving it", () => {
  it("names the element, its accessible name and the item it belongs to", () => {
    const { action } = described({
      target: target({ name: "Delete", itemText: "Invoice #4471 · €86.20 · paid" }),
    });
    assert.equal(summariseAction(action), "Click the button “Delete” in “Invoice #4471 · €86.20 · paid”");
  });

  it("says which section a control sits in when it belongs to no item", () => {
    const { action } = described({ target: target({ name: "Delete workspace", section: "Danger zone" }) });
    assert.equal(summariseAction(action), "Click the button “Delete workspace” under “Danger zone”");
  });

  it("prefers the item to the section, and says where a navigation goes", () => {
    const { action } = described({
      target: target({ name: "Open", itemText: "Order 1182", section: "Orders" }),
      destination: { url: "https://shop.example/orders/1182", origin: "https://shop.example", via: "link" },
    });
    assert.equal(
      summariseAction(action),
      "Click the button “Open” in “Order 1182” (goes to https://shop.example/orders/1182)",
    );
    assert.equal(
      summariseAction(described({ kind: "goto", value: "https://shop.example/", target: null }).action),
      "Go to https://shop.example/",
    );
  });
});
