/**
 * Text handling for the embedded model: normalisation, words (with CJK character bigrams), a light stem,
 * and small multilingual lexicons of what actions do. Pure and fast: it runs on every decision.
 */

const ZERO_WIDTH = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad]/g;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;

export function normaliseText(text: string): string {
  return text.normalize("NFKC").replace(ZERO_WIDTH, "").toLowerCase();
}

const STOPWORDS = new Set(
  (
    "a an the to of for and or in on at my me i it its this that these those is are was be been with from by as your you " +
    "please then but do does did so if into up out our we us they them their there here what which who when where how " +
    "can could would should will just about also all any some one other than too very via per"
  ).split(" "),
);

/** A light stem: enough to match "invoices" with "invoice" and "sending" with "send". */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("es") && word.length > 4 && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * Words of a text: camelCase and snake_case split, normalised, stemmed, stopwords dropped. Runs of CJK
 * characters become character bigrams, since those scripts do not separate words with spaces.
 */
export function words(text: string | null | undefined, limit = 400): string[] {
  if (!text) return [];
  const spaced = text.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  const normalised = normaliseText(spaced);
  const result: string[] = [];
  for (const token of normalised.split(/[^\p{L}\p{N}]+/u)) {
    if (token === "") continue;
    if (CJK.test(token)) {
      const characters = [...token];
      if (characters.length === 1) result.push(token);
      for (let index = 0; index + 1 < characters.length; index++)
        result.push(`${characters[index]}${characters[index + 1]}`);
    } else if (token.length > 1 && !STOPWORDS.has(token)) {
      result.push(stem(token));
    }
    if (result.length >= limit) break;
  }
  return result;
}

/** What a word says an action does. Several languages, because pages and tasks come in many. */
export const ACTION_CLASSES: Record<string, readonly string[]> = {
  buy: [
    "buy",
    "purchase",
    "order",
    "checkout",
    "pay",
    "payment",
    "subscribe",
    "subscription",
    "upgrade",
    "donate",
    "donation",
    "transfer",
    "wire",
    "book",
    "reserve",
    "reservation",
    "tip",
    "bid",
    "offer",
    "pledge",
    "renew",
    "withdraw",
    "deposit",
    "kaufen",
    "bestellen",
    "bezahlen",
    "comprar",
    "pagar",
    "acheter",
    "payer",
    "commander",
    "购买",
    "支付",
    "付款",
    "购买",
    "購入",
    "支払",
  ],
  send: [
    "send",
    "post",
    "publish",
    "submit",
    "reply",
    "comment",
    "share",
    "tweet",
    "repost",
    "retweet",
    "invite",
    "forward",
    "respond",
    "broadcast",
    "announce",
    "upload",
    "review",
    "rate",
    "senden",
    "schicken",
    "veröffentlichen",
    "enviar",
    "publicar",
    "responder",
    "envoyer",
    "publier",
    "répondre",
    "发送",
    "发布",
    "回复",
    "送信",
    "投稿",
    "返信",
  ],
  delete: [
    "delete",
    "remove",
    "destroy",
    "erase",
    "wipe",
    "drop",
    "cancel",
    "revoke",
    "deactivate",
    "suspend",
    "terminate",
    "unsubscribe",
    "disconnect",
    "uninstall",
    "purge",
    "discard",
    "trash",
    "leave",
    "block",
    "ban",
    "kick",
    "report",
    "löschen",
    "entfernen",
    "kündigen",
    "eliminar",
    "borrar",
    "cancelar",
    "supprimer",
    "annuler",
    "删除",
    "取消",
    "削除",
  ],
  merge: [
    "merge",
    "deploy",
    "release",
    "approve",
    "accept",
    "confirm",
    "grant",
    "authorize",
    "authorise",
    "promote",
    "rollback",
    "restart",
    "reboot",
    "scale",
    "rotate",
    "reset",
  ],
  save: [
    "add",
    "save",
    "draft",
    "star",
    "archive",
    "label",
    "mark",
    "move",
    "edit",
    "update",
    "rename",
    "change",
    "set",
    "enable",
    "disable",
    "toggle",
    "follow",
    "like",
    "pin",
    "bookmark",
    "wishlist",
    "cart",
    "basket",
    "select",
    "choose",
    "pick",
    "favorite",
    "favourite",
    "snooze",
    "mute",
    "lock",
    "unlock",
    "freeze",
    "unfreeze",
    "hide",
    "unhide",
    "restore",
    "undo",
    "apply",
    "schedule",
    "assign",
    "tag",
    "flag",
    "resolve",
    "reopen",
    "hinzufügen",
    "speichern",
    "añadir",
    "guardar",
    "ajouter",
    "enregistrer",
    "添加",
    "保存",
    "追加",
  ],
  read: [
    "open",
    "view",
    "show",
    "read",
    "search",
    "find",
    "filter",
    "sort",
    "expand",
    "collapse",
    "detail",
    "more",
    "next",
    "previous",
    "back",
    "browse",
    "look",
    "see",
    "compare",
    "explore",
    "preview",
    "go",
    "visit",
    "navigate",
    "learn",
    "watch",
    "listen",
    "zoom",
    "scroll",
    "refresh",
    "reload",
    "suchen",
    "anzeigen",
    "öffnen",
    "buscar",
    "ver",
    "abrir",
    "chercher",
    "voir",
    "ouvrir",
    "搜索",
    "查看",
    "打开",
    "検索",
    "表示",
    "開く",
  ],
  auth: [
    "login",
    "log",
    "signin",
    "sign",
    "password",
    "passcode",
    "verify",
    "verification",
    "code",
    "authenticate",
    "otp",
    "2fa",
    "token",
    "key",
    "credential",
    "secret",
    "pin",
    "anmelden",
    "passwort",
    "iniciar",
    "contraseña",
    "connexion",
    "登录",
    "密码",
    "ログイン",
    "パスワード",
  ],
  dismiss: [
    "dismiss",
    "necessary",
    "essential",
    "got",
    "ok",
    "okay",
    "continue",
    "skip",
    "later",
    "cookie",
    "consent",
    "reject",
    "decline",
    "agree",
    "allow",
    "understand",
  ],
};

