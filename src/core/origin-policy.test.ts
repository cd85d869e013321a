import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { leavesAllowedOrigins, originOf } from "./origin-policy.js";

const none = { allowedOrigins: [], allowSubdomains: false };

describe("origin policy", () => {
  it("without an allowlist, another origin than the current page is outside", () => {
    assert.equal(leavesAllowedOrigins("https://shop.example", "https://shop.example/cart", none), false);
    assert.equal(leavesAllowedOrigins("https://shop.example", "https://evil.example/", none), true);
    assert.equal(
      leavesAllowedOrigins("https://shop.example", "http://shop.example/", none),
      true,
      "scheme counts",
    );
    assert.equal(
      leavesAllowedOrigins("https://shop.example", "https://shop.example:8443/", none),
      true,
      "port counts",
    );
  });
  it("the first navigation from a blank tab is not off-origin without an allowlist", () => {
    assert.equal(leavesAllowedOrigins(null, "https://shop.example/", none), false);
  });
  it("with an allowlist, only listed origins (and, when asked, their subdomains) are inside", () => {
    const list = { allowedOrigins: ["https://shop.example", "mail.example"], allowSubdomains: false };
    assert.equal(leavesAllowedOrigins(null, "https://shop.example/a", list), false);
    assert.equal(leavesAllowedOrigins(null, "https://mail.example/", list), false, "a bare host means https");
    assert.equal(leavesAllowedOrigins("https://shop.example", "https://cdn.shop.example/", list), true);
    assert.equal(
      leavesAllowedOrigins("https://shop.example", "https://cdn.shop.example/", {
        ...list,
        allowSubdomains: true,
      }),
      false,
    );
    assert.equal(
      leavesAllowedOrigins("https://shop.example", "https://shop.example.evil.example/", {
        ...list,
        allowSubdomains: true,
      }),
      true,
    );
  });
  it("treats non-web schemes as leaving and unparseable URLs as leaving", () => {
    assert.equal(leavesAllowedOrigins("https://shop.example", "file:///etc/passwd", none), true);
    assert.equal(leavesAllowedOrigins("https://shop.example", "not a url", none), true);
    assert.equal(leavesAllowedOrigins("https://shop.example", "about:blank", none), false);
  });
  it("gives opaque origins as null", () => {
    assert.equal(originOf("about:blank"), null);
    assert.equal(originOf("data:text/html,hi"), null);
    assert.equal(originOf("https://a.example/x"), "https://a.example");
  });
});
