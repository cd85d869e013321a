import { createHmac } from "node:crypto";
import type { TargetFacts } from "../spec/facts.js";

/** What a person approves: the page, the element, what the page shows, and what its form holds. */
export interface StateHashInput {
  url: string;
  target: TargetFacts | null;
  /** A digest of the whole visible text (computed in the page, so bounds on the copy do not matter). */
  visibleTextDigest: string;
  /** A digest of the values in the target's form (never the values themselves). */
  formValuesDigest: string;
  /** The action as proposed: kind, selector and a digest of the value. */
  action: { kind: string; selector: string | null; valueDigest: string };
}

/**
 * A keyed SHA-256 (HMAC) over the state a human would approve. Any change to it voids an approval. The
 * key is secret to the process, so the hash that reaches the evidence log cannot be used to guess a
 * short secret (a one-time code) typed into the form.
 */
export function stateHash(input: StateHashInput, key: Uint8Array): string {
  const target = input.target
    ? {
        ...input.target,
        // Whether something else momentarily overlaps the element is not what the person approved.
        covered: undefined,
      }
    : null;
  return createHmac("sha256", key)
    .update(
      JSON.stringify([
        input.url,
        target,
        input.visibleTextDigest,
        input.formValuesDigest,
        input.action.kind,
        input.action.selector,
        input.action.valueDigest,
      ]),
    )
    .digest("hex");
}

/** A keyed digest of a value, for binding approvals to it without storing it. */
export function valueDigest(value: string, key: Uint8Array): string {
  return createHmac("sha256", key).update(value, "utf8").digest("hex");
}
