import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { terminalApproverFromEnvironment } from "../approval/terminal-approver.js";
import { createUnattendedApprover } from "../approval/unattended-approver.js";
import { createLocalBackend } from "../backends/local/local-backend.js";
import { summariseAction } from "../core/action-summary.js";
import { type ApprovalGrant, consumeApproval } from "../core/approval-binding.js";
import { DEFAULT_GATE_SETTINGS, evaluateAction, type GateSettings } from "../core/gate-decision.js";
import { DEFAULT_THRESHOLDS, invalidActionDecision, type PolicyThresholds } from "../core/policy.js";
import { reasonText } from "../core/reason-text.js";
import { redactionMarker, redactValue } from "../core/redaction.js";
import {
  DescribeError,
  type DescribeOptions,
  type Description,
  describeAction,
} from "../describe/describe-action.js";
import { installDescribe } from "../describe/page-code.js";
import { approvalEntry, decisionEntry, outcomeEntry } from "../evidence/evidence-entries.js";
import { EvidenceLog } from "../evidence/evidence-log.js";
import { firewallGateSettings, GATE_FIREWALL_CAPTURE } from "../firewall/gate-settings.js";
import type { ProposedAction } from "../spec/action.js";
import type { ApprovalAnswer, Approver } from "../spec/approval.js";
import type { Backend } from "../spec/backend.js";
import type { Decision } from "../spec/decision.js";
import type { EvidenceSink } from "../spec/evidence.js";
import type { ActionFacts } from "../spec/facts.js";
import type { Reason } from "../spec/reason.js";

export interface GuardOptions {
  /** The user's task, as the user wrote it. Every action is judged against it. */
  task: string;
  /** The classifier. Default: the embedded model (`createLocalBackend()`), in process, no key. */
  backend?: Backend;
  /**
   * Who answers an `ask`. Default: the terminal when STOPLINE_INTERACTIVE=1 and stdin is a TTY,
   * otherwise unattended (every ask is a no).
   */
  approver?: Approver;
  /** Where decisions are logged: a JSONL path or a sink. Default: `.stopline/evidence-<run id>.jsonl`. */
  evidence?: string | EvidenceSink;
  /** Origins the agent may navigate to without asking. Default: none (another origin than the current page asks). */
  allowedOrigins?: string[];
  /** Also allow subdomains of each allowed origin's host. Default false. */
  allowSubdomains?: boolean;
  /** Policy thresholds to override. */
  thresholds?: Partial<PolicyThresholds>;
  /** Milliseconds to wait for the classifier before asking. Default 1500. */
  modelTimeoutMs?: number;
  /** Milliseconds an approval stays valid. Default 300,000 (five minutes). */
  approvalTtlMs?: number;
  /** Milliseconds to wait for a person to answer an ask before treating it as a no. Default: no limit. */
  approvalTimeoutMs?: number;
  /** How many times an action whose approval was voided by a page change is asked again. Default 2. */
  maxAsks?: number;
  describe?: DescribeOptions;
  /** Called after every decision and outcome, for displays such as the demo's table. */
  onEvent?: (event: GateEvent) => void;
}

/** What happened to one proposed action. */
export interface GateEvent {
  decisionId: string;
  summary: string;
  action: ActionFacts | null;
  decision: Decision;
  approval: ApprovalAnswer | null;
  status: "executed" | "failed" | "stopped" | "decided";
  timings: Record<string, number>;
  error?: string;
}

/** Thrown when the gate stops an action: a block, a denied or unattended ask, or a voided approval. */
export class StoppedByGate extends Error {
  readonly decision: Decision;
  readonly approval: ApprovalAnswer | null;
  /** The decision's reasons and what happened after it (unattended, denied, a voided approval), in words. */
  readonly reasons: string[];
  /** What happened after the decision, as reasons: `approval_unattended`, `approval_denied`, `approval_void`. */
  readonly extra: Reason[];
  constructor(summary: string, decision: Decision, approval: ApprovalAnswer | null, extra: Reason[] = []) {
    const reasons = [...decision.reasons, ...extra].map(reasonText);
    super(
      `stopline ${decision.verdict === "block" ? "blocked" : "did not allow"}: ${summary} — ${reasons.join("; ")}`,
    );
    this.name = "StoppedByGate";
    this.decision = decision;
    this.approval = approval;
    this.reasons = reasons;
    this.extra = extra;
  }
}

type Dispatch = () => Promise<unknown>;

