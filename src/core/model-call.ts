import type { Backend } from "../spec/backend.js";
import type { ModelOutcome } from "../spec/decision.js";
import type { DecisionState } from "../spec/decision-state.js";
import type { QuestionSet } from "../spec/questions.js";
import { normaliseAnswers } from "./answer-normalisation.js";

/** How long the gate waits for a classifier by default, in milliseconds. */
export const DEFAULT_MODEL_TIMEOUT_MS = 1500;

/**
 * Asks a backend the questions with a deadline and validates the answer at the edge. Never throws: a
 * timeout, an error or an invalid answer comes back as a failed outcome, which the policy turns into ask.
 */
export async function askModel(
  backend: Backend,
  state: DecisionState,
  questions: QuestionSet,
  timeoutMs: number = DEFAULT_MODEL_TIMEOUT_MS,
  outerSignal?: AbortSignal,
): Promise<ModelOutcome> {
  const started = performance.now();
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outerSignal?.reason);
  if (outerSignal?.aborted) onOuterAbort();
  else outerSignal?.addEventListener("abort", onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  // The caller gave up: do not wait for a backend that may never notice.
  const aborted = new Promise<{ error: unknown }>((resolve) => {
    const onAbort = () =>
      resolve({ error: new Error(`aborted by the caller: ${String(controller.signal.reason)}`) });
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const result = await Promise.race([
      // A backend that throws synchronously is treated like one that rejects.
      Promise.resolve()
        .then(() => backend.answer(state, questions, { signal: controller.signal }))
        .then(
          (response) => ({ response }),
          (error: unknown) => ({ error }),
        ),
      timeout,
      aborted,
    ]);
    const latencyMs = performance.now() - started;
    if (result === "timeout") {
      controller.abort(new Error("model timeout"));
      return {
        ok: false,
        failure: "model_timeout",
        detail: [`no answer within ${timeoutMs} ms`],
        latencyMs: timeoutMs,
        backend: backend.id,
      };
    }
    if ("error" in result) {
      const error = result.error as { message?: string; code?: string };
      const message = `${error?.code ? `${error.code}: ` : ""}${error?.message ?? String(result.error)}`;
      // An HTTP backend gives up at its own deadline, before the gate's: that is a timeout all the same.
      const failure = error?.code === "timeout" ? "model_timeout" : "model_unavailable";
      return { ok: false, failure, detail: [message], latencyMs, backend: backend.id };
    }
    const normalised = normaliseAnswers(result.response, questions);
    if (!normalised.ok)
      return {
        ok: false,
        failure: "model_invalid_answer",
        detail: normalised.issues,
        latencyMs,
        backend: backend.id,
        raw: result.response,
      };
    return { ok: true, answers: normalised.value, latencyMs, backend: backend.id };
  } finally {
    clearTimeout(timer);
    outerSignal?.removeEventListener("abort", onOuterAbort);
  }
}
