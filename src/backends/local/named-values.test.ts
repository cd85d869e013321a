import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { addressesIn, monthsIn, opensToEveryone, weekdaysIn } from "./named-values.js";

describe("named values: months, weekdays and addresses the task and the element name", () => {
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
    assert.deepEqual([...weekdaysIn("Stop people booking me on Fridays")], [5]);
    assert.deepEqual([...weekdaysIn("Wir treffen uns dienstags")], [2]);
    assert.deepEqual([...weekdaysIn("Sundays are for chores")], [7]);
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
