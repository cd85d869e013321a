import type { Approver } from "../spec/approval.js";

/** The default approver: nobody is there, so every ask is a no. */
export function createUnattendedApprover(): Approver {
  return {
    id: "unattended",
    async decide() {
      return { approved: false, by: "unattended", why: "unattended" };
    },
  };
}
