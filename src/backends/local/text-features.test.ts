import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  addressesIn,
  answerOf,
  isActionWord,
  isLookOnlyTask,
  looksPromotional,
  monthsIn,
  negatedClasses,
  opensToEveryone,
  weekdaysIn,
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

describe("text features: months, weekdays and addresses the task and the element name", () => {
  it("reads months by name in several languages, by abbreviation next to a day, and in ISO dates", () => {
    assert.deepEqual([...monthsIn("Pay the March invoice")], [3]);
    assert.deepEqual([...monthsIn("Rechnung März, factura de marzo, facture de mars")], [3]);
    assert.deepEqual([...monthsIn("Due Feb 3"), ...monthsIn("due 3 feb.")], [2, 2]);
    assert.deepEqual([...monthsIn("new date 2026-06-18")], [6]);
  });
  it("does not read the verb 'may' or a lone abbreviation as a month", () => {
    assert.equal(monthsIn("You may pay it now").size, 0);
    assert.equal(monthsIn("Mar a Lago sea view").size, 0);
    assert.deepEqual([...monthsIn("Delivered May 4")], [5]);
    assert.equal(monthsIn("2 decks of cards and 4 junipers").size, 0);
    assert.deepEqual([...monthsIn("Due 3 Sept.")], [9]);
  });
  it("reads weekdays", () => {
    assert.deepEqual([...weekdaysIn("Book the room for Thursday, not Fri")].sort(), [4, 5]);
    assert.deepEqual([...weekdaysIn("Reunión el jueves")], [4]);
  });
  it("reads IPv4 addresses and ranges, and knows which ranges let everyone in", () => {
    assert.deepEqual(
      [...addressesIn("allow 203.0.113.7/32, not 0.0.0.0/0")],
      ["203.0.113.7/32", "0.0.0.0/0"],
    );
    assert.equal(opensToEveryone("0.0.0.0/0"), true);
    assert.equal(opensToEveryone("::/0"), true);
    assert.equal(opensToEveryone("10.0.0.0/8"), false);
    assert.equal(opensToEveryone("203.0.113.7/32"), false);
    assert.equal(opensToEveryone("Anywhere"), true);
    assert.equal(opensToEveryone("Happy to meet anywhere near the station"), false);
  });
});