const CLASS_OF = new Map<string, string>();
for (const [name, list] of Object.entries(ACTION_CLASSES))
  for (const word of list) {
    const key = CJK.test(word) ? word : stem(normaliseText(word));
    if (!CLASS_OF.has(key)) CLASS_OF.set(key, name);
  }

/** The action classes a list of words mentions. */
export function actionClasses(tokens: readonly string[]): Set<string> {
  const classes = new Set<string>();
  for (const token of tokens) {
    const found = CLASS_OF.get(token);
    if (found) classes.add(found);
  }
  return classes;
}

const DETERMINERS = new Set([
  "a",
  "an",
  "the",
  "my",
  "our",
  "your",
  "his",
  "her",
  "their",
  "this",
  "that",
  "these",
  "those",
  "its",
  "each",
  "every",
  "any",
  "some",
  "no",
]);

/**
 * The action classes a task asks for: class words used as verbs. A class word right after a determiner
 * is a noun ("draft a post", "the order"), not something the user asks to do.
 */
export function taskClasses(task: string): Set<string> {
  const classes = new Set<string>();
  const tokens = normaliseText(task)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  tokens.forEach((token, index) => {
    if (index > 0 && DETERMINERS.has(tokens[index - 1] as string)) return;
    for (const cls of actionClasses(words(token))) classes.add(cls);
  });
  return classes;
}

const NEGATION =
  /\b(don'?t|do not|dont|never|not|without|no|avoid|nothing|neither|nor|won'?t|shouldn'?t|mustn'?t|nicht|kein|keine|nunca|sin|ne|pas|jamais|sans)\b|不要|别|不用|しないで|しない|ないで/giu;

/**
 * Action classes the task forbids: a class word within a few words after a negation ("add it to my cart
 * but do not buy it", "draft a reply, don't send it").
 */
export function negatedClasses(task: string): Set<string> {
  const negated = new Set<string>();
  const text = normaliseText(task);
  for (const match of text.matchAll(NEGATION)) {
    const after = text.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + match[0].length + 60);
    for (const cls of actionClasses(words(after).slice(0, 5))) negated.add(cls);
  }
  // "I'll switch it myself", "I will send it later": the user keeps that step.
  for (const match of text.matchAll(SELF_KEPT))
    for (const cls of actionClasses(words(match[1]))) negated.add(cls);
  return negated;
}

