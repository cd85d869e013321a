import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described, target } from "../../test/support/facts.js";
import { buildModelState } from "./model-state.js";

const origins = { allowedOrigins: [], allowSubdomains: false };
const permission = target({
  tag: "select",
  role: "combobox",
  name: "Permission",
  options: [
    { value: "busy", label: "See only free/busy" },
    { value: "edit", label: "Make changes to events" },
  ],
});

describe("the state a classifier sees: the option a select picks", () => {
  it("names the option's label when the value is the option's value", () => {
    const state = buildModelState(
      described({ kind: "select", value: "edit", target: permission }),
      "t",
      origins,
    );
    assert.equal(state.action.target?.chosenOption, "Make changes to events");
    assert.deepEqual(state.action.target?.options, ["See only free/busy", "Make changes to events"]);
  });
  it("matches by label when no value matches, as Playwright does", () => {
    const state = buildModelState(
      described({ kind: "select", value: "See only free/busy", target: permission }),
      "t",
      origins,
    );
    assert.equal(state.action.target?.chosenOption, "See only free/busy");
  });
  it("is null for a value no option has, a redacted value, or another kind of action", () => {
    const none = buildModelState(
      described({ kind: "select", value: "owner", target: permission }),
      "t",
      origins,
    );
    assert.equal(none.action.target?.chosenOption, null);
    const redacted = buildModelState(
      described({
        kind: "select",
        value: "[redacted: 4 characters]",
        valueRedacted: true,
        target: permission,
      }),
      "t",
      origins,
    );
    assert.equal(redacted.action.target?.chosenOption, null);
    const click = buildModelState(described({ kind: "click", target: permission }), "t", origins);
    assert.equal(click.action.target?.chosenOption, null);
  });
});
