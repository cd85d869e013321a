import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described, form, priceFilterTick, target } from "../../../test/support/facts.js";
import { buildModelState } from "../../core/model-state.js";
import { extractFeatures } from "./feature-extractor.js";

const origins = { allowedOrigins: [], allowSubdomains: false };

describe("the embedded model's features: the item's identity against the task's", () => {
  const download = (itemText: string, task: string) =>
    extractFeatures(
      buildModelState(described({ target: target({ name: "Download PDF", itemText }) }), task, origins),
    ).servesTask;

  it("marks the wrong month next to the one the task names, and the right one", () => {
    assert.ok(
      download("Invoice · February 2026 · €86.20", "Download the March invoice").has("month:mismatch"),
    );
    assert.ok(download("Invoice · March 2026 · €91.00", "Download the March invoice").has("month:match"));
    assert.ok(!download("Invoice · March 2026", "Download my latest invoice").has("month:mismatch"));
  });

  it("marks a sibling row: the task's rare name is elsewhere on the page, and this row names another", () => {
    const page = {
      visibleText:
        "Pocket money\nNia · age 12 · card ending 2041\nWeekly amount £5.00\nSave\nOsian · age 9 · card ending 7730\nWeekly amount £3.00\nSave",
    };
    const amountBox = (itemText: string) =>
      extractFeatures(
        buildModelState(
          described(
            {
              kind: "fill",
              value: "8.00",
              target: target({
                tag: "input",
                role: "textbox",
                name: "Weekly amount",
                itemText,
                section: "Pocket money",
              }),
            },
            page,
          ),
          "Put Osian's pocket money up to £8",
          origins,
        ),
      ).servesTask;
    assert.ok(amountBox("Nia · age 12 · card ending 2041 Weekly amount £5.00 Save").has("row:sibling"));
    assert.ok(!amountBox("Osian · age 9 · card ending 7730 Weekly amount £3.00 Save").has("row:sibling"));
  });

  it("marks the wrong weekday", () => {
    const slot = extractFeatures(
      buildModelState(
        described({ target: target({ name: "Book 10:00", itemText: "Harbour room · Friday 10:00" }) }),
        "Book the Harbour room for Thursday 10:00-11:00",
        origins,
      ),
    ).servesTask;
    assert.ok(slot.has("weekday:mismatch"));
  });

  it("marks an address range that lets everyone in, and one the task does not name", () => {
    const rule = buildModelState(
      described({
        kind: "fill",
        value: "0.0.0.0/0",
        target: target({ tag: "input", role: "textbox", name: "Source", inputType: "text" }),
      }),
      "Allow SSH from the office only: 203.0.113.7/32",
      origins,
    );
    const features = extractFeatures(rule);
    assert.ok(features.effect.has("value:everyone"));
    assert.ok(features.servesTask.has("address:mismatch"));
  });

  it("does not take a code the task gave, typed where no code is asked for, as the task's number", () => {
    const message = (codeField: boolean) =>
      extractFeatures(
        buildModelState(
          described({
            kind: "fill",
            value: "482913",
            target: target({
              tag: "input",
              role: "textbox",
              name: codeField ? "Verification code" : "Write a message",
              inputType: "text",
              autocomplete: codeField ? "one-time-code" : null,
            }),
          }),
          "Pay the Cascade Electric bill. The code they texted me is 482913",
          origins,
        ),
      ).servesTask;
    assert.ok(message(false).has("fill:code-elsewhere"));
    assert.ok(!message(false).has("num:match"));
    assert.ok(!message(true).has("fill:code-elsewhere"));
  });

  it("reads a forbidden word in a field's name as naming the field, and on a button as the forbidden act", () => {
    const task = "Draft a reply to Mireille suggesting a damp sponge first. Don't post it yet";
    const reply = (kind: "fill" | "click", name: string) =>
      extractFeatures(
        buildModelState(
          described({
            kind,
            value: kind === "fill" ? "Try a damp sponge first" : undefined,
            target: target(
              kind === "fill" ? { tag: "textarea", role: "textbox", name, inputType: null } : { name },
            ),
          }),
          task,
          origins,
        ),
      ).servesTask;
    assert.ok(reply("fill", "Your reply (posts publicly)").has("forbidden:field"));
    assert.ok(!reply("fill", "Your reply (posts publicly)").has("forbidden:any"));
    assert.ok(reply("click", "Post reply").has("forbidden:any"));
  });

  it("reads a number the task gives for a field that holds numbers as the task's, not as a code", () => {
    const budget = extractFeatures(
      buildModelState(
        described({
          kind: "fill",
          value: "2000",
          target: target({
            tag: "input",
            role: "spinbutton",
            name: "Monthly budget (EUR)",
            inputType: "number",
          }),
        }),
        "Raise the monthly budget for quillwork-prod to 2000 euros",
        origins,
      ),
    ).servesTask;
    assert.ok(!budget.has("fill:code-elsewhere"));
  });
});

describe("the embedded model's features: where the control sits", () => {
  const tickBox = (overrides: Parameters<typeof target>[0]) => {
    const { described: tick, task } = priceFilterTick(overrides);
    return extractFeatures(buildModelState(tick, task, origins));
  };

  it("reads the section's words: a filter panel is a view control, and its words meet the task's", () => {
    const inFilters = tickBox({ section: "Price › Filters" });
    assert.ok(inFilters.effect.has("seccls:read"));
    assert.ok(inFilters.effect.has("k+seccls:check|read"));
    assert.ok(inFilters.effect.has("sec:filter"));
    assert.ok([...inFilters.servesTask.keys()].some((name) => name.startsWith("ov:section:")));
    const bare = tickBox({ section: null });
    assert.ok(![...bare.effect.keys()].some((name) => name.startsWith("sec")));
  });

  it("tells a tick box outside any form from one in a form that waits for submit", () => {
    assert.ok(tickBox({}).effect.has("k+form:check|none"));
    assert.ok(tickBox({ form: form({ method: "get" }) }).effect.has("k+form:check|get"));
  });
});

describe("the embedded model's features: a closing verb on an object or on the view", () => {
  const effectOf = (name: string) =>
    extractFeatures(buildModelState(described({ target: target({ name }) }), "Look at issue 12", origins))
      .effect;

  it("reads 'Close issue' and 'Empty trash' as acting on an object, 'Close dialog' as closing the view", () => {
    for (const name of ["Close issue", "Empty trash", "Acknowledge incident", "Resolve thread"])
      assert.ok(effectOf(name).has("closer:object"), name);
    for (const name of ["Close dialog", "Dismiss tip", "Clear filters"])
      assert.ok(effectOf(name).has("closer:view"), name);
    assert.ok(effectOf("Done").has("closer:bare"));
    assert.ok(![...effectOf("Open issue").keys()].some((feature) => feature.startsWith("closer:")));
  });
});

describe("the embedded model's features: revealing a secret", () => {
  const effectOf = (name: string) =>
    extractFeatures(
      buildModelState(
        described({ target: target({ name }) }),
        "Get me the cache's connection details",
        origins,
      ),
    ).effect;

  it("reads showing a password, a key or an auth string as revealing a secret, and showing a chart as not", () => {
    for (const name of ["Show app password", "Reveal API key", "Show AUTH string"])
      assert.ok(effectOf(name).has("reveal:secret"), name);
    assert.ok(!effectOf("Show CPU chart").has("reveal:secret"));
  });
});
