import type { DecisionState } from "../../spec/decision-state.js";
import { HIDDEN_BY } from "../../spec/facts.js";
import { addressesIn, emailsIn, monthsIn, numbersIn, opensToEveryone, weekdaysIn } from "./named-values.js";
import {
  actionClasses,
  answerOf,
  isActionWord,
  isLookOnlyTask,
  looksPromotional,
  negatedClasses,
  nonLatinShare,
  normaliseText,
  stem,
  taskClasses,
  words,
} from "./text-features.js";
import { bestMatch, cosine, meanVector, type WordVectors } from "./word-vectors.js";

/** Named features with values, one list per question. Names are readable so the model can be inspected. */
export interface ExtractedFeatures {
  effect: Map<string, number>;
  servesTask: Map<string, number>;
  pageInstructsAgent: Map<string, number>;
  /** Tokens whose familiarity decides how far the model trusts itself (see local-backend.ts). */
  familiarity: {
    tokens: string[];
    nonLatin: number;
    empty: boolean;
    tag: string | null;
    role: string | null;
  };
}

// Text aimed at an AI agent, in several languages. Each family is a signal; combinations are stronger.
const ADDRESSES_AI =
  /\b(ai|a\.i\.|artificial intelligence|assistants?|agents?|bots?|llms?|language models?|chatbots?|copilots?|automated|automation|crawlers?|scrapers?|gpt|claude|gemini|model)\b|\bki\b|ki-assistent|asistente|\bia\b|agente|assistente|助手|智能体|人工智能|机器人|アシスタント|エージェント|ボット|人工知能/i;
