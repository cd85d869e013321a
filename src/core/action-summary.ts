import type { ActionFacts } from "../spec/facts.js";

function quoted(text: string | null | undefined): string {
  const value = (text ?? "").trim();
  return value === "" ? "" : `“${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`;
}

function targetWords(action: ActionFacts): string {
  const target = action.target;
  if (!target) return "the page";
  const role = target.role ?? target.tag;
  const name = quoted(target.name) || quoted(target.placeholder) || quoted(target.elementName ?? target.id);
  // The row or card it belongs to says which one; without one, the section says where it is.
  const item = target.itemText
    ? ` in “${target.itemText.slice(0, 60)}${target.itemText.length > 60 ? "…" : ""}”`
    : target.section
      ? ` under ${quoted(target.section)}`
      : "";
  return `the ${role}${name ? ` ${name}` : ""}${item}`;
}

/** The proposed action in one plain sentence, for people approving it and for logs. */
export function summariseAction(action: ActionFacts): string {
  const where = action.destination ? ` (goes to ${action.destination.url})` : "";
  switch (action.kind) {
    case "goto":
      return `Go to ${action.destination?.url ?? action.value ?? "a URL"}`;
    case "click":
      return `Click ${targetWords(action)}${where}`;
    case "fill":
      return `Type ${quoted(action.value) || "nothing"} into ${targetWords(action)}`;
    case "press":
      return `Press ${action.value ?? "a key"} in ${targetWords(action)}${where}`;
    case "select":
      return `Choose ${quoted(action.value)} in ${targetWords(action)}`;
    case "check":
      return `Tick ${targetWords(action)}`;
    case "uncheck":
      return `Untick ${targetWords(action)}`;
  }
}
