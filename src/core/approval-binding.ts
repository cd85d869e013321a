import type { ApprovalVoidReason } from "../spec/reason.js";

/** A human's "yes, once" for one action on one page state. */
export interface ApprovalGrant {
  grantId: string;
  /** The action the person saw. */
  actionId: string;
  /** The page state hash the person saw. */
  stateHash: string;
  /** The page revision (navigation count) the person saw. */
  revision: number;
  /** Milliseconds since the epoch after which the grant is void. */
  expiresAt: number;
  by: string;
}

/** What is about to be dispatched, read from the live page right before dispatch. */
export interface DispatchState {
  actionId: string;
  stateHash: string;
  revision: number;
  now: number;
}

export type ApprovalCheck = { ok: true } | { ok: false; why: ApprovalVoidReason };

/**
 * Whether a grant still covers the action about to be dispatched: not used before, not expired, for the
 * same action, on the same page revision and the same state. `used` holds the ids of spent grants.
 */
export function checkApproval(
  grant: ApprovalGrant | null | undefined,
  current: DispatchState,
  used: ReadonlySet<string>,
): ApprovalCheck {
  if (!grant) return { ok: false, why: "unknown_grant" };
  if (used.has(grant.grantId)) return { ok: false, why: "reused" };
  if (current.now > grant.expiresAt) return { ok: false, why: "expired" };
  if (grant.actionId !== current.actionId) return { ok: false, why: "changed_action" };
  if (grant.revision !== current.revision) return { ok: false, why: "changed_revision" };
  if (grant.stateHash !== current.stateHash) return { ok: false, why: "changed_state" };
  return { ok: true };
}

/** Checks a grant and, when it holds, spends it so it can never cover a second dispatch. */
export function consumeApproval(
  grant: ApprovalGrant | null | undefined,
  current: DispatchState,
  used: Set<string>,
): ApprovalCheck {
  const check = checkApproval(grant, current, used);
  if (grant) used.add(grant.grantId);
  return check;
}
