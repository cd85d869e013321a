import type { ForeignState } from "../spec/backend.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { RenderedDecisionState } from "../spec/decision-state-schema.js";

/**
 * Bounds a state to what a provider accepts, measured in characters of its JSON, and says what it cut in
 * the state itself, so the model (and anyone reading the evidence) knows the page was longer. Providers
 * that truncate silently (or reject) are never left to do it for us.
 */

export type Bounded<T> = { ok: true; state: T; cut: string[] } | { ok: false; issue: string };

/** Pieces of hidden text kept before visible text is cut to nothing: the hidden text is where injections hide. */
const HIDDEN_PIECES_FLOOR = 5;
/** Characters of visible text kept in the first pass. */
const VISIBLE_TEXT_FLOOR = 1_000;

const count = (value: number) => value.toLocaleString("en-US");

function size(state: unknown): number {
  return JSON.stringify(state).length;
}

/** Cuts a string by about `over` characters more than needed, never below `floor`; false when it cannot. */
function shorten(text: string, over: number, floor: number): string | null {
  if (text.length <= floor) return null;
  // JSON escapes make the serialised length larger than the string's, so cut a little extra.
  return text.slice(0, Math.max(floor, text.length - over - 16));
}

/**
 * Returns the state unchanged when its JSON fits in `maxCharacters`, otherwise a copy cut in a fixed
 * order (visible text to 1,000 characters, hidden text to 5 pieces, then both to nothing, then select
 * options, item text, the task and the title) with a `truncation` list naming every cut. Fails only when
 * even that does not fit.
 */
export function boundDecisionState(
  state: DecisionState,
  maxCharacters: number,
): Bounded<RenderedDecisionState> {
  if (size(state) <= maxCharacters) return { ok: true, state, cut: [] };
  const copy: RenderedDecisionState = structuredClone(state);
  const notes = new Map<string, string>();
  const original = {
    visibleText: state.page.visibleText.length,
    hiddenPieces: state.page.hiddenText.length,
    itemText: state.action.target?.itemText?.length ?? 0,
    options: state.action.target?.options?.length ?? 0,
    task: state.task.length,
    title: state.page.title.length,
  };
  const cutVisible = (floor: number) => (over: number) => {
    const next = shorten(copy.page.visibleText, over, floor);
    if (next === null) return false;
    copy.page.visibleText = next;
    copy.page.visibleTextTruncated = true;
    notes.set(
      "visibleText",
      `page.visibleText: kept ${count(next.length)} of ${count(original.visibleText)} characters`,
    );
    return true;
  };
  const cutHidden = (floor: number) => (over: number) => {
    const pieces = copy.page.hiddenText;
    if (pieces.length <= floor) return false;
    let freed = 0;
    while (pieces.length > floor && freed <= over) freed += size(pieces.pop());
    notes.set("hiddenText", `page.hiddenText: kept ${pieces.length} of ${original.hiddenPieces} pieces`);
    return true;
  };
  const cutTarget = (field: "itemText" | "options") => (over: number) => {
    const target = copy.action.target;
    if (!target || target[field] === null) return false;
    if (field === "options") {
      target.options = null;
      notes.set("options", `action.target.options: dropped all ${original.options} options`);
      return true;
    }
    const next = shorten(target.itemText ?? "", over, 0);
    if (next === null) return false;
    target.itemText = next;
    notes.set(
      "itemText",
      `action.target.itemText: kept ${count(next.length)} of ${count(original.itemText)} characters`,
    );
    return true;
  };
  const cutText = (field: "task" | "title", floor: number) => (over: number) => {
    const current = field === "task" ? copy.task : copy.page.title;
    const next = shorten(current, over, floor);
    if (next === null) return false;
    if (field === "task") copy.task = next;
    else copy.page.title = next;
    const path = field === "task" ? "task" : "page.title";
    notes.set(field, `${path}: kept ${count(next.length)} of ${count(original[field])} characters`);
    return true;
  };
  const cutters = [
    cutVisible(VISIBLE_TEXT_FLOOR),
    cutHidden(HIDDEN_PIECES_FLOOR),
    cutVisible(0),
    cutHidden(0),
    cutTarget("options"),
    cutTarget("itemText"),
    cutText("task", 200),
    cutText("title", 0),
  ];
  let next = 0;
  for (;;) {
    copy.truncation = [...notes.values()];
    const over = size(copy) - maxCharacters;
    if (over <= 0) return { ok: true, state: copy, cut: copy.truncation };
    const cutter = cutters[next];
    if (!cutter)
      return {
        ok: false,
        issue: `the state needs ${count(size(copy))} characters even with its text cut; the limit is ${count(maxCharacters)}`,
      };
    if (!cutter(over)) next++;
  }
}

/**
 * Bounds a state from another client: text is cut and ends with a note; JSON that does not fit becomes
 * its serialised text, cut the same way (the model reads it as text either way).
 */
export function boundForeignState(state: ForeignState, maxCharacters: number): Bounded<ForeignState> {
  const text = typeof state === "string" ? state : JSON.stringify(state);
  if (text.length <= maxCharacters) return { ok: true, state, cut: [] };
  const keptFor = (kept: number) =>
    `\n[stopline cut this state: kept ${count(kept)} of ${count(text.length)} characters]`;
  const kept = Math.max(0, maxCharacters - keptFor(text.length).length);
  if (kept === 0)
    return { ok: false, issue: `a limit of ${maxCharacters} characters leaves no room for the state` };
  const note = keptFor(kept);
  return {
    ok: true,
    state: text.slice(0, kept) + note,
    cut: [note.trim()],
  };
}
