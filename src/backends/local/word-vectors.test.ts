import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { extractFeatures } from "./feature-extractor.js";
import { loadLocalModel } from "./local-model.js";
import { stem } from "./text-features.js";
import { bestMatch, cosine, loadWordVectors, meanVector } from "./word-vectors.js";

const MODEL = fileURLToPath(new URL("../../../models/stopline-local.json", import.meta.url));
const TABLE = fileURLToPath(new URL("../../../models/word-vectors.json", import.meta.url));

describe("word vectors", () => {
  const vectors = loadWordVectors(TABLE);
  it("place related words closer than unrelated ones", () => {
    const invoice = stem("invoice");
    assert.ok(
      bestMatch(vectors, invoice, [stem("bill")]) > bestMatch(vectors, invoice, [stem("banana")]) + 0.1,
    );
    const remove = meanVector(vectors, [stem("remove")]);
    const erase = meanVector(vectors, [stem("erase")]);
    const recipe = meanVector(vectors, [stem("recipe")]);
    assert.ok(remove && erase && recipe);
    assert.ok(cosine(remove, erase) > cosine(remove, recipe));
  });
  it("have no vector for words outside the table", () => {
    assert.equal(meanVector(vectors, ["qzxv", "wplk"]), null);
  });
  it("load with the model that names them, and refuse a table that is not the one it was trained with", () => {
    const model = loadLocalModel(MODEL);
    assert.ok(model.vectors && model.vectors.size > 10_000);
    const folder = mkdtempSync(join(tmpdir(), "stopline-vectors-"));
    copyFileSync(MODEL, join(folder, "stopline-local.json"));
    writeFileSync(
      join(folder, "word-vectors.json"),
      JSON.stringify({
        format: "stopline-word-vectors/1",
        source: "altered",
        words: 1,
        dimensions: 100,
        stems: ["a"],
        vectors: Buffer.alloc(100).toString("base64"),
      }),
    );
    assert.throws(() => loadLocalModel(join(folder, "stopline-local.json")), /digest differs/);
  });
  it("feed the task-fit head how close the control's words are to the task's", () => {
    const model = loadLocalModel(MODEL);
    const state = {
      task: "Pay my electricity bill",
      action: {
        kind: "click",
        target: { tag: "button", role: "button", name: "Settle invoice", itemText: "Power company invoice" },
      },
      page: {
        url: "https://bank.example/",
        origin: "https://bank.example",
        title: "Bank",
        visibleText: "",
        hiddenText: [],
      },
    } as unknown as Parameters<typeof extractFeatures>[0];
    const withVectors = extractFeatures(state, model.vectors);
    const without = extractFeatures(state);
    assert.ok((withVectors.servesTask.get("vs:label") ?? 0) > 0.2);
    assert.equal(without.servesTask.has("vs:label"), false);
  });
});
