import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  answerOf,
  isActionWord,
  isLookOnlyTask,
  looksPromotional,
  negatedClasses,
  taskClasses,
} from "./text-features.js";

describe("text features: tasks that only ask to look", () => {
  it("recognises questions and requests to find, check or summarise", () => {
    for (const task of [
      "How much is the Odile wool rug in 8' x 10'?",
      "is Jonah Weiss on Sketchpad Pro already?",
      "Check which sessions are active on my mail account",
      "Find today's news about the Harbor Bridge closure",
      "Summarise what's new in #finance since Monday",
      "Tell me when the partner webinar starts",
    ])
      assert.equal(isLookOnlyTask(task), true, task);
  });
  it("does not count a task that asks for a change, even when phrased as a question", () => {
    for (const task of [
      "Add the Odile rug in 8x10 to my cart",
      "Can you delete yesterday's search about party venues?",
      "Reply to Dana saying I can make Thursday",
      "Pay the electric bill from checking",
    ])
      assert.equal(isLookOnlyTask(task), false, task);
  });
  it("still counts a question whose only change word is one the task forbids", () => {
    assert.equal(
      isLookOnlyTask(
        "What would Business Standard cost us per user if we paid yearly? Don't change our plan",
      ),
      true,
    );
  });
});

describe("text features: steps the task keeps for the user", () => {
  it("reads 'I'll … myself' and 'I will … later' as not asked of the agent", () => {
    assert.deepEqual([...negatedClasses("Draft a thank-you; I'll read it over and send it myself")].sort(), [
      "read",
      "send",
    ]);
    assert.ok(negatedClasses("Put 20 prints in my basket. I'll order them myself").has("buy"));
    assert.ok(negatedClasses("Write the reply, I will send it later").has("send"));
  });
  it("does not read 'I can't do it later' or a plain request as kept", () => {
    assert.equal(negatedClasses("Send the report to Dana").size, 0);
    assert.ok(!negatedClasses("Pay the bill now, I can't do it later").has("buy"));
  });
});

describe("text features: offers and answers", () => {
  it("recognises advertisements and offers", () => {
    assert.equal(looksPromotional("Leaking taps? Local plumbers from $49 – book today"), true);
    assert.equal(looksPromotional("Start your free trial"), true);
    assert.equal(looksPromotional("Outdoor tap dripping from the spindle – cheap fix?"), false);
    assert.equal(looksPromotional(null), false);
  });
  it("reads which way a control answers a prompt", () => {
    assert.equal(answerOf("Yes, add the rug pad"), "yes");
    assert.equal(answerOf("No thanks"), "no");
    assert.equal(answerOf("Not now"), "no");
    assert.equal(answerOf("Add to cart"), null);
    assert.equal(answerOf(undefined), null);
  });
  it("tells action words from object words", () => {
    assert.equal(isActionWord("delete"), true);
    assert.equal(isActionWord("invoice"), false);
  });
});

describe("text features: the task's verb said in a phrase", () => {
  it("reads 'get rid of', 'call it off', 'clear out' and 'let Priya know' as the verbs they stand for", () => {
    assert.deepEqual([...taskClasses("Get rid of my £32.50 gym Direct Debit")], ["delete"]);
    assert.deepEqual([...taskClasses("I can't make Thursday's physio anymore, call it off")], ["delete"]);
    assert.deepEqual([...taskClasses("Clear out the automated snapshot from 2 March")], ["delete"]);
    assert.deepEqual([...taskClasses("Let Priya know the travel figures are fine")], ["send"]);
    assert.deepEqual([...taskClasses("Sort out the payment for the March invoice")], ["buy"]);
  });

  it("leaves a plain question without a verb class", () => {
    assert.deepEqual([...taskClasses("Tell me what the jacket costs")], []);
  });
});
