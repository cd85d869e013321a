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
    "reveal",
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
    "auth",
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

// Phrases a task uses for a verb the control names in one word: "get rid of" the card → Remove, "call off"
// the visit → Cancel, "let Priya know" → Send.
const TASK_PHRASES: [RegExp, string][] = [
  [/\bget(?:ting)? rid of\b/g, "remove"],
  [/\bdo(?:ing)? away with\b/g, "remove"],
  // "call that order off", "call Thursday's visit off": up to four words between.
  [/\bcall(?:ing|ed)? (?:[\p{L}\p{N}'’]+ ){0,4}?off\b/gu, "cancel"],
  // Before "sign" counts as signing in: "Ines signed off on the PR" approves it.
  [/\bsign(?:s|ed|ing)? off(?: on)?\b/g, "approve"],
  [/\b(?:give|gave|giving) (?:it |this |that )?the go[ -]ahead\b/g, "approve"],
  // Slang for deleting, as verbs (a determiner before "bin" makes it a noun, see taskClasses).
  [/\b(?:kill|ditch|scrap|nix|axe|junk|toss|bin|zap|dump)(?:s|ed|ped|bed|ing|ping|bing)?\b/g, "delete"],
  [/\bshut(?:ting)? (?:it |them )?down\b/g, "terminate"],
  // "turn the weekly digest off"; not "switch to the plan on Monday".
  [
    /\b(?:turn|switch)(?:s|ed|ing)? (?:(?!to\b|into\b|from\b|over\b)[\p{L}\p{N}'’]+ ){0,4}?off\b/gu,
    "disable",
  ],
  [/\b(?:turn|switch)(?:s|ed|ing)? (?:(?!to\b|into\b|from\b|over\b)[\p{L}\p{N}'’]+ ){0,4}?on\b/gu, "enable"],
  // A leaked key or token is "rolled": rotated.
  [
    /\broll(?:s|ed|ing)? (?:it|them|(?:the|that|this|my|our) (?:[\p{L}\p{N}-]+ )?(?:key|token|secret|credential|password)s?)\b/gu,
    "rotate",
  ],
  [/\b(?:push|put|make|set)(?:s|ing)? (?:it |this |that |them )?live\b/g, "publish"],
  [/\bgo(?:es)? live\b/g, "publish"],
  [
    /\b(?:reach(?:ing)? out to|get(?:ting)? back to|write back to|drop (?:\p{L}+ )?a (?:line|note))\b/gu,
    "reply",
  ],
  [/\bcash(?:ing)? out\b/g, "withdraw"],
  [/\btop(?:ping)? (?:it |(?:my|the|our) \p{L}+ )?up\b/gu, "pay"],
  [/\bclear(?:ing)? (?:it |them )?out\b/g, "delete"],
  [/\btake (?:it |them )?away\b/g, "remove"],
  [/\blet \p{L}+ know\b/gu, "send"],
  [/\bsort(?:ing)? out the payment\b/g, "pay"],
];

/**
 * The action classes a task asks for: class words used as verbs. A class word right after a determiner
 * is a noun ("draft a post", "the order"), not something the user asks to do.
 */
export function taskClasses(task: string): Set<string> {
  const classes = new Set<string>();
  let phrased = normaliseText(task);
  for (const [phrase, verb] of TASK_PHRASES) phrased = phrased.replace(phrase, ` ${verb} `);
  const tokens = phrased.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
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
