import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { loadLocalModel, sharedLocalModel } from "./local-model.js";

const MODEL = fileURLToPath(new URL("../../../models/stopline-local.json", import.meta.url));

describe("the shared model", () => {
  it("is loaded once per path and shared by every backend that names no model", () => {
    const first = sharedLocalModel();
    assert.equal(sharedLocalModel(), first);
    assert.equal(sharedLocalModel(MODEL), first);
    assert.notEqual(loadLocalModel(MODEL), first);
  });
});
