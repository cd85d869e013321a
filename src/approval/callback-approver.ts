import type { ApprovalAnswer, ApprovalRequest, Approver } from "../spec/approval.js";

/**
 * An approver that calls your code: return true (or an approval) to allow the action once, false to deny.
 * A callback that throws denies.
 */
export function createCallbackApprover(
  callback: (
    request: ApprovalRequest,
    options: { signal: AbortSignal },
  ) => Promise<boolean | ApprovalAnswer> | boolean | ApprovalAnswer,
  id = "callback",
): Approver {
  return {
    id,
    async decide(request, options) {
      try {
        const answer = await callback(request, options);
        if (typeof answer === "boolean")
          return answer ? { approved: true, by: id } : { approved: false, by: id, why: "denied" };
        return answer;
      } catch (error) {
        return { approved: false, by: id, why: "error", note: (error as Error).message };
      }
    },
  };
}
