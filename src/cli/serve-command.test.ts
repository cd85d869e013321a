import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseServeArguments } from "./serve-command.js";

describe("stopline serve arguments", () => {
  it("listens on loopback port 8787 with no token by default", () => {
    const parsed = parseServeArguments([], {});
    assert.ok(parsed.ok);
    assert.equal(parsed.server.port, 8787);
    assert.equal(parsed.server.host, "127.0.0.1");
    assert.equal(parsed.server.token, null);
    assert.equal(parsed.server.logState, false);
    assert.equal(parsed.backend, null, "the default backend is chosen by createDefaultBackend");
  });
  it("takes the token from STOPLINE_SERVE_TOKEN, a flag winning over it", () => {
    const fromEnvironment = parseServeArguments([], { STOPLINE_SERVE_TOKEN: "env-token" });
    assert.equal(fromEnvironment.ok && fromEnvironment.server.token, "env-token");
    const fromFlag = parseServeArguments(["--token", "flag-token"], { STOPLINE_SERVE_TOKEN: "env-token" });
    assert.equal(fromFlag.ok && fromFlag.server.token, "flag-token");
  });
  it("refuses to listen beyond loopback without a token unless told to", () => {
    const refused = parseServeArguments(["--host", "0.0.0.0"], {});
    assert.equal(refused.ok, false);
    assert.match(!refused.ok ? refused.error : "", /STOPLINE_SERVE_TOKEN/);
    assert.ok(parseServeArguments(["--host", "0.0.0.0"], { STOPLINE_SERVE_TOKEN: "t" }).ok);
    assert.ok(parseServeArguments(["--host", "0.0.0.0", "--allow-unauthenticated"], {}).ok);
    assert.ok(parseServeArguments(["--host", "::1"], {}).ok);
  });
  it("names the flag at fault", () => {
    for (const [argv, message] of [
      [["--port", "http"], /--port/],
      [["--port", "70000"], /--port/],
      [["--max-body", "0"], /--max-body/],
      [["--backend", "nope"], /unknown backend "nope"; known: .*keyword/],
      [["--colour"], /colour/],
    ] as const) {
      const parsed = parseServeArguments([...argv], {});
      assert.equal(parsed.ok, false);
      assert.match(!parsed.ok ? parsed.error : "", message);
    }
  });
  it("passes limits and the state-logging switch through", () => {
    const parsed = parseServeArguments(
      [
        "--port",
        "0",
        "--max-body",
        "4096",
        "--backend-timeout",
        "250",
        "--log-state",
        "--backend",
        "keyword",
      ],
      {},
    );
    assert.ok(parsed.ok);
    assert.deepEqual(
      {
        port: parsed.server.port,
        maxBodyBytes: parsed.server.maxBodyBytes,
        backendTimeoutMs: parsed.server.backendTimeoutMs,
        logState: parsed.server.logState,
      },
      { port: 0, maxBodyBytes: 4096, backendTimeoutMs: 250, logState: true },
    );
    assert.equal(parsed.backend, "keyword");
  });
});
