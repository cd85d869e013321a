import type { SensitiveKind } from "../spec/facts.js";
import { containsCardNumber } from "./card-number.js";

/**
 * Values that look like secrets whatever field they are typed into: API keys and tokens of well-known
 * shapes, private keys, and long unbroken high-entropy strings.
 */
const SECRET_SHAPES: { name: string; pattern: RegExp }[] = [
  { name: "openai-style key", pattern: /\bsk-[A-Za-z0-9_-]{16,}/ },
  { name: "aws access key", pattern: /\b(AKIA|ASIA)[A-Z0-9]{16}\b/ },
  { name: "github token", pattern: /\bgh[pousr]_[A-Za-z0-9]{30,}/ },
  { name: "slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { name: "google api key", pattern: /\bAIza[0-9A-Za-z_-]{30,}/ },
  { name: "stripe key", pattern: /\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]{16,}/ },
  { name: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  { name: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
];

/** Names the shape when a value looks like an API key, token or private key. */
export function secretShape(value: string): string | null {
  for (const { name, pattern } of SECRET_SHAPES) if (pattern.test(value)) return name;
  // A long token with no spaces that mixes letters and digits is more likely a key than words.
  const trimmed = value.trim();
  if (
    trimmed.length >= 32 &&
    !/\s/.test(trimmed) &&
    /[A-Za-z]/.test(trimmed) &&
    /\d/.test(trimmed) &&
    !/^https?:\/\//i.test(trimmed) &&
    !/@/.test(trimmed)
  )
    return "high-entropy token";
  return null;
}

export function redactionMarker(value: string): string {
  return `[redacted: ${[...value].length} characters]`;
}

export interface RedactedValue {
  value: string;
  redacted: boolean;
  /** Why it was redacted: the field kind, `card-number` or `secret-shape`. */
  why: SensitiveKind | "card-number" | "secret-shape" | null;
}

/**
 * Redacts a value typed into a field: everything typed into a password, card, one-time-code or API-key
 * field, and anything that looks like a card number or a secret wherever it is typed. What comes back
 * is what the model and the evidence log may see.
 */
export function redactValue(value: string, fieldKind: SensitiveKind | null): RedactedValue {
  if (fieldKind) return { value: redactionMarker(value), redacted: true, why: fieldKind };
  if (containsCardNumber(value)) return { value: redactionMarker(value), redacted: true, why: "card-number" };
  if (secretShape(value)) return { value: redactionMarker(value), redacted: true, why: "secret-shape" };
  return { value, redacted: false, why: null };
}

const CARD_IN_TEXT = /(?<![\d])(?:\d[ -]?){12,18}\d(?![\d])/g;
const SECRET_IN_TEXT = new RegExp(SECRET_SHAPES.map(({ pattern }) => pattern.source).join("|"), "g");
/** Every pattern redaction uses, for fingerprints of the code that redacts (the facts cache). */
export const REDACTION_PATTERNS: readonly RegExp[] = [CARD_IN_TEXT, SECRET_IN_TEXT];

/**
 * Replaces card numbers and secret-shaped tokens inside free text (page text, item text) with redaction
 * markers, so a key shown on a settings page never reaches a model or the log.
 */
export function redactSecretsInText(text: string): string {
  let result = text.replace(SECRET_IN_TEXT, (match) => redactionMarker(match));
  if (/\d{4}/.test(result))
    result = result.replace(CARD_IN_TEXT, (match) =>
      containsCardNumber(match) ? redactionMarker(match) : match,
    );
  return result;
}
