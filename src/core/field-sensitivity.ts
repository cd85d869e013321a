import type { SensitiveKind } from "../spec/facts.js";

/** What the classifier reads about a field. Every text is matched case-insensitively. */
export interface FieldDescriptor {
  tag: string;
  inputType: string | null;
  autocomplete: string | null;
  elementName: string | null;
  id: string | null;
  placeholder: string | null;
  /** The accessible name (label, aria-label, ...). */
  name: string;
}

export interface FieldSensitivity {
  kind: SensitiveKind;
  evidence: string;
}

// Each pattern is matched against the name, id, placeholder and label of a field. Several languages,
// because the gate runs on sites in many.
// A bare "pass" names a password in a terse label ("User / Pass"), but not the verb in a sentence ("we'll
// pass these to the hotel") or another kind of pass ("boarding pass", "bus pass").
const PASSWORD_WORDS =
  /\b(pass(word|wd|phrase|code)|pwd)\b|(?<!\b(boarding|bus|rail|season|travel|day|ski|gym|guest|visitor|event)\s+)\bpass\b(?!\s+(on|along|to|these|this|that|it|them|the|a|an|your|our|their|my|through|back|over|by)\b)|passwort|contrase[ñn]a|mot de passe|senha|wachtwoord|密码|密碼|パスワード|비밀번호/i;
const CARD_NUMBER_WORDS =
  /card.?(number|no\b|num)|cardnumber|\bcc.?(num|number|no)\b|credit.?card|debit.?card|kartennummer|n[uú]mero de (la )?tarjeta|num[eé]ro de (la )?carte|卡号|卡號|カード番号/i;
const CARD_CODE_WORDS =
  /\b(cvc2?|cvv2?|csc|cid)\b|card.?(verification|security).?(code|value)|kartenprüf|código de seguridad|cryptogramme/i;
const CARD_EXPIRY_WORDS =
  /\bexp(iry|iration)?[ _.-]?(date|month|year|mm|yy)?\b|\bmm ?\/ ?yy(yy)?\b|valid (thru|through)|ablaufdatum|vencimiento|date d'expiration|有效期|有効期限/i;
const IBAN_WORDS = /\biban\b/i;
const OTP_WORDS =
  /\botp\b|one.?time.?(code|pass(word|code)?|pin)|verification.?code|verify.?code|auth(entication|enticator)?.?code|security.?code|\b2fa\b|two.?factor|\bmfa\b|\btotp\b|sms.?code|c[oó]digo de verificaci[oó]n|bestätigungscode|code de (vérification|confirmation)|验证码|驗證碼|認証コード|確認コード/i;
const API_KEY_WORDS =
  /api.?(key|token|secret)|access.?(key|token)|secret.?(key|access)?|client.?secret|private.?key|auth.?token|bearer|personal.?access.?token/i;

/** Every pattern above, for fingerprints of the code that classifies fields (the facts cache). */
export const FIELD_PATTERNS: readonly RegExp[] = [
  PASSWORD_WORDS,
  CARD_NUMBER_WORDS,
  CARD_CODE_WORDS,
  CARD_EXPIRY_WORDS,
  IBAN_WORDS,
  OTP_WORDS,
  API_KEY_WORDS,
];

function texts(field: FieldDescriptor): { label: string; text: string }[] {
  const result: { label: string; text: string }[] = [];
  if (field.elementName) result.push({ label: "name", text: field.elementName });
  if (field.id) result.push({ label: "id", text: field.id });
  if (field.placeholder) result.push({ label: "placeholder", text: field.placeholder });
  if (field.name) result.push({ label: "label", text: field.name });
  return result;
}

function matchText(field: FieldDescriptor, pattern: RegExp): string | null {
  for (const { label, text } of texts(field)) {
    // Treat camelCase and snake_case names as words: cardNumber → card Number, card_number → card number.
    const spaced = text.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ");
    const match = pattern.exec(spaced);
    if (match) return `${label}:${match[0].trim().toLowerCase()}`;
  }
  return null;
}

const TEXT_ENTRY_TYPES = new Set([
  null,
  "text",
  "password",
  "tel",
  "number",
  "email",
  "search",
  "url",
  "month",
  "textarea",
  "select",
]);

/**
 * Classifies a form field as a password, card, one-time-code or API-key field, or not sensitive.
 * `cardContext` says whether the field sits in a form that also has a card-number field, which is what
 * makes a bare "expiry" or "security code" a card field rather than something else.
 */
export function classifyField(field: FieldDescriptor, cardContext = false): FieldSensitivity | null {
  const tag = field.tag.toLowerCase();
  if (tag !== "input" && tag !== "textarea" && tag !== "select") return null;
  const type = tag === "input" ? (field.inputType ?? "text").toLowerCase() : tag;
  if (!TEXT_ENTRY_TYPES.has(type)) return null;
  const autocomplete = (field.autocomplete ?? "").toLowerCase();
  const tokens = autocomplete.split(/\s+/);

  if (type === "password") return { kind: "password", evidence: "type=password" };
  if (tokens.includes("current-password") || tokens.includes("new-password"))
    return {
      kind: "password",
      evidence: `autocomplete=${tokens.find((token) => token.endsWith("password"))}`,
    };
  const ccToken = tokens.find((token) => token.startsWith("cc-"));
  if (ccToken) return { kind: "card", evidence: `autocomplete=${ccToken}` };
  if (tokens.includes("one-time-code"))
    return { kind: "one_time_code", evidence: "autocomplete=one-time-code" };

  const cardNumber = matchText(field, CARD_NUMBER_WORDS);
  if (cardNumber) return { kind: "card", evidence: cardNumber };
  const iban = matchText(field, IBAN_WORDS);
  if (iban) return { kind: "card", evidence: iban };
  const cardCode = matchText(field, CARD_CODE_WORDS);
  if (cardCode) return { kind: "card", evidence: cardCode };
  if (cardContext) {
    const expiry = matchText(field, CARD_EXPIRY_WORDS);
    if (expiry) return { kind: "card", evidence: expiry };
    const securityCode = matchText(field, /security.?code/i);
    if (securityCode) return { kind: "card", evidence: securityCode };
  }
  const otp = matchText(field, OTP_WORDS);
  if (otp) return { kind: "one_time_code", evidence: otp };
  const password = matchText(field, PASSWORD_WORDS);
  // "Password hint" or "password strength" fields hold no password.
  if (password && matchText(field, /password.?(hint|strength|reminder)/i) === null)
    return { kind: "password", evidence: password };
  const apiKey = matchText(field, API_KEY_WORDS);
  if (apiKey) return { kind: "api_key", evidence: apiKey };
  return null;
}

/** True when a field is a card-number field: the context that makes expiry and code fields card fields. */
export function isCardNumberField(field: FieldDescriptor): boolean {
  const autocomplete = (field.autocomplete ?? "").toLowerCase();
  return /\bcc-number\b/.test(autocomplete) || matchText(field, CARD_NUMBER_WORDS) !== null;
}