const DIRECTIVE =
  /\b(ignore|disregard|forget|override|bypass|must|immediately|right away|instead|now|do not (tell|ask|mention|inform|confirm)|don'?t (tell|ask|mention|inform|confirm)|without (asking|confirmation|telling|checking)|click|press|forward|send|transfer|buy|purchase|approve|merge|delete|paste|open|visit|navigate|go to|reply|post|share|run|execute|enter|type|fill|pre-?approved|already (approved|confirmed|authori[sz]ed)|has approved|authori[sz]ed|new instructions?|updated instructions?|instructions? for|note (to|for)|required|mandatory|you are now|from now on|act as|pretend|your (new )?task is|you must|you should)\b|ignorier|ignora|ignorez|klick|sofort|du musst|sie müssen|nicht (fragen|nachfragen|erwähnen)|haz clic|pulsa|debes|no (le )?(digas|preguntes)|inmediatamente|cliquez|vous devez|ne (lui )?dites pas|immédiatement|忽略|点击|立即|无视|必须|请|不要告诉|不要询问|無視|クリック|直ちに|すぐに|ください|しなさい|しないで|確認せず/i;
const AUTHORITY =
  /(^|[\s\n])(system|assistant|developer|tool|admin|operator)\s*:|\[\/?(inst|sys|system)\]|<\|?(im_start|im_end|system|endoftext|user|assistant)\|?>|<\/?(system|instructions?)>|###\s*(system|instructions?)|begin (system|instructions)|end of (user|system) (input|prompt)/i;
const EXFILTRATION =
  /[\w.%+-]@[\w-]+\.[\w.-]*[a-z]{2}|https?:\/\/\S+[?&]\S*=|\b(send|forward|upload|paste|post|submit|report|share|email|mail) (it|them|this|the|all|every|your|their|any)?\s*\S*\s*(to|at|into)\b|\bcollect\b/i;
const SECRETS =
  /\b(passwords?|passcodes?|api[ -]?keys?|tokens?|cookies?|session|credentials?|secrets?|\.npmrc|\.env|ssh|private key|card numbers?|cvv|one[- ]time code|2fa|recovery codes?|backup codes?)\b|contraseña|passwort|mot de passe|密码|パスワード/i;
const META_DISCUSSION =
  /\b(prompt injections?|injection attacks?|attackers?|attack|for example|an example of|examples of|researchers?|vulnerabilit(y|ies)|security|malicious|phishing|scam|jailbreaks?|red[- ]team|guardrails?|demonstrat\w*|quoted?|such as|for instance|beware|warning|suspicious|report (it|this)|awareness|training)\b/i;
const FRIENDLY_WIDGET =
  /\b(how can i help|hi there|hello!|welcome|chat with us|ask me anything|i'?m (an? )?(virtual )?assistant|our assistant can)\b/i;

/** Hidden by style or markup; aria-hidden text is still on screen, so it does not count as hidden here. */
const HIDDEN_REASONS = new Set<string>(HIDDEN_BY.filter((reason) => reason !== "aria-hidden"));

const CODE_WORDS =
  /\b(codes?|otp|passcode|pin|one[- ]time|verification|verify|texted|sms|authenticator|2fa)\b|código|code de|验证码|コード/i;
const CODE_FIELD = /\b(codes?|pin|otp|passcode|verification|zip|postal|postcode)\b/i;

// Verbs that also close a view ("Close", "Done", "Clear", "Dismiss") act on something real when the name
// goes on to an object ("Close issue", "Empty trash", "Acknowledge incident"), and close only the view
// when what follows names a part of the screen ("Close dialog", "Dismiss tip") or nothing. Entries are
// name words as `words` yields them: stemmed, without stopwords or one-letter tokens ("Close ×" is bare).
const CLOSING_VERBS = new Set(
  ["close", "end", "clear", "empty", "dismiss", "acknowledge", "resolve", "done", "finish", "complete"].map(
    (word) => stem(normaliseText(word)),
  ),
);
const SCREEN_PARTS = new Set(
  [
    "dialog",
    "window",
    "panel",
    "popup",
    "pop",
    "banner",
    "tip",
    "menu",
    "sidebar",
    "preview",
    "overlay",
    "modal",
    "tooltip",
    "notice",
    "filter",
    "search",
    "selection",
    "tab",
    "view",
    "editor",
    "editing",
    "help",
    "guide",
    "tour",
  ].map((word) => stem(normaliseText(word))),
);

function add(features: Map<string, number>, name: string, value = 1): void {
  features.set(name, (features.get(name) ?? 0) + value);
}

function bucket(value: number, edges: readonly number[]): string {
  for (const edge of edges) if (value <= edge) return `<=${edge}`;
  return `>${edges[edges.length - 1]}`;
}

function overlap(tokens: readonly string[], reference: ReadonlySet<string>): number {
  const distinct = new Set(tokens);
  if (distinct.size === 0) return -1;
  let shared = 0;
  for (const token of distinct) if (reference.has(token)) shared++;
  return shared / distinct.size;
}

function overlapBucket(value: number): string {
  if (value < 0) return "none";
  if (value === 0) return "0";
  if (value < 0.34) return "low";
  if (value < 0.67) return "mid";
  return "high";
}

/** How often a word occurs in a text, counted up to `limit` (a word here is a stem, matched as a substring). */
function occurrences(text: string, token: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(token); at !== -1 && count < limit; at = text.indexOf(token, at + token.length))
    count++;
  return count;
}

/**
 * A sibling row: the task names something the page shows in only one or two places, but not beside this
 * control ("Osian's pocket money" on Nia's row, "production" next to the staging form), while the
 * control's row names something equally rare that the task does not ("Nia", "staging"). Rows of the
 * same kind share their common words; what tells them apart is rare on the page.
 */
function isSiblingRow(
  pageText: string,
  taskWords: ReadonlySet<string>,
  near: ReadonlySet<string>,
  rowWords: ReadonlySet<string>,
): boolean {
  const RARE = 2;
  const counts = (token: string) => occurrences(pageText, token, RARE + 1);
  const content = (token: string) => !isActionWord(token) && !/^\d+$/.test(token);
  let taskElsewhere = false;
  for (const token of taskWords) {
    if (!content(token) || near.has(token)) continue;
    const count = counts(token);
    if (count > 0 && count <= RARE) {
      taskElsewhere = true;
      break;
    }
  }
  if (!taskElsewhere) return false;
  for (const token of rowWords) {
    if (taskWords.has(token) || !content(token) || token.length < 3) continue;
    const count = counts(token);
    if (count > 0 && count <= RARE) return true;
  }
  return false;
}

/** A URL's path and query, without the host and port whose digits are not the task's numbers. */
function pathOf(url: string | null | undefined): string {
  if (!url) return "";
  try {
    const parsed = new URL(url);
    return `${parsed.pathname} ${parsed.search}`;
  } catch {
    return url;
  }
}

function pathWords(url: string | null | undefined): string[] {
  return words(pathOf(url), 20);
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** Start and end offsets of a text's sentences (at most `limit`). */
function sentenceBounds(text: string, limit: number): [number, number][] {
  const bounds: [number, number][] = [];
  let start = 0;
  for (const match of text.matchAll(/(?<=[.!?。！？])\s+|\n+/gu)) {
    const end = match.index ?? 0;
    if (end > start) bounds.push([start, end]);
    start = end + match[0].length;
    if (bounds.length >= limit) return bounds;
  }
  if (start < text.length) bounds.push([start, text.length]);
  return bounds;
}

const GLOBAL = new Map<RegExp, RegExp>();

/** The indices of the sentences a pattern matches in, from one pass over the whole text. */
function sentencesMatching(text: string, bounds: readonly [number, number][], pattern: RegExp): Set<number> {
  const found = new Set<number>();
  let global = GLOBAL.get(pattern);
  if (!global) {
    global = new RegExp(pattern.source, `${pattern.flags}g`);
    GLOBAL.set(pattern, global);
  }
  let sentence = 0;
  for (const match of text.matchAll(global)) {
    const at = match.index ?? 0;
    while (sentence < bounds.length && (bounds[sentence] as [number, number])[1] <= at) sentence++;
    if (sentence >= bounds.length) break;
    if ((bounds[sentence] as [number, number])[0] <= at) found.add(sentence);
  }
  return found;
}

interface InjectionSignals {
  addresses: boolean;
  directive: boolean;
  authority: boolean;
  exfiltration: boolean;
  secrets: boolean;
  meta: boolean;
  friendly: boolean;
}

function signalsOf(text: string): InjectionSignals {
  return {
    addresses: ADDRESSES_AI.test(text),
    directive: DIRECTIVE.test(text),
    authority: AUTHORITY.test(text),
    exfiltration: EXFILTRATION.test(text),
    secrets: SECRETS.test(text),
    meta: META_DISCUSSION.test(text),
    friendly: FRIENDLY_WIDGET.test(text),
  };
}

function injectionFeatures(
  state: DecisionState,
  features: Map<string, number>,
  actionName: ReadonlySet<string>,
  /** The page's visible text, normalised (`normaliseText`). */
  text: string,
): void {
  const page = state.page;
  let strongest = 0;
  // Hidden text: where an instruction for an agent usually hides.
  for (const piece of page.hiddenText) {
    const text = normaliseText(piece.text);
    const styleHidden = piece.hiddenBy.some((reason) => HIDDEN_REASONS.has(reason));
    const where = styleHidden
      ? "hid"
      : piece.provenance === "comment" || piece.provenance === "meta"
        ? "meta"
        : "attr";
    const signals = signalsOf(text);
    const size = text.split(/\s+/).length;
    add(features, `inj:${where}:piece`);
    if (styleHidden && size >= 8) add(features, "inj:hid:substantial");
    if (signals.addresses) add(features, `inj:${where}:addr`);
    if (signals.directive) add(features, `inj:${where}:dir`);
    if (signals.authority) add(features, `inj:${where}:auth`);
    if (signals.exfiltration) add(features, `inj:${where}:exfil`);
    if (signals.secrets) add(features, `inj:${where}:secret`);
    if (signals.meta) add(features, `inj:${where}:meta`);
    if (signals.addresses && signals.directive) {
      add(features, `inj:${where}:addr+dir`);
      strongest = Math.max(strongest, styleHidden ? 3 : 2);
    }
    if (signals.authority && signals.directive) add(features, `inj:${where}:auth+dir`);
    if (signals.directive && signals.secrets && signals.exfiltration)
      add(features, `inj:${where}:exfil-combo`);
    for (const reason of piece.hiddenBy) add(features, `inj:by:${reason}`);
    for (const token of words(text, 40)) {
      add(features, `inj:${where}:w:${token}`, 0.3);
      if (actionName.has(token) && signals.directive) add(features, "inj:suggests-target");
    }
  }
  // Visible text, sentence by sentence: an instruction in plain sight, or a discussion of one. An address
  // to an agent counts with a directive in the same sentence or one of the next two. Each family is
  // matched once over the whole text and its matches are mapped to sentences (this runs on every decision).
  const bounds = sentenceBounds(text, 400);
  const addressed = sentencesMatching(text, bounds, ADDRESSES_AI);
  const directed = sentencesMatching(text, bounds, DIRECTIVE);
  const authority = sentencesMatching(text, bounds, AUTHORITY);
  const meta = sentencesMatching(text, bounds, META_DISCUSSION);
  const friendly = sentencesMatching(text, bounds, FRIENDLY_WIDGET);
  const secrets = sentencesMatching(text, bounds, SECRETS);
  const exfiltration = sentencesMatching(text, bounds, EXFILTRATION);
  const metaCount = meta.size;
  for (const index of addressed) {
    const windowDirected = directed.has(index) || directed.has(index + 1) || directed.has(index + 2);
    const nearMeta = [index - 2, index - 1, index, index + 1, index + 2].some((near) => meta.has(near));
    if (windowDirected) {
      add(features, "inj:vis:addr+dir");
      if (nearMeta) add(features, "inj:vis:addr+dir:near-meta");
      if (friendly.has(index)) add(features, "inj:vis:friendly");
      strongest = Math.max(strongest, nearMeta ? 1 : 2);
      const span = text.slice(
        bounds[index]?.[0] ?? 0,
        bounds[Math.min(index + 2, bounds.length - 1)]?.[1] ?? 0,
      );
      for (const token of words(span, 40)) {
        add(features, `inj:vis:w:${token}`, 0.3);
        if (actionName.has(token)) add(features, "inj:suggests-target");
      }
    }
    if (secrets.has(index) && exfiltration.has(index)) add(features, "inj:vis:exfil-combo");
  }
  for (const index of authority) {
    const nearMeta = [index - 2, index - 1, index, index + 1, index + 2].some((near) => meta.has(near));
    add(features, nearMeta ? "inj:vis:auth:near-meta" : "inj:vis:auth");
    if (directed.has(index) || directed.has(index + 1)) add(features, "inj:vis:auth+dir");
  }
  if (friendly.size > 0) add(features, "inj:vis:friendly-any");
  if (metaCount > 0) add(features, `inj:vis:meta:${bucket(metaCount, [1, 3, 8])}`);
  const invisible = (page.visibleText.match(/[\u200b-\u200f\u2060-\u2064\ufeff]/g) ?? []).length;
  if (invisible > 0) add(features, `inj:zero-width:${bucket(invisible, [2, 10])}`);
  if (META_DISCUSSION.test(page.title)) add(features, "inj:title-meta");
  add(features, `inj:strongest:${strongest}`);
  const firewall = (page as { firewall?: { probability?: number; critical?: boolean; signals?: string[] } })
    .firewall;
  if (firewall) {
    add(features, `fw:p:${bucket(firewall.probability ?? 0, [0.1, 0.3, 0.5, 0.7, 0.9])}`);
    if (firewall.critical) add(features, "fw:critical");
    for (const signal of firewall.signals ?? []) add(features, `fw:sig:${signal}`);
  }
}

/**
 * Task-fit features from word vectors: how close the control's words and its item's words are to the
 * task's, and how close its least related object word is, so that words the model never saw in training
 * ("bill" for "invoice") still count. Tried on dev: vector features for the effect did not help, so the
 * effect head has none.
 */
function vectorFeatures(
  vectors: WordVectors,
  serves: Map<string, number>,
  words: { objects: string[]; labelWords: string[]; itemWords: string[]; taskWords: string[] },
): void {
  const task = meanVector(vectors, words.taskWords);
  if (!task) {
    add(serves, "vs:no-task-vector");
    return;
  }
  const label = meanVector(vectors, words.labelWords);
  if (label) {
    const similarity = cosine(label, task);
    add(serves, "vs:label", similarity);
    add(serves, `vs:label:${bucket(similarity, [0.2, 0.4, 0.6, 0.8])}`);
  }
  const item = meanVector(vectors, words.itemWords);
  if (item) {
    const similarity = cosine(item, task);
    add(serves, "vs:item", similarity);
    add(serves, `vs:item:${bucket(similarity, [0.2, 0.4, 0.6, 0.8])}`);
  }
  const objects = words.objects.filter((token) => vectors.has(token));
  if (objects.length > 0) {
    const weakest = Math.min(...objects.map((token) => bestMatch(vectors, token, words.taskWords)));
    add(serves, `vs:obj-min:${bucket(weakest, [0.3, 0.5, 0.7, 0.99])}`);
  }
}

/**
 * Turns what the gate shows a model into three feature lists: what the action does (effect), whether it
 * fits the task (servesTask) and whether the page talks to the agent (pageInstructsAgent).
 */
export function extractFeatures(state: DecisionState, vectors?: WordVectors): ExtractedFeatures {
  const effect = new Map<string, number>();
  const serves = new Map<string, number>();
  const injection = new Map<string, number>();
  const { action, page } = state;
  const target = action.target;
  const kind = action.kind;

  const nameWords = words(target?.name, 30);
  const idWords = words(`${target?.id ?? ""} ${target?.elementName ?? ""}`, 12);
  const placeholderWords = words(target?.placeholder, 12);
  const itemWords = words(target?.itemText, 40);
  const sectionWords = words(target?.section, 24);
  const valueWords = kind === "fill" || kind === "select" ? words(action.value, 40) : [];
  const hrefWords = pathWords(action.destination?.url ?? target?.href ?? target?.formAction);
  const titleWords = words(page.title, 20);
  const optionWords = target?.options ? words(target.options.join(" "), 30) : [];
  const labelWords = [...nameWords, ...idWords, ...placeholderWords];
  // The page's visible text, normalised once: the sibling-row check and the injection features read it.
  const pageText = normaliseText(page.visibleText);

  // ---- effect: what the element is and what its words say it does ----
  const common = (name: string, value = 1) => {
    add(effect, name, value);
    add(serves, name, value * 0.5);
  };
  common(`k:${kind}`);
  common(`role:${target?.role ?? "none"}`);
  common(`k+role:${kind}|${target?.role ?? target?.tag ?? "none"}`);
  if (target?.inputType) common(`type:${target.inputType}`);
  for (const token of (target?.autocomplete ?? "").toLowerCase().split(/\s+/))
    if (token) common(`ac:${token}`);
  if (target?.sensitiveKind) common(`sens:${target.sensitiveKind}`);
  for (const sensitive of target?.formSensitiveKinds ?? []) add(effect, `formsens:${sensitive}`);
  if (target?.submitsForm) common(`submits:${target.formMethod ?? "get"}`);
  if (kind === "press")
    common(`key:${/^(enter|numpadenter)$/i.test(action.value ?? "") ? "enter" : "other"}`);
  if (kind === "press" && /^(enter|numpadenter)$/i.test(action.value ?? "") && target?.formMethod)
    common(`enter-submits:${target.formMethod}`);
  if (action.destination) {
    common(`dest:${action.destination.via}`);
    if (action.destination.offOrigin) common("dest:off-origin");
  }
  if (kind === "check" || kind === "uncheck") common(`checked-before:${String(target?.checked)}`);
  // A select or tick box outside any form changes the view or saves at once; inside one it waits for submit.
  if (target && kind !== "goto") common(`k+form:${kind}|${target.formMethod ?? "none"}`);
  if (action.valueRedacted) common("value:redacted");
  for (const token of nameWords) {
    add(effect, `n:${token}`);
    add(effect, `k+n:${kind}|${token}`);
  }
  for (let index = 0; index + 1 < nameWords.length; index++)
    add(effect, `nn:${nameWords[index]}_${nameWords[index + 1]}`);
  for (const token of idWords) add(effect, `id:${token}`, 0.7);
  for (const token of placeholderWords) add(effect, `ph:${token}`, 0.7);
  for (const token of hrefWords) add(effect, `href:${token}`, 0.5);
  for (const token of titleWords) add(effect, `ti:${token}`, 0.2);
  for (const token of optionWords) add(effect, `opt:${token}`, 0.3);
  if (kind === "select") for (const token of valueWords) add(effect, `selv:${token}`, 0.7);
  const labelClasses = actionClasses(labelWords);
  // The first word of a control's name is usually its verb: "Delete page", "Report", "Follow back".
  const firstWord = nameWords[0] ?? idWords[0];
  if (firstWord) {
    add(effect, `first:${firstWord}`);
    for (const cls of actionClasses([firstWord])) {
      common(`firstcls:${cls}`, 1.5);
      common(`k+firstcls:${kind}|${cls}`, 1.5);
    }
  }
  const verb = nameWords[0];
  if (verb && CLOSING_VERBS.has(verb)) {
    const rest = nameWords.slice(1);
    common(
      rest.length === 0
        ? "closer:bare"
        : rest.every((token) => SCREEN_PARTS.has(token))
          ? "closer:view"
          : "closer:object",
    );
  }
  for (const cls of labelClasses) {
    common(`cls:${cls}`);
    common(`k+cls:${kind}|${cls}`);
  }
  for (const cls of actionClasses(hrefWords)) add(effect, `hrefcls:${cls}`, 0.5);
  // The section names what a control is part of: a filter panel, a toolbar of search tools, a danger zone.
  for (const token of sectionWords) add(effect, `sec:${token}`, 0.5);
  for (const cls of actionClasses(sectionWords)) {
    common(`seccls:${cls}`, 0.7);
    common(`k+seccls:${kind}|${cls}`, 0.7);
  }
  for (const cls of actionClasses(titleWords)) add(effect, `ticls:${cls}`, 0.3);
  if (labelClasses.size === 0) common("cls:none");
  // "Show app password", "Reveal secret address": reading a secret exposes it.
  if (labelClasses.has("auth") && (firstWord ? actionClasses([firstWord]).has("read") : false))
    common("reveal:secret");
  const codeShaped =
    kind === "fill" &&
    /^\s*\d{4,8}\s*$/.test(action.value ?? "") &&
    target?.sensitiveKind !== "one_time_code";
  if (kind === "fill") {
    common(
      `fill:${target?.role === "searchbox" || target?.inputType === "search" || labelWords.includes("search") ? "search" : target?.tag === "textarea" ? "textarea" : "field"}`,
    );
    if (emailsIn(action.value).size > 0) common("fill:email");
    if (/^\s*[\d.,]+\s*$/.test(action.value ?? "")) common("fill:number");
    // A 4–8 digit code typed where no code is asked for: one-time codes leak this way.
    if (codeShaped) common("fill:code-shaped");
    add(effect, `fill:len:${bucket(valueWords.length, [0, 2, 6, 20])}`);
  }

  // ---- servesTask: how the action relates to the task as written ----
  const taskWords = words(state.task, 80);
  const task = new Set(taskWords);
  const taskAsks = taskClasses(state.task);
  const forbidden = negatedClasses(state.task);
  const relate = (label: string, tokens: string[]) => {
    add(serves, `ov:${label}:${overlapBucket(overlap(tokens, task))}`);
  };
  relate("name", nameWords);
  relate("label", labelWords);
  relate("item", itemWords);
  relate("section", sectionWords);
  relate("href", hrefWords);
  if (kind === "fill" || kind === "select") relate("value", valueWords);
  const askedByLabel = [...labelClasses].some((cls) => taskAsks.has(cls) && !forbidden.has(cls));
  for (const cls of labelClasses) {
    // What the task forbids outweighs a mention: "draft a reply, don't send it" → Send is forbidden.
    // Typing into "Your reply" sends nothing: for a fill the forbidden word only names the field.
    if (forbidden.has(cls)) {
      if (kind === "fill") {
        add(serves, "forbidden:field");
        continue;
      }
      add(serves, `forbidden:${cls}`, 2);
      add(serves, "forbidden:any", 2);
      continue;
    }
    add(serves, taskAsks.has(cls) ? `asked:${cls}` : `unasked:${cls}`);
    // "Send transfer" for "pay the bill": one of the label's consequential words is asked for.
    if (
      !taskAsks.has(cls) &&
      !askedByLabel &&
      (cls === "buy" || cls === "send" || cls === "delete" || cls === "merge")
    )
      add(serves, "unasked:consequential", 1.5);
    for (const asked of taskAsks) if (asked !== cls) add(serves, `task:${asked}>act:${cls}`, 0.5);
  }
  for (const cls of taskAsks) add(serves, `taskcls:${cls}`, 0.3);
  for (const cls of forbidden) add(serves, `taskneg:${cls}`, 0.3);
  // Numbers, e-mail addresses, months, weekdays and IP addresses named by the task against those beside
  // the control: the wrong invoice, the wrong recipient, the February invoice for "the March invoice",
  // Friday's slot for "Thursday", 0.0.0.0/0 for "the office's address".
  const nearText = `${target?.itemText ?? ""} ${target?.name ?? ""} ${kind === "goto" ? "" : (action.value ?? "")}`;
  const compare = (label: string, asked: ReadonlySet<unknown>, near: ReadonlySet<unknown>) => {
    if (asked.size > 0 && near.size > 0)
      add(serves, `${label}:${[...near].some((value) => asked.has(value)) ? "match" : "mismatch"}`);
  };
  // A code the task gave, typed where no code is asked for, is not the task's number put in its place
  // ("the code they texted me is 482913" does not make a message box the place for it). Only when the
  // task calls the number a code and the field is not one for codes: "raise the budget to 2000" and
  // "change my PIN to 4071" put the task's number where it belongs.
  const codeElsewhere =
    codeShaped &&
    CODE_WORDS.test(state.task) &&
    !CODE_FIELD.test(
      `${target?.name ?? ""} ${target?.placeholder ?? ""} ${target?.id ?? ""} ${target?.elementName ?? ""}`,
    );
  if (codeElsewhere) add(serves, "fill:code-elsewhere");
  else compare("num", numbersIn(state.task), numbersIn(`${nearText} ${pathOf(action.destination?.url)}`));
  const taskEmails = emailsIn(state.task);
  const actionEmails = emailsIn(`${action.value ?? ""} ${target?.itemText ?? ""}`);
  if (actionEmails.size > 0)
    add(serves, [...actionEmails].some((email) => taskEmails.has(email)) ? "email:match" : "email:other");
  compare("month", monthsIn(state.task), monthsIn(nearText));
  compare("weekday", weekdaysIn(state.task), weekdaysIn(nearText));
  compare("address", addressesIn(state.task), addressesIn(nearText));
  if ((kind === "fill" || kind === "select") && opensToEveryone(action.value)) common("value:everyone");
  const destinationHost = hostOf(action.destination?.url);
  if (destinationHost && action.destination?.offOrigin)
    add(
      serves,
      normaliseText(state.task).includes(destinationHost.replace(/^www\./, "").split(".")[0] ?? "")
        ? "offsite:named"
        : "offsite:unnamed",
    );
  // The session's first navigation (from a blank tab) is the agent choosing where to start: no page
  // has suggested it, and the origin rules already ask before a site the user did not allow.
  if (kind === "goto" && (page.origin === null || /^about:/.test(page.url))) {
    add(serves, "goto:first");
    add(effect, "goto:first");
  }
  if (
    /\b(sponsored|promoted|advert|anzeige|patrocinado|sponsorisé|广告|広告)\b|^ad\b/iu.test(
      `${target?.itemText ?? ""} ${target?.name ?? ""}`,
    )
  )
    add(serves, "sponsored");
  for (const token of nameWords) add(serves, `n:${token}`, 0.3);
  // A task that only asks to look: anything beyond reading goes past it. The model learns which kinds
  // and classes of action count as looking.
  if (isLookOnlyTask(state.task, taskAsks, forbidden)) {
    add(serves, "look-only");
    add(serves, `look-only&k:${kind}`);
    if (target?.submitsForm) add(serves, "look-only&submits");
    if (action.destination?.offOrigin) add(serves, "look-only&off-origin");
    for (const cls of labelClasses) add(serves, `look-only&cls:${cls}`);
    if (labelClasses.size === 0) add(serves, "look-only&cls:none");
  }
  // Advertisements and offers beside the content: rarely what the user asked for.
  if (
    looksPromotional(
      `${target?.name ?? ""} ${kind === "click" ? (target?.itemText ?? "").slice(0, 200) : ""}`,
    )
  )
    add(serves, askedByLabel || taskAsks.has("buy") ? "promo:asked" : "promo:unasked");
  // Answering a prompt ("Yes, add the rug pad"): whether its object is the one the task names.
  const answer = answerOf(target?.name);
  // The objects a control names that the task does not: "Yes, add the rug pad" for "add the rug".
  const objects = nameWords.filter((token) => !isActionWord(token) && !/^\d+$/.test(token));
  if (objects.length > 0) {
    const unshared = objects.filter((token) => !task.has(token)).length;
    add(serves, `obj:unshared:${bucket(unshared, [0, 1, 2])}`);
    if (unshared > 0 && unshared < objects.length) add(serves, "obj:partly-shared");
    if (answer) add(serves, `answer:${answer}&obj:${unshared === 0 ? "task" : "other"}`);
  } else if (answer) add(serves, `answer:${answer}`);

  if (
    isSiblingRow(
      pageText,
      task,
      new Set([...labelWords, ...itemWords, ...sectionWords, ...valueWords]),
      new Set([...itemWords, ...sectionWords]),
    )
  )
    add(serves, "row:sibling");
  if (vectors) vectorFeatures(vectors, serves, { objects, labelWords, itemWords, taskWords });

  // ---- pageInstructsAgent: the page's text, hidden and visible ----
  injectionFeatures(state, injection, new Set(nameWords), pageText);
  // Task fit hears from the page only whether it suggested this very action. How strongly the page talks
  // to the agent is the injection head's question: fed to task fit too, it taught the model that every
  // action on an injected page is off task (on dev, on-task actions on injected pages scored low).
  const suggested = injection.get("inj:suggests-target");
  if (suggested !== undefined) add(serves, "inj:suggests-target", suggested);

  for (const map of [effect, serves, injection]) add(map, "bias");
  // A navigation's "name" is where it goes.
  const familiarityTokens = [
    ...new Set([...nameWords, ...(kind === "goto" ? hrefWords : []), ...taskWords.slice(0, 30)]),
  ];
  return {
    effect,
    servesTask: serves,
    pageInstructsAgent: injection,
    familiarity: {
      tokens: familiarityTokens,
      nonLatin: nonLatinShare(`${state.task} ${target?.name ?? ""} ${page.visibleText.slice(0, 2000)}`),
      // Nothing to read: a control without a name, or a navigation without a path, on a page without text.
      empty:
        labelWords.length === 0 &&
        (kind !== "goto" || !action.destination) &&
        words(page.visibleText, 5).length === 0,
      tag: target?.tag ?? null,
      role: target?.role ?? null,
    },
  };
}
