/**
 * Why a backend could not answer. Every code ends in `ask`: `timeout` as `model_timeout`, the rest as
 * `model_unavailable` (see `core/model-call.ts`). An answer that arrives but fails validation is not an
 * error here: it is returned, and the edge calls it `model_invalid_answer`.
 */
export type BackendErrorCode =
  /** A required setting (key, URL, model) is missing or unusable. */
  | "missing_configuration"
  /** The questions cannot be sent to this provider (too many, too many options, a form it cannot ask). */
  | "unsupported_request"
  /** The state does not fit the provider's limit even with its text cut. */
  | "state_too_large"
  /** No answer within the per-request timeout or the total deadline. */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** Connection refused, reset, DNS failure and the like. */
  | "network"
  /** 401 or 403: the key is missing, wrong or expired. */
  | "unauthorized"
  /** 400, 413 or 422: the provider rejected the request as invalid. */
  | "invalid_request"
  /** 429. */
  | "rate_limited"
  /** 503 or 529. */
  | "overloaded"
  /** Any other 5xx. */
  | "server_error"
  /** Any other status that is not a success. */
  | "http_status"
  /** The body was larger than the response limit. */
  | "response_too_large"
  /** A success status with a body that is not JSON. */
  | "malformed_response"
  /** JSON, but not the shape the protocol promises (no choices, no content). */
  | "invalid_response"
  /** An OpenAI-compatible server returned no log-probabilities, so there is no probability to report. */
  | "no_logprobs"
  /** The model's first token was not one of the allowed options. */
  | "answer_not_an_option";

/** Replaces every secret in a text with a marker. Secrets are keys and tokens, never shown, even in part. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) if (secret) scrubbed = scrubbed.split(secret).join("[redacted]");
  return scrubbed;
}

/** A URL fit for a message: no user, password, query or fragment, where keys sometimes hide. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(an unparseable URL)";
  }
}

/** Copies an error's message and code without anything else it holds (request objects, headers). */
function sanitisedCause(cause: unknown, secrets: readonly string[], depth = 0): Error | undefined {
  if (cause === undefined || cause === null) return undefined;
  const source = cause as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };
  const message = typeof source.message === "string" ? source.message : String(cause);
  const copy = new Error(scrubSecrets(message, secrets), {
    cause: depth < 3 ? sanitisedCause(source.cause, secrets, depth + 1) : undefined,
  });
  copy.name = typeof source.name === "string" ? source.name : "Error";
  if (typeof source.code === "string" || typeof source.code === "number")
    (copy as Error & { code?: unknown }).code = source.code;
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** A backend fault with a code, the HTTP status when there was one, and a cause, all free of secrets. */
export class BackendError extends Error {
  readonly code: BackendErrorCode;
  readonly status: number | null;
  /** How many HTTP attempts were made (0 when the request was refused before sending). */
  readonly attempts: number;
  /** The provider's request id (`x-typesafe-request-id`, `x-request-id`), for support tickets. */
  readonly requestId: string | null;

  constructor(
    code: BackendErrorCode,
    message: string,
    details: {
      status?: number | null;
      attempts?: number;
      requestId?: string | null;
      cause?: unknown;
      /** Keys and tokens that must not appear in the message or the cause. */
      secrets?: readonly string[];
    } = {},
  ) {
    const secrets = details.secrets ?? [];
    super(scrubSecrets(message, secrets), { cause: sanitisedCause(details.cause, secrets) });
    this.name = "BackendError";
    this.code = code;
    this.status = details.status ?? null;
    this.attempts = details.attempts ?? 0;
    this.requestId = details.requestId ? scrubSecrets(details.requestId, secrets) : null;
  }
}
