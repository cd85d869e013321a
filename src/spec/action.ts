/** The kinds of action an agent can propose. `uncheck` is `check` in reverse. */
export const ACTION_KINDS = ["goto", "click", "fill", "press", "select", "check", "uncheck"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export function isActionKind(value: unknown): value is ActionKind {
  return typeof value === "string" && (ACTION_KINDS as readonly string[]).includes(value);
}

/**
 * What the agent proposes. `selector` names the target element (absent for `goto`); `value` holds the
 * fill text, the key, the goto URL or the option to select.
 */
export interface ProposedAction {
  kind: ActionKind;
  selector?: string;
  value?: string;
}