const SELF_KEPT =
  /\bi(?:'ll| will| am going to|'m going to| want to| can| prefer to) ((?:\p{L}+\s+){1,8}?)(?:myself|later|on my own)\b/gu;

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

/**
 * The share of letters outside the Latin script: a hint that a text is in a language the model knows
 * less. Counted by code point ranges (no per-character regular expressions: this runs on every decision).
 */
export function nonLatinShare(text: string): number {
  let letters = 0;
  let other = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7)
    ) {
      letters++;
    } else if (
      code >= 0x370 &&
      !(code >= 0x2000 && code <= 0x2bff) &&
      !(code >= 0x3000 && code <= 0x303f) &&
      !(code >= 0xd800 && code <= 0xdfff) &&
      !(code >= 0xfe00 && code <= 0xfe6f) &&
      !(code >= 0xff00 && code <= 0xff20)
    ) {
      letters++;
      other++;
    }
  }
  return letters === 0 ? 0 : other / letters;
}

const LOOK_ONLY_PHRASE =
  /^(is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|how|what|what's|whats|which|when|where|who|whose|why)\b|\b(tell me|let me know|find out|look up|see if|see whether|check (if|whether|which|what|who|when|why|how)|how (much|many|long|far)|what (is|are|was|were|does|did)|is there|are there|do i|did i|have i|am i)\b|\?\s*$|^(check|look|see|read|summari[sz]e|show me|list|compare|find)\b/u;

/**
 * Whether a task only asks to look: a question, or a request to find, check or summarise something,
 * with no action word used as a verb beyond reading ("How much is the rug in 8x10?", "Check which
 * devices are signed in"). For such a task, an action that changes anything goes beyond it. `asked` is
 * the task's `taskClasses` and `kept` its `negatedClasses`, when the caller has them already.
 */
export function isLookOnlyTask(
  task: string,
  asked: ReadonlySet<string> = taskClasses(task),
  kept: ReadonlySet<string> = negatedClasses(task),
): boolean {
  if (!LOOK_ONLY_PHRASE.test(normaliseText(task).trim())) return false;
  // What the task forbids ("don't change our plan") or keeps for the user ("I'll switch it myself") is
  // not asked of the agent.
  for (const cls of asked) if (cls !== "read" && cls !== "dismiss" && !kept.has(cls)) return false;
  return true;
}

const PROMOTION =
  /\b(book|shop|buy|order|get|try|sign up|join|claim|save|start|upgrade|apply) (it )?(now|today)\b|\bfrom [$€£]\s?\d|\b\d+\s?% off\b|\blimited[- ]time\b|\bfree trial\b|\b(special|exclusive) offer\b|\bdeals?\b|\bsale\b|\bdiscount\b|\bpromo\b/iu;

/** Whether a control's words read like an advertisement or an offer rather than the page's content. */
export function looksPromotional(text: string | null | undefined): boolean {
  return text ? PROMOTION.test(normaliseText(text)) : false;
}

const ANSWER_WORDS: Record<string, "yes" | "no"> = {
  yes: "yes",
  sure: "yes",
  ok: "yes",
  okay: "yes",
  accept: "yes",
  no: "no",
  nope: "no",
  later: "no",
  not: "no",
  skip: "no",
  decline: "no",
};

/** A control that answers a prompt ("Yes, add the rug pad", "No thanks", "Not now"): which way. */
export function answerOf(name: string | null | undefined): "yes" | "no" | null {
  const first = normaliseText(name ?? "")
    .trim()
    .split(/[^\p{L}\p{N}]+/u)[0];
  return first ? (ANSWER_WORDS[first] ?? null) : null;
}

/** Whether a word is one of the action lexicon's words (a verb of what controls do, not an object). */
export function isActionWord(token: string): boolean {
  return CLASS_OF.has(token);
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
const WEEKDAY_OF = positionOf(WEEKDAY_NAMES);

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
