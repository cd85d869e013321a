import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fitShift, fitTemperature } from "./fit-linear.js";

describe("calibration fits", () => {
  it("find the shift and the temperature with the lowest score", () => {
    assert.equal(
      fitShift((shift) => (shift - 0.35) ** 2),
      0.35,
    );
    assert.equal(
      fitShift((shift) => (shift + 3) ** 2),
      -2,
    );
    assert.equal(
      fitTemperature((temperature) => (temperature - 1.5) ** 2),
      1.5,
    );
  });
  it("keep the neutral value when nothing is better", () => {
    assert.equal(
      fitShift(() => 1),
      0,
    );
    assert.equal(
      fitTemperature(() => 1),
      1,
    );
  });
});