export interface GuardedLocator {
  click(options?: Parameters<Page["click"]>[1]): Promise<void>;
  fill(value: string, options?: Parameters<Page["fill"]>[2]): Promise<void>;
  press(key: string, options?: Parameters<Page["press"]>[2]): Promise<void>;
  selectOption(value: string, options?: Parameters<Page["selectOption"]>[2]): Promise<void>;
  check(options?: Parameters<Page["check"]>[1]): Promise<void>;
  uncheck(options?: Parameters<Page["uncheck"]>[1]): Promise<void>;
}

export interface GuardedPage {
  /** The raw Playwright page. Anything done on it directly bypasses the gate. */
  readonly page: Page;
  readonly evidence: EvidenceSink;
  readonly task: string;
  goto(url: string, options?: Parameters<Page["goto"]>[1]): Promise<void>;
  click(selector: string, options?: Parameters<Page["click"]>[1]): Promise<void>;
  fill(selector: string, value: string, options?: Parameters<Page["fill"]>[2]): Promise<void>;
  press(selector: string, key: string, options?: Parameters<Page["press"]>[2]): Promise<void>;
  selectOption(selector: string, value: string, options?: Parameters<Page["selectOption"]>[2]): Promise<void>;
  check(selector: string, options?: Parameters<Page["check"]>[1]): Promise<void>;
  uncheck(selector: string, options?: Parameters<Page["uncheck"]>[1]): Promise<void>;
  /** The same guarded actions on one selector. */
  locator(selector: string): GuardedLocator;
  /** Decides on an action without carrying it out (and logs the decision). */
  decide(action: ProposedAction): Promise<{ decision: Decision; summary: string }>;
  /** Closes the evidence log (when the guard opened it). */
  close(): void;
}

const ACTION_KEY = randomBytes(32);

/** A stable id for a proposed action within this process: the same kind, selector and value give the same id. */
export function actionIdOf(action: ProposedAction): string {
  return createHmac("sha256", ACTION_KEY)
    .update(JSON.stringify([action.kind, action.selector ?? null, action.value ?? null]))
    .digest("hex")
    .slice(0, 32);
}

function settingsFrom(options: GuardOptions): GateSettings {
  return {
    ...firewallGateSettings(),
    thresholds: { ...DEFAULT_THRESHOLDS, ...options.thresholds },
    origins: {
      allowedOrigins: options.allowedOrigins ?? [],
      allowSubdomains: options.allowSubdomains ?? false,
    },
    modelTimeoutMs: options.modelTimeoutMs ?? DEFAULT_GATE_SETTINGS.modelTimeoutMs,
  };
}

/** Minimal facts for a proposal that could not be described: any value is redacted, as nothing says it is safe. */
function undescribedFacts(action: ProposedAction): ActionFacts {
  const value = action.value ?? null;
  const redacted =
    value === null ? null : action.kind === "goto" ? redactValue(value, null).value : redactionMarker(value);
  return {
    kind: action.kind,
    selector: action.selector ?? null,
    value: redacted,
    valueRedacted: value !== null && redacted !== value,
    target: null,
    destination: null,
  };
}

/**
 * Puts the gate in front of a Playwright page. Every goto, click, fill, press, selectOption, check and
 * uncheck on the returned object is described, decided, logged and only then carried out; stopped
 * actions throw StoppedByGate.
 */
