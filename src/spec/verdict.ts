export const VERDICTS = ["allow", "ask", "block"] as const;
export type Verdict = (typeof VERDICTS)[number];

const rank: Record<Verdict, number> = { allow: 0, ask: 1, block: 2 };

/** The stricter of two verdicts. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  return rank[a] >= rank[b] ? a : b;
}

/** True when `a` is at least as strict as `b`. */
export function atLeast(a: Verdict, b: Verdict): boolean {
  return rank[a] >= rank[b];
}

export function verdictRank(verdict: Verdict): number {
  return rank[verdict];
}
