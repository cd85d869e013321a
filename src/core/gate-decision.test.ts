import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described } from "../../test/support/facts.js";
import { fixedBackend } from "../../test/support/scripted-backend.js";
import type { PageDetector, PageScan } from "../spec/page-scan.js";
import { DEFAULT_GATE_SETTINGS, evaluateAction } from "./gate-decision.js";

function scan(critical: boolean, probability: number): PageScan {
  return {
    mode: "text",
    url: "https://shop.example/products/aster",
    title: "Aster lamp",
    nodes: [
      {
        id: "n0",
        text: "x",
        provenance: "text",
        hiddenBy: [],
        where: "p.note",
        scope: 0,
        quoted: false,
        invisibleCharacters: 0,
      },
    ],
    findings: [
      {
        id: "f1",
        nodes: ["n0"],
        signals: ["agent_address", "exfiltration", "secret_mention"],
        spans: [],
        probability,
        critical,
        quoted: false,
        hidden: true,
      },
    ],
    probability,
    verdict: probability >= 0.5 ? "injected" : "suspicious",
    critical,
    signals: ["agent_address", "exfiltration", "secret_mention"],
    invisibleCharacters: 0,
    complete: true,
    elements: [],
    limitations: [],
    digest: "d",
    timings: { captureMs: 0, detectMs: 0 },
  };
}

describe("the gate and its injected detector", () => {
  const allowAll = fixedBackend("read_only", 0.95, 0.01);
  const input = { described: described(), rawValue: null, task: "look at the lamp" };

  it("runs the detector on the action's page and blocks on a critical finding, whatever the model says", async () => {
    const detector: PageDetector = () => scan(true, 0.99);
    const evaluation = await evaluateAction(input, allowAll, { ...DEFAULT_GATE_SETTINGS, detector });
    assert.equal(evaluation.decision.verdict, "block");
    assert.ok(evaluation.decision.reasons.some((reason) => reason.code === "injection_critical"));
    assert.equal(evaluation.scan?.critical, true);
  });
  it("gives the model a summary of the scan, with no page text", async () => {
    const detector: PageDetector = () => scan(false, 0.3);
    const evaluation = await evaluateAction(input, allowAll, { ...DEFAULT_GATE_SETTINGS, detector });
    assert.deepEqual(evaluation.state.page.firewall, {
      probability: 0.3,
      verdict: "suspicious",
      critical: false,
      signals: ["agent_address", "exfiltration", "secret_mention"],
      findings: 1,
      hiddenFindings: 1,
      complete: true,
    });
    assert.ok(!JSON.stringify(evaluation.state.page.firewall).includes('"text"'));
  });
  it("without a detector, the state has no firewall summary and no scan", async () => {
    const evaluation = await evaluateAction(input, allowAll, DEFAULT_GATE_SETTINGS);
    assert.equal(evaluation.scan, null);
    assert.equal(evaluation.state.page.firewall, undefined);
  });
});
