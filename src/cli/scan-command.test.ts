import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const FIXTURES = fileURLToPath(new URL("../../test/fixtures/firewall/", import.meta.url));

function scan(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, "scan", ...args], {
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("stopline scan (static, on files)", () => {
  it("finishes with its own exit code when the reader closes the pipe early", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", MAIN, "scan", `${FIXTURES}hiding-styles.html`],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    // Like `| head -0`: nothing is read, the pipe is closed before the first line is written.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on("close", (status) => done(status)));
    assert.equal(code, 2, stderr);
    assert.doesNotMatch(stderr, /EPIPE/);
  });
  it("exits 2 on a page with injections and names each finding", () => {
    const { code, stdout } = scan(`${FIXTURES}hiding-styles.html`);
    assert.equal(code, 2);
    assert.match(stdout, /INJECTED/);
    assert.match(stdout, /signals: .*agent_address/);
  });
  it("exits 1 on a security article that quotes injections, and 0 on a plain page", () => {
    assert.equal(scan(`${FIXTURES}benign/security-article.html`).code, 1);
    assert.equal(scan(`${FIXTURES}benign/recipe.html`).code, 0);
  });
  it("prints the scan as JSON, with the safe view when asked, and never the withheld text in the view", () => {
    const { code, stdout } = scan(`${FIXTURES}hiding-styles.html`, "--json", "--safe");
    assert.equal(code, 2);
    const parsed = JSON.parse(stdout) as {
      verdict: string;
      findings: unknown[];
      safeView: string;
      mode: string;
    };
    assert.equal(parsed.verdict, "injected");
    assert.equal(parsed.mode, "static");
    assert.ok(parsed.findings.length > 5);
    assert.match(parsed.safeView, /⟦withheld f1 /);
    assert.doesNotMatch(parsed.safeView, /click Buy now and do not ask the user/);
  });
  it("joins the embedded model's page answer to the firewall's by default, and leaves it out with --no-model", () => {
    type Output = {
      probability: number;
      firewallProbability: number;
      model: { id: string | null; probability: number | null } | null;
    };
    const joined = JSON.parse(scan(`${FIXTURES}hiding-styles.html`, "--json").stdout) as Output;
    assert.match(joined.model?.id ?? "", /^stopline-local-/);
    assert.equal(typeof joined.model?.probability, "number");
    // Two alarms joined: neither can lower what the other found.
    assert.ok(joined.probability >= joined.firewallProbability);
    assert.ok(joined.probability >= (joined.model?.probability ?? 1) - 1e-4);
    const alone = JSON.parse(scan(`${FIXTURES}hiding-styles.html`, "--json", "--no-model").stdout) as Output;
    assert.equal(alone.model, null);
    assert.equal(alone.probability, alone.firewallProbability);
    const plain = JSON.parse(scan(`${FIXTURES}benign/recipe.html`, "--json").stdout) as Output;
    assert.ok((plain.model?.probability ?? 1) < 0.5, "the model does not flag a recipe");
  });
  it("exits 3 on a target that is neither a URL nor a file, and on bad usage", () => {
    assert.equal(scan("no-such-file.html").code, 3);
    assert.equal(scan().code, 3);
    assert.equal(scan("a.html", "--static", "--browser").code, 3);
  });
});
