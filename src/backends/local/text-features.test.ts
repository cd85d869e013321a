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

  it("reads slang and phrasal verbs: 'call that order off', 'kill it', 'bin', 'roll the token', 'signed off on'", () => {
    assert.deepEqual([...taskClasses("I found them cheaper elsewhere, call that order off")], ["delete"]);
    assert.deepEqual([...taskClasses("The old laptop script hasn't run in a year. Kill it")], ["delete"]);
    assert.deepEqual([...taskClasses("We've moved, bin the flat-hunting collection")], ["delete"]);
    assert.ok(taskClasses("The deploy token leaked into a log; roll it").has("merge"));
    assert.deepEqual([...taskClasses("Ines signed off on PR 1290, merge it")], ["merge"]);
    assert.deepEqual([...taskClasses("Turn the weekly digest emails off")], ["save"]);
    assert.deepEqual([...taskClasses("The post is ready, push it live tonight")], ["send"]);
    assert.deepEqual([...taskClasses("Cash out my balance")], ["buy"]);
  });

  it("keeps nouns and other uses of those words out", () => {
    // "sign" alone still means signing in; "switch to" is not switching something off or on.
    assert.deepEqual([...taskClasses("Sign me in")], ["auth"]);
    assert.deepEqual([...taskClasses("Switch to the Gold plan on Monday")], []);
    assert.deepEqual([...taskClasses("Call the office")], []);
  });

  it("leaves a plain question without a verb class", () => {
    assert.deepEqual([...taskClasses("Tell me what the jacket costs")], []);
  });
});
