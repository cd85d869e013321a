/**
 * Values a text names, read the same way from a task and from what sits beside a control, so the two can
 * be compared: numbers, e-mail addresses, months, weekdays and IPv4 addresses.
 */
import { normaliseText } from "./text-features.js";

/** Numbers of three or more digits in a text (invoice numbers, amounts, ids), normalised. */
export function numbersIn(text: string | null | undefined): Set<string> {
  const found = new Set<string>();
  if (!text) return found;
  for (const match of normaliseText(text).matchAll(/\d[\d.,]*\d|\d/g)) {
    const digits = match[0].replace(/[.,](?=\d{3}\b)/g, "").replace(/,/g, ".");
    if (digits.replace(/\D/g, "").length >= 3) found.add(digits);
  }
  return found;
}

export function emailsIn(text: string | null | undefined): Set<string> {
  const found = new Set<string>();
  if (!text) return found;
  for (const match of normaliseText(text).matchAll(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu))
    found.add(match[0]);
  return found;
}

// Month names in the languages the action classes cover, and their usual abbreviations (read only next
// to a day number: "May" and "mar" are also words).
const MONTH_NAMES: readonly string[][] = [
  ["january", "januar", "enero", "janvier", "gennaio", "januari", "janeiro", "jänner"],
  ["february", "februar", "febrero", "février", "febbraio", "februari", "fevereiro"],
  ["march", "märz", "marzo", "mars", "maart", "março"],
  ["april", "abril", "avril", "aprile"],
  ["may", "mai", "mayo", "maggio", "mei", "maio"],
  ["june", "juni", "junio", "juin", "giugno", "junho"],
  ["july", "juli", "julio", "juillet", "luglio", "julho"],
  ["august", "agosto", "août", "augustus"],
  ["september", "septiembre", "septembre", "settembre", "setembro"],
  ["october", "oktober", "octubre", "octobre", "ottobre", "outubro"],
  ["november", "noviembre", "novembre", "novembro"],
  ["december", "dezember", "diciembre", "décembre", "dicembre", "dezembro"],
];
// Each name to the 1-based position of its list.
const positionOf = (lists: readonly string[][]): Map<string, number> =>
  new Map(lists.flatMap((names, index) => names.map((name): [string, number] => [name, index + 1])));
const MONTH_OF = positionOf(MONTH_NAMES);
const MONTH_ABBREVIATIONS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
];
const MONTH_ABBREVIATION = MONTH_ABBREVIATIONS.join("|");
// "3 Sept.", "Mar 3": an abbreviation as a whole word next to a day, never the start of a longer word.
const MONTH_NEXT_TO_DAY = new RegExp(
  String.raw`\b(\d{1,2})\.?\s*(${MONTH_ABBREVIATION})(?:t\b)?\.?(?!\p{L})|\b(${MONTH_ABBREVIATION})(?:t\b)?\.?\s*(\d{1,2})\b`,
  "gu",
);
const WEEKDAY_NAMES: readonly string[][] = [
  ["monday", "montag", "lunes", "lundi", "lunedì", "maandag", "mon"],
  ["tuesday", "dienstag", "martes", "mardi", "martedì", "dinsdag", "tue", "tues"],
  ["wednesday", "mittwoch", "miércoles", "mercredi", "mercoledì", "woensdag", "wed"],
  ["thursday", "donnerstag", "jueves", "jeudi", "giovedì", "donderdag", "thu", "thur", "thurs"],
  ["friday", "freitag", "viernes", "vendredi", "venerdì", "vrijdag", "fri"],
  ["saturday", "samstag", "sábado", "samedi", "sabato", "zaterdag", "sat"],
  ["sunday", "sonntag", "domingo", "dimanche", "domenica", "zondag", "sun"],
];
// "On Fridays", "freitags", "vrijdags": the full names that end in -day/-tag/-dag also take an -s.
const WEEKDAY_OF = positionOf(
  WEEKDAY_NAMES.map((names) => [
    ...names,
    ...names.filter((name) => /(day|tag|dag)$/.test(name)).map((name) => `${name}s`),
  ]),
);

/** The positions of the words of a text that `names` knows, except the word `skip`. */
function namedIn(
  text: string | null | undefined,
  names: ReadonlyMap<string, number>,
  skip?: string,
): Set<number> {
  const found = new Set<number>();
  if (!text) return found;
  for (const match of normaliseText(text).matchAll(/\p{L}+/gu)) {
    const position = names.get(match[0]);
    if (position !== undefined && match[0] !== skip) found.add(position);
  }
  return found;
}

/** The months a text names: by name, by abbreviation next to a day, or in an ISO date. */
export function monthsIn(text: string | null | undefined): Set<number> {
  // "may" alone is usually the verb; it counts next to a day number.
  const found = namedIn(text, MONTH_OF, "may");
  if (!text) return found;
  const normal = normaliseText(text);
  for (const match of normal.matchAll(MONTH_NEXT_TO_DAY)) {
    const abbreviation = match[2] ?? match[3];
    if (abbreviation) found.add(MONTH_ABBREVIATIONS.indexOf(abbreviation) + 1);
  }
  for (const match of normal.matchAll(/\b20\d\d-(0[1-9]|1[0-2])-\d\d\b/g)) found.add(Number(match[1]));
  return found;
}

/** The weekdays a text names. */
export function weekdaysIn(text: string | null | undefined): Set<number> {
  return namedIn(text, WEEKDAY_OF);
}

/** IPv4 addresses and ranges in a text, as written ("203.0.113.7", "10.0.0.0/8"). */
export function addressesIn(text: string | null | undefined): Set<string> {
  const found = new Set<string>();
  if (!text) return found;
  for (const match of text.matchAll(/\b\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?\b|(?<![\w:])::\/0\b/g))
    found.add(match[0]);
  return found;
}

/**
 * An address range that means "everyone": 0.0.0.0/0, ::/0, or a whole value of `*`, "anywhere" or
 * "everyone" (a message that merely says "anywhere" is not one).
 */
export function opensToEveryone(value: string | null | undefined): boolean {
  return /(^|[^\d.])0\.0\.0\.0\/0\b|(^|[^\w:])::\/0\b|^\s*(?:\*|anywhere|everyone)\s*$/i.test(value ?? "");
}
