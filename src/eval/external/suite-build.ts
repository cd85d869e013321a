import type { EvalCase } from "../../spec/eval-case.js";

/** Something in a source that the suite does not turn into a case, and why. */
export interface LeftOut {
  /** The raw item, as `file#key` or `file:line`. */
  item: string;
  /** A short, stable reason code, counted in the build report. */
  reason: string;
}

/** What one external source yields: its cases, in a fixed order, and what it left out. */
export interface SuiteBuild {
  cases: EvalCase[];
  leftOut: LeftOut[];
}