export function guard(page: Page, options: GuardOptions): GuardedPage {
  if (typeof options.task !== "string" || options.task.trim() === "")
    throw new TypeError("guard() needs the user's task");
  const backend = options.backend ?? createLocalBackend();
  const approver = options.approver ?? terminalApproverFromEnvironment() ?? createUnattendedApprover();
  const ownsEvidence = typeof options.evidence === "string" || options.evidence === undefined;
  const evidence: EvidenceSink =
    typeof options.evidence === "object"
      ? options.evidence
      : new EvidenceLog(options.evidence ?? join(".stopline", `evidence-${randomUUID()}.jsonl`));
  const settings = settingsFrom(options);
  const approvalTtlMs = options.approvalTtlMs ?? 300_000;
  const maxAsks = options.maxAsks ?? 2;
  const usedGrants = new Set<string>();
  let revision = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) revision++;
  });

  const emit = (event: GateEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // A display callback must never change what the gate does.
    }
  };

  // DOM functions saved at document start, before the page's scripts can patch them (see pristine-dom.ts),
  // and describe's own code, so an action does not ship and compile it again (see installDescribe).
  const pristine = installDescribe(page).catch(() => undefined);
  const describeOptions = settings.detector
    ? { ...options.describe, firewall: options.describe?.firewall ?? GATE_FIREWALL_CAPTURE }
    : options.describe;
  const describe = async (
    action: ProposedAction,
    describeWith: DescribeOptions | undefined = describeOptions,
  ) => {
    await pristine;
    return describeAction(page, action, describeWith);
  };
  // Right before dispatching an approved action only its state hash is compared, and the hash does not
  // cover the firewall's places: the check skips that capture.
  const recheckOptions: DescribeOptions = { ...describeOptions, firewall: null };

  async function askPerson(
    decisionId: string,
    actionId: string,
    description: Description,
    decision: Decision,
  ): Promise<ApprovalAnswer> {
    const controller = new AbortController();
    const timer =
      options.approvalTimeoutMs === undefined
        ? undefined
        : setTimeout(() => controller.abort(new Error("approval timeout")), options.approvalTimeoutMs);
    try {
      const model = decision.model;
      return await approver.decide(
        {
          decisionId,
          actionId,
          stateHash: description.described.page.stateHash,
          revision,
          task: options.task,
          action: description.described.action,
          page: { url: description.described.page.url, title: description.described.page.title },
          reasons: decision.reasons,
          reasonText: decision.reasons.map(reasonText),
          answers: model?.ok ? model.answers : null,
          summary: summariseAction(description.described.action),
        },
        { signal: controller.signal },
      );
    } catch (error) {
      return { approved: false, by: approver.id, why: "error", note: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Describes, decides and logs one proposal. Returns null when the proposal cannot be described. */
  async function decideOnce(action: ProposedAction) {
    const decisionId = randomUUID();
    const actionId = actionIdOf(action);
    const currentRevision = revision;
    let description: Description;
    try {
      description = await describe(action);
    } catch (error) {
      if (!(error instanceof DescribeError)) throw error;
      const decision = invalidActionDecision(error.message);
      const facts = undescribedFacts(action);
      evidence.append(
        decisionEntry({
          decisionId,
          actionId,
          revision: currentRevision,
          task: options.task,
          action: facts,
          page: { url: page.url(), title: "", stateHash: "" },
          decision,
          backend: backend.id,
          timings: {},
        }),
      );
      return { decisionId, actionId, decision, description: null, facts, timings: {} };
    }
    const evaluation = await evaluateAction(
      {
        described: description.described,
        rawValue: description.rawValue,
        task: options.task,
        pageText: description.pageText,
      },
      backend,
      settings,
    );
    const timings = { describeMs: description.elapsedMs, ...evaluation.timings };
    const appendStarted = performance.now();
    evidence.append(
      decisionEntry({
        decisionId,
        actionId,
        revision: currentRevision,
        task: options.task,
        action: description.described.action,
        page: description.described.page,
        decision: evaluation.decision,
        backend: backend.id,
        timings,
      }),
    );
    const allTimings = { ...timings, appendMs: performance.now() - appendStarted };
    return {
      decisionId,
      actionId,
      decision: evaluation.decision,
      description,
      facts: description.described.action,
      timings: allTimings,
    };
  }

  async function gate(action: ProposedAction, dispatch: Dispatch): Promise<void> {
    for (let round = 0; ; round++) {
      const decided = await decideOnce(action);
      const { decisionId, actionId, decision, description, facts, timings } = decided;
      const summary = summariseAction(facts);
      const stop = (approval: ApprovalAnswer | null, extra: Reason[] = []): never => {
        evidence.append(
          outcomeEntry({
            decisionId,
            actionId,
            status: "stopped",
            verdict: decision.verdict,
            reasonCodes: [...decision.reasons, ...extra].map((reason) => reason.code),
          }),
        );
        emit({ decisionId, summary, action: facts, decision, approval, status: "stopped", timings });
        throw new StoppedByGate(summary, decision, approval, extra);
      };
      const execute = async (approval: ApprovalAnswer | null) => {
        try {
          await dispatch();
        } catch (error) {
          const message = (error as Error).message;
          evidence.append(
            outcomeEntry({
              decisionId,
              actionId,
              status: "failed",
              error: message,
              verdict: decision.verdict,
              reasonCodes: decision.reasons.map((reason) => reason.code),
            }),
          );
          emit({
            decisionId,
            summary,
            action: facts,
            decision,
            approval,
            status: "failed",
            timings,
            error: message,
          });
          throw error;
        }
        evidence.append(
          outcomeEntry({
            decisionId,
            actionId,
            status: "executed",
            verdict: decision.verdict,
            reasonCodes: decision.reasons.map((reason) => reason.code),
          }),
        );
        emit({ decisionId, summary, action: facts, decision, approval, status: "executed", timings });
      };

      if (decision.verdict === "allow") return execute(null);
      if (decision.verdict === "block" || description === null) return stop(null);

      const approval = await askPerson(decisionId, actionId, description, decision);
      const expiresAt = Date.now() + approvalTtlMs;
      evidence.append(
        approvalEntry({
          decisionId,
          actionId,
          answer: approval,
          stateHash: description.described.page.stateHash,
          revision,
          expiresAt: approval.approved ? expiresAt : null,
        }),
      );
      if (!approval.approved)
        return stop(approval, [
          approval.why === "unattended"
            ? { code: "approval_unattended" }
            : { code: "approval_denied", by: approval.by },
        ]);
      const grant: ApprovalGrant = {
        grantId: randomUUID(),
        actionId,
        stateHash: description.described.page.stateHash,
        revision,
        expiresAt,
        by: approval.by,
      };
      // Right before dispatch, read the page again: the approval covers only the state the person saw.
      let fresh: Description;
      try {
        fresh = await describe(action, recheckOptions);
      } catch {
        return stop(approval, [{ code: "approval_void", why: "changed_state" }]);
      }
      const check = consumeApproval(
        grant,
        {
          actionId: actionIdOf(action),
          stateHash: fresh.described.page.stateHash,
          revision,
          now: Date.now(),
        },
        usedGrants,
      );
      if (check.ok) return execute(approval);
      evidence.append(
        outcomeEntry({
          decisionId,
          actionId,
          status: "stopped",
          verdict: decision.verdict,
          reasonCodes: [...decision.reasons.map((reason) => reason.code), "approval_void"],
        }),
      );
      emit({ decisionId, summary, action: facts, decision, approval, status: "stopped", timings });
      if (round + 1 >= maxAsks)
        throw new StoppedByGate(summary, decision, approval, [{ code: "approval_void", why: check.why }]);
      // The page changed under the approval: decide again, and ask again.
    }
  }

  const forSelector = (selector: string): GuardedLocator => ({
    click: (clickOptions) =>
      gate({ kind: "click", selector }, () => page.locator(selector).click(clickOptions)),
    fill: (value, fillOptions) =>
      gate({ kind: "fill", selector, value }, () => page.locator(selector).fill(value, fillOptions)),
    press: (key, pressOptions) =>
      gate({ kind: "press", selector, value: key }, () => page.locator(selector).press(key, pressOptions)),
    selectOption: (value, selectOptions) =>
      gate({ kind: "select", selector, value }, () =>
        page.locator(selector).selectOption(value, selectOptions),
      ),
    check: (checkOptions) =>
      gate({ kind: "check", selector }, () => page.locator(selector).check(checkOptions)),
    uncheck: (checkOptions) =>
      gate({ kind: "uncheck", selector }, () => page.locator(selector).uncheck(checkOptions)),
  });

  const guarded: GuardedPage = {
    page,
    evidence,
    task: options.task,
    goto: (url, gotoOptions) => gate({ kind: "goto", value: url }, () => page.goto(url, gotoOptions)),
    click: (selector, clickOptions) => forSelector(selector).click(clickOptions),
    fill: (selector, value, fillOptions) => forSelector(selector).fill(value, fillOptions),
    press: (selector, key, pressOptions) => forSelector(selector).press(key, pressOptions),
    selectOption: (selector, value, selectOptions) =>
      forSelector(selector).selectOption(value, selectOptions),
    check: (selector, checkOptions) => forSelector(selector).check(checkOptions),
    uncheck: (selector, checkOptions) => forSelector(selector).uncheck(checkOptions),
    locator: forSelector,
    async decide(action) {
      const decided = await decideOnce(action);
      const summary = summariseAction(decided.facts);
      emit({
        decisionId: decided.decisionId,
        summary,
        action: decided.facts,
        decision: decided.decision,
        approval: null,
        status: "decided",
        timings: decided.timings,
      });
      return { decision: decided.decision, summary };
    },
    close() {
      if (ownsEvidence) evidence.close();
    },
  };
  return guarded;
}
