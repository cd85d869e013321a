import type { ApprovalRequest, Approver } from "../spec/approval.js";

/** What the approver needs from an MCP server: whether the client can elicit, and a way to ask. */
export interface ElicitationChannel {
  supportsElicitation(): boolean;
  elicit(
    message: string,
    schema: { type: "object"; properties: Record<string, unknown>; required: string[] },
    signal: AbortSignal,
  ): Promise<{ action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> }>;
}

/** The message a person sees in their MCP client: the action, the page and why the gate asks. */
export function elicitationMessage(request: ApprovalRequest): string {
  return [
    "stopline asks before this browser action runs.",
    `Task: ${request.task}`,
    `Action: ${request.summary}`,
    `Page: ${request.page.url}`,
    `Why: ${request.reasonText.join("; ")}`,
    'Choose "once" to allow this one action on this page as it is now, or "deny".',
  ].join("\n");
}

/**
 * Puts an ask to the person behind the MCP client through elicitation. Anything but an explicit "once"
 * is a no; a client that cannot elicit falls back to the given approver (unattended by default).
 */
export function createElicitationApprover(channel: ElicitationChannel, fallback: Approver): Approver {
  return {
    id: "mcp-elicitation",
    async decide(request, options) {
      if (!channel.supportsElicitation()) return fallback.decide(request, options);
      try {
        const result = await channel.elicit(
          elicitationMessage(request),
          {
            type: "object",
            properties: {
              decision: {
                type: "string",
                title: "Allow this action?",
                enum: ["once", "deny"],
                enumNames: ["Allow once", "Deny"],
              },
            },
            required: ["decision"],
          },
          options.signal,
        );
        if (result.action === "accept" && result.content?.["decision"] === "once")
          return { approved: true, by: "mcp-elicitation" };
        return { approved: false, by: "mcp-elicitation", why: "denied", note: result.action };
      } catch (error) {
        return { approved: false, by: "mcp-elicitation", why: "error", note: (error as Error).message };
      }
    },
  };
}
