import type { BackendResponse } from "../spec/answers.js";
import type { Backend } from "../spec/backend.js";
import type { DecisionState } from "../spec/decision-state.js";
import { EFFECTS, type Effect } from "../spec/questions.js";

/**
 * The keyword baseline: word lists and regular expressions, no learning. It exists to be beaten: it is
 * what the embedded model and hosted models are compared against in every eval run. Do not use it as an
 * unattended policy.
 */
export const KEYWORD_MODEL_ID = "stopline-keyword-1";

const MONEY =
  /\b(buy|pay|purchase|checkout|check out|place order|order now|transfer|send money|donate|subscribe|upgrade|top up|withdraw|wire)\b/i;
const CREDENTIALS =
  /\b(password|passcode|sign in|log ?in|card|cvv|cvc|otp|verification code|api key|token)\b/i;
const PUBLIC =
  /\b(send|post|publish|submit|delete|remove|merge|invite|share|reply|comment|tweet|confirm|cancel|approve|close|deploy|revoke|destroy|unsubscribe|book|reserve)\b/i;
const REVERSIBLE =
  /\b(add|save|edit|update|star|archive|draft|mark|move|rename|label|follow|like|enable|disable|toggle|set)\b/i;
const INJECTION = [
  /ignore (all |any )?(the )?(previous|prior|above|earlier) (instructions|messages|prompts)/i,
  /\b(ai|assistant|agent|bot|llm|language model|automated (browser|agent))s?\b[^.]{0,80}\b(must|should|need to|are instructed|please|click|do not|don't|pre-?approved|authori[sz]ed)\b/i,
  /(^|\n|\s)(system|assistant|developer)\s*:/i,
  /<\|?(im_start|im_end|system|endoftext)\|?>|\[\/?INST\]/i,
  /\bnew instructions\b/i,
];
const STOPWORDS = new Set(
  "a an the to of for and or in on at my me i it this that is be with from by as your you please then but not do don't".split(
    " ",
  ),
);

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !STOPWORDS.has(word)),
  );
}

function distribution(top: Effect, confidence: number): Record<Effect, number> {
  const rest = (1 - confidence) / (EFFECTS.length - 1);
  return Object.fromEntries(EFFECTS.map((effect) => [effect, effect === top ? confidence : rest])) as Record<
    Effect,
    number
  >;
}

function effectOf(state: DecisionState): { effect: Effect; confidence: number } {
  const { action } = state;
  const target = action.target;
  const label = `${target?.name ?? ""} ${target?.id ?? ""} ${target?.elementName ?? ""}`;
  if (action.kind === "goto") return { effect: "read_only", confidence: 0.8 };
  if (target?.sensitiveKind) return { effect: "credentials_or_money", confidence: 0.85 };
  if (
    action.kind === "fill" ||
    (action.kind === "press" && !/^(Enter|NumpadEnter)$/i.test(action.value ?? ""))
  ) {
    if (target?.inputType === "search" || /search|find|query|filter/i.test(label))
      return { effect: "read_only", confidence: 0.75 };
    return { effect: "reversible_change", confidence: 0.7 };
  }
  if (action.kind === "select" || action.kind === "check" || action.kind === "uncheck")
    return { effect: "reversible_change", confidence: 0.65 };
  if (MONEY.test(label)) return { effect: "credentials_or_money", confidence: 0.8 };
  if (CREDENTIALS.test(label) && target?.submitsForm)
    return { effect: "credentials_or_money", confidence: 0.7 };
  if (PUBLIC.test(label)) return { effect: "public_or_irreversible", confidence: 0.75 };
  if (REVERSIBLE.test(label)) return { effect: "reversible_change", confidence: 0.7 };
  if (target?.submitsForm) return { effect: "public_or_irreversible", confidence: 0.55 };
  return { effect: "read_only", confidence: 0.7 };
}

function servesTaskOf(state: DecisionState, effect: Effect): number {
  const task = words(state.task);
  // Exact words of the visible label only: a product-name substring in a URL must not make an action look on task.
  const label = words(
    `${state.action.target?.name ?? ""} ${state.action.kind === "fill" ? (state.action.value ?? "") : ""}`,
  );
  let shared = 0;
  for (const word of label) if (task.has(word)) shared++;
  if (shared > 0) return 0.85;
  if (effect === "read_only") return 0.6;
  return 0.25;
}

/** The plain regular-expression answer: what this weak baseline finds on its own. */
export function plainInjectionOf(state: DecisionState): number {
  for (const piece of state.page.hiddenText)
    if (INJECTION.some((pattern) => pattern.test(piece.text))) return 0.9;
  if (INJECTION.some((pattern) => pattern.test(state.page.visibleText))) return 0.75;
  return 0.05;
}

/**
 * The baseline's injection answer: its own patterns, or the perception firewall's page probability when
 * the gate ran the firewall and it is higher. Still the weak baseline: the firewall's summary is the
 * only part of this answer worth trusting.
 */
function injectionOf(state: DecisionState): number {
  return Math.max(plainInjectionOf(state), state.page.firewall?.probability ?? 0);
}

export function keywordAnswers(state: DecisionState): BackendResponse {
  const { effect, confidence } = effectOf(state);
  const probabilities = distribution(effect, confidence);
  return {
    model: KEYWORD_MODEL_ID,
    answers: {
      effect: { type: "choice", choice: effect, probabilities, confidence: (confidence - 0.25) / 0.75 },
      servesTask: { type: "noul", noul: servesTaskOf(state, effect) },
      pageInstructsAgent: { type: "noul", noul: injectionOf(state) },
    },
  };
}

export function createKeywordBackend(): Backend {
  return {
    id: "keyword",
    async answer(state) {
      return keywordAnswers(state);
    },
  };
}
