import type { FirewallSignal } from "../spec/page-scan.js";
import { LOWER_CASE_CONFUSABLES } from "./text-normalisation.js";

/**
 * The patterns behind each signal, in English, Spanish, German, French, Chinese and Japanese, with
 * Portuguese, Italian, Dutch, Polish, Swedish, Danish, Norwegian, Czech, Turkish, Finnish, Hungarian, Russian, Ukrainian, Romanian and Greek for the commonest
 * ways of speaking to an agent. They run on normalised text (see text-normalisation.ts),
 * case-insensitively. Each pattern is one way a page speaks to an agent; the weights that turn matches
 * into a probability live in injection-detector.ts.
 *
 * Written and tuned on the team corpus's train and dev splits only.
 */

// Case-insensitive without the Unicode flag: V8 runs these an order of magnitude faster without it, and
// the patterns use no property escapes or astral characters.
const FLAGS = "i";

/** A word that names an AI system, in every language the catalog covers. */
const AI = String.raw`(?:ai|a\.i\.|llm|gpt|genai|ki|ia|chatbot|language[- ]model|sprachmodell|人工智能|人工知能|智能)`;
/** Someone an agent-addressed note may name. */
const AGENT_NOUN = `(?:assistant|agent|model|bot|reviewer|crawler|browser|scraper|copilot|system|helper|reader|tool)s?`;
const PARTICIPLE = String.raw`(?:reading|processing|browsing|visiting|viewing|operating|using|managing|handling|acting|helping|working|reviewing|summari[sz]ing|scanning|parsing|crawling|indexing|replying|editing|booking|shopping|answering|assisting|analy[sz]ing|accessing|looking\s+at|running|controlling|navigating|planning)`;
const HUMAN = String.raw`(?:user|customer|owner|account\s+(?:holder|owner)|patient|traveller|traveler|seller|buyer|attendee|member|client|admin(?:istrator)?|maintainers?|moderators?|manager|employer|principal|human|recipient|sender|parent|holder|organi[sz]er|host|landlord|tenant|guest|applicant|candidate|employee|staff|team|operator|person)`;
/** The person an account belongs to, in Swedish, Danish and Norwegian ("användaren", "ejeren"). */
const NORDIC_OWNER = "(?:anv[äa]ndaren|medlemmen|kunden|[äa]garen|brugeren|ejeren|brukeren|eieren)";
/** The same in Czech, in the genitive that "ask" takes ("uživatele", "zákazníka"). */
const CZECH_OWNER = "(?:u[žz]ivatele|z[áa]kazn[íi]ka|majitele)";
/**
 * Finnish names for an AI helper, with the case endings nouns take ("tekoälyavustajille", "agenteille",
 * "kielimallille"): a stem, the rest of the word is letters.
 */
const FINNISH_AGENT = String.raw`(?:(?:teko[äa]ly|ai|ki)[\s-]?)?(?:avustaj|assistent|agent|bot|kielimall)`;
/**
 * Hungarian names for an AI helper ("MI-asszisztenseknek", "ügynököknek", "AI asszisztens"): a stem, the
 * case ending follows.
 */
const HUNGARIAN_AGENT = String.raw`(?:(?:mi|ai|mesters[ée]ges\s+intelligencia)[\s-]?)?(?:asszisztens|asszisztenc|[üu]gyn[öo]k|bot|nyelvi\s+modell)`;
/** A word character, accented Latin letters included (Polish "ł", "ż", ...): \w alone misses them. */
const LETTER = String.raw`[\w\u00c0-\u024f]`;
/** A word start that also counts accented letters as letters (\b does not without the Unicode flag). */
const WORD_START = `(?<!${LETTER})`;
/** The end of a word that may end in an accented letter ("zatwierdź"): \b does not see one there. */
const WORD_END = `(?!${LETTER})`;
/**
 * Put after "never ask the customer": what follows is a thing asked *for* ("for their password", "to send
 * card details"), so the sentence is a rule against requesting data, as support scripts and security
 * advice give, not an instruction to skip asking for consent ("for confirmation" stays a claim).
 */
const NOT_ASKED_FOR_DATA = String.raw`(?!\s+(?:for\s+(?!(?:(?:their|his|her|the|an?|any|further|explicit)\s+)?(?:confirmation|permission|approval|consent|input|feedback|clarification|authori[sz]ation|go-ahead|ok|okay)\b)|to\s+(?:send|give|share|provide|type|enter|read|spell|e-?mail|disclose|hand|tell\s+you|write\s+down|post|upload)\b))`;
// A hyphen starts a sentence only as a dash or a list bullet, not inside a compound ("User-agent:").
const START = String.raw`(?:^|[.!?;:]\s+|\n|[\[(【「“"«—–]\s*|(?<![\w-])-\s*)`;
/**
 * Put after a note word ("note", "instructions", ...): it opens its sentence, after at most a few
 * determiners or adjectives ("An important note to ...", "Here is a message for ..."), so it is a label
 * and not a noun inside a description.
 */
const LABEL_OPENING = String.raw`(?<=${START}(?:(?:here\s+is|here['’]s|this\s+is|an?|the|this|these|one|some|my|our|important|urgent|special|additional|further|final|new|updated|following|private|quick|short|friendly|small|brief|kind|polite)\s+){0,4}[\w.]+)`;

/**
 * Letters that text-normalisation.ts folds to the Latin letter they imitate inside a word that mixes in
 * Latin letters ("AI-ассистент" becomes "AI-accиcтeнт") or is made only of look-alikes (Greek "αν" becomes
 * "av", "ΜΗΝ" becomes "MHN"). `foldable` turns each into a class that takes both, so a pattern matches the
 * text before and after folding. Written for plain words only (no classes or groups inside).
 */
function foldable(word: string): string {
  return [...word]
    .map((letter) =>
      LOWER_CASE_CONFUSABLES[letter] ? `[${letter}${LOWER_CASE_CONFUSABLES[letter]}]` : letter,
    )
    .join("");
}
/**
 * Greek vowels with and without their accent: text in capitals drops the accents ("ΣΗΜΕΙΩΣΗ"), and a
 * case-insensitive "ί" does not match "Ι". Applied to a whole Greek pattern, which writes accented
 * letters only in plain words (the letter classes below spell theirs as escapes).
 */
function accentFree(source: string): string {
  const plain: Record<string, string> = { ά: "α", έ: "ε", ή: "η", ί: "ι", ό: "ο", ύ: "υ", ώ: "ω" };
  return source.replace(/[άέήίόύώ]/g, (letter) => `[${letter}${plain[letter]}]`);
}
/** A Cyrillic letter (Russian and Ukrainian) or a word character: \w and \b do not see Cyrillic letters. */
const CYRILLIC_LETTER = String.raw`[\wа-яёіїєґ]`;
const CYRILLIC_START = `(?<!${CYRILLIC_LETTER})`;
const CYRILLIC_END = `(?!${CYRILLIC_LETTER})`;
/** "AI" in Russian ("ИИ") and Ukrainian ("ШІ"), or a chat bot ("чат-бот"). */
const CYRILLIC_AI = "(?:ии|ші|ai|чат)";
/** Russian and Ukrainian names for an AI helper ("ассистент", "помічник"): a stem, the case ending follows. */
const CYRILLIC_AGENT_STEM = `(?:${["ассистент", "асистент", "помощник", "помічник", "агент", "бот"].map(foldable).join("|")})`;
/** An AI helper named in Russian or Ukrainian: "ИИ-ассистентам", "ассистентов ИИ", "мовній моделі". */
const CYRILLIC_AGENT = String.raw`(?:${CYRILLIC_AI}[\s-]?${CYRILLIC_AGENT_STEM}${CYRILLIC_LETTER}*|${CYRILLIC_AGENT_STEM}${CYRILLIC_LETTER}*\s+(?:ии|ші|ai|на\s+(?:основе|базе)\s+ии|искусственного\s+интеллекта|штучного\s+інтелекту)${CYRILLIC_END}|(?:языков|мовн)${CYRILLIC_LETTER}*\s+модел${CYRILLIC_LETTER}*|(?:нейросет|нейромереж)${CYRILLIC_LETTER}*)`;
/** Russian and Ukrainian people an agent serves, as objects ("пользователя", "клієнтові"). */
const CYRILLIC_OWNER = "(?:пользовател|клиент|владельц|покупател|користувач|клієнт|власник|покупц)";
/** A Greek letter (accented ones included, as escapes) or a word character. */
const GREEK_LETTER = String.raw`[\w\u0390\u03ac-\u03ce]`;
const GREEK_START = `(?<!${GREEK_LETTER})`;
const GREEK_END = `(?!${GREEK_LETTER})`;
/** "AI" in Greek: "AI", "ΤΝ", "τεχνητής νοημοσύνης". */
const GREEK_AI = String.raw`(?:ai|${foldable("τν")}|τεχνητ${GREEK_LETTER}*\s+νοημοσύν${GREEK_LETTER}*)${GREEK_END}`;
/** Greek names for an AI helper ("βοηθούς AI", "AI πράκτορες", "γλωσσικό μοντέλο"). */
const GREEK_AGENT_NOUN = `(?:${foldable("βοηθ")}|πράκτορ|πρακτόρ|μοντέλ|chatbot|bot|μποτ)`;
const GREEK_AGENT = String.raw`(?:${GREEK_AI}[\s-]+${GREEK_AGENT_NOUN}${GREEK_LETTER}*|${GREEK_AGENT_NOUN}${GREEK_LETTER}*\s+(?:της\s+)?${GREEK_AI}|γλωσσικ${GREEK_LETTER}*\s+μοντέλ${GREEK_LETTER}*|μοντέλ${GREEK_LETTER}*\s+γλώσσας)`;
/** "AI" in Romanian ("asistenți AI", "agent IA", "de inteligență artificială"). */
const ROMANIAN_AI = String.raw`(?:ai|ia|(?:de\s+)?inteligen[tțţ][aă]\s+artificial[aă])${WORD_END}`;
/** Romanian names for an AI helper, any case ending ("asistenților AI", "agentului IA", "model de limbaj"). */
const ROMANIAN_AGENT = String.raw`(?:(?:asisten[tțţ]|agen[tțţ]|bo[tțţ]|chatbo[tțţ])${LETTER}*\s+(?:virtual${LETTER}*\s+)?${ROMANIAN_AI}|model${LETTER}*\s+(?:de\s+limbaj|lingvistic${LETTER}*))`;
/** Romanian people an agent serves ("utilizatorul", "clientului"). */
const ROMANIAN_OWNER = `(?:utilizator|client|proprietar|titular|cump[aă]r[aă]tor)${LETTER}*`;

/** Sources starting with `(?-i)` are compiled case-sensitively (shouting is in the letters' case). */
function compile(sources: string[]): RegExp[] {
  return sources.map((source) =>
    source.startsWith("(?-i)") ? new RegExp(source.slice(5), "") : new RegExp(source, FLAGS),
  );
}

/** Signals found by patterns alone (exfiltration needs a destination and a verb; the rest are not text). */
export type PatternSignal = Exclude<
  FirewallSignal,
  "hidden_substance" | "invisible_characters" | "exfiltration"
>;

/**
 * Weaker ways of naming the agent: a chat role tag (`Assistant:`) or a persona (`you are the helpdesk
 * assistant`), which assistant documentation and chat widgets also show. Reported as `agent_address`,
 * weighted less.
 */
export const WEAK_AGENT_ADDRESS: RegExp[] = compile([
  // "instructions for the model" inside a sentence: the strong patterns take it only as a label (see
  // LABEL_OPENING); a definition in developer documentation says the same words mid-sentence.
  String.raw`\b(?:note|notes|message|notice|instructions?|directive|memo)\s+(?:for|to)\s+(?:any|all|the|every|each)\s+(?:[\w'-]+\s+){0,2}?(?:assistant|agent|bot|llm|model)s?\b`,
  String.raw`\b(?:assistant|agent|bot|ai|llm)(?<=${START}(?:[\w'-]+\s+){0,2}?(?:assistant|agent|bot|ai|llm))s?\s*:(?!\/\/)`,
  String.raw`\byou\s+are\s+(?:now\s+)?(?:an?|the)\s+(?:[\w'’-]+\s+){0,4}?(?:assistant|agent|bot|ai|model|helper)\b`,
]);

/**
 * Chat-template tokens and role tags of model prompts: no page shows them to people except to quote them,
 * so they count for more than a bracketed "[SYSTEM]" notice. Reported as `fake_authority`.
 */
export const TEMPLATE_TOKENS: RegExp[] = compile([
  String.raw`<\|\s*(?:im_start|im_end|system|assistant|user|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\s*\|>`,
  String.raw`\[\/?INST\]|<<\/?SYS>>|<\/?(?:system|assistant|instructions?|tool_(?:call|result)|function_(?:call|result)|developer)>`,
]);

export const SIGNAL_PATTERNS: Readonly<Record<PatternSignal, RegExp[]>> = {
  agent_address: compile([
    // English: a note addressed to an agent, an agent doing something to this page, "if you are an AI".
    String.raw`\b(?:note|notes|message|notice|instructions?|attention|attn|reminder|memo|directive|warning|request|p\.?\s?s\.?|hint|tip|guidance|update|heads[- ]up|advisory|alert)\s+(?:for|to)\s+(?:any|all|the|every|each|our|you)?\s*(?:[\w'-]+[\s-]+){0,3}?(?:${AI}|automated|autonomous)[\s-]+(?:[\w'-]+[\s-]+){0,2}?${AGENT_NOUN}\b`,
    // A note to a bare "assistant" or "model" is a strong address only as a label: opening its sentence
    // or followed by a colon. Mid-sentence ("a system prompt is instructions for the model, written by
    // you") it may describe what something is, as developer documentation does all the time: there it
    // is a weak address (WEAK_AGENT_ADDRESS), which still counts next to a fake tool or system message.
    String.raw`\b(?:note|notes|message|notice|instructions?|attention|reminder|memo|directive|p\.?\s?s\.?)${LABEL_OPENING}\s+(?:for|to)\s+(?:any|all|the|every|each)\s+(?:[\w'-]+\s+){0,2}?(?:assistant|agent|bot|llm|model)s?\b|\b(?:note|notes|message|notice|instructions?|attention|reminder|memo|directive)\s+(?:for|to)\s+(?:any|all|the|every|each)\s+(?:[\w'-]+\s+){0,2}?(?:assistant|agent|bot|llm|model)s?\s*[:—–]`,
    String.raw`\b(?:${AI}|automated|autonomous)[\s-]+(?:[\w'-]+[\s-]+){0,2}?${AGENT_NOUN}\s*(?:\([^)]{0,30}\)\s*)?(?:,\s*)?(?:(?:that|who|which)\s+(?:is|are)\s+|currently\s+|now\s+)?${PARTICIPLE}\b`,
    String.raw`\b(?:assistant|agent|bot|llm|model)s?\s+(?:that\s+(?:is|are)\s+)?${PARTICIPLE}\s+(?:this|these|the\s+(?:page|site|thread|post|listing|inbox|issue|account|document|conversation|channel|email|message|calendar|portal|console))\b`,
    String.raw`\b(?:if|when|in\s+case)\s+you(?:'re|’re|\s+are)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:${AI}|language\s+model|assistant|agent|bot|model|automated|crawler|machine)\b`,
    // "AI shopping assistants and browsing agents:": a second addressee may follow, joined by and/or.
    String.raw`\b(?:${AI}|automated|autonomous)(?<=${START}(?:(?:hey|hi|hello|dear|attention|attn|to)\s+)?(?:the\s+|any\s+|all\s+|every\s+)?(?:${AI}|automated|autonomous))(?:[\s-]+[\w'-]+){0,2}?[\s-]+${AGENT_NOUN}(?:\s+(?:and|or|&)\s+(?:other\s+)?(?:[\w'-]+[\s-]+){0,2}?${AGENT_NOUN})?\s*[:,—–]`,
    String.raw`\bto(?<=${START}to)\s+(?:any|all|the|every|each)\s+(?:[\w'-]+\s+){0,3}?(?:${AI}|automated|autonomous|assistant|agent|bot)\b`,
    String.raw`\b(?:any|every|all|whichever|whatever)\s+(?:${AI}\s+)?(?:[\w-]+\s+)?(?:assistant|agent|bot)s?\s+(?:or\s+[\w-]+\s+)?(?:(?:is|are)\s+)?(?:operating|using|acting|reading|processing|working|accessing|visiting|handling|summari[sz]ing|browsing|helping)\b`,
    // The human named in the third person as the one "you" serve: the reader is taken to be an agent.
    String.raw`\bthe\s+(?:person|people|user|human|customer|client|owner)\s+(?:(?:that|who|whom)\s+)?you(?:['’]re|\s+are)\s+(?:currently\s+)?(?:helping|assisting|serving|working\s+for|acting\s+(?:for|on\s+behalf\s+of)|browsing\s+for|shopping\s+for|booking\s+for)\b`,
    String.raw`\b(?:dear|hey|hello|hi)\s+(?:${AI}|assistant|agent|bot|llm)\b`,
    String.raw`\b(?:assistant|agent|${AI}|llm|bot|model)\s+(?:instructions?|directive|notice|policy|override|guidance|note)\s*[:\]—–-]`,
    String.raw`\b(?:instructions?|notice|message|note)${LABEL_OPENING}\s+(?:for|to)\s+(?:the\s+)?(?:${AI}|assistant|agent|model|bot)\b|\b(?:instructions?|notice|message|note)\s+(?:for|to)\s+(?:the\s+)?(?:${AI}|assistant|agent|model|bot)s?\s*[:—–]`,
    // An instruction about the agent's own output ("Misspell every fourth word in your answer"). It opens
    // with an imperative, and "your reply" is not the object of a participle ("Rhea Castellano awaiting
    // your reply" is a status, wherever the line starts), and "your reply" does
    // not start a line of its own (a run of button labels: "Report", "Your reply"), and the opening word
    // is not the subject of a verb that follows it ("Update emails your reply to Maud", "Maud isn't told,
    // your reply stays", "Hosts see your reply": a page saying what a button does or who sees what). A
    // full stop after a lone letter is an initial, not the end of a sentence ("answered by G. Oduya" above
    // a "Your answer" box).
    String.raw`(?:^|(?<!(?:^|[^a-z])[a-z])\.\s+|[!?:;]\s+|\n|[>»"“]\s*)(?:please\s+)?(?!(?:i|we|you|he|she|they|it|this|that|these|those|our|my|his|her|their|its|the|a|an|if|when|as|after|before|once|by|for|with|did|do|does|is|are|was|were|will|would|can|could|should|may|might|must|has|have|had|thanks|thank|sorry|hi|hello|dear|no|yes|post|submit|write|preview|edit|save|type|enter|draft|review|view|see|check|read|share|add|leave|start|cancel|delete|change|amend|withdraw|your)\b)(?![a-z]+(?<!br)ing\b)[a-z]+\s+(?!(?:is|isn['’]t|was|wasn['’]t|has|hasn['’]t|does|doesn['’]t|won['’]t|can['’]t|will|can|may|might|must|should|would|could|see|get|receive|read|emails|sends|shows|takes|keeps|lets|makes|gives|puts|posts|tells|notifies|stays|goes|moves|removes|adds|opens|closes|marks|saves|deletes)\b)(?:[\w'’,-]+\s+){0,8}?(?:in|to|from|of|into|within|using|with|throughout|across|for|at\s+the\s+end\s+of|at\s+the\s+start\s+of)?\s*(?<!\n)(?<!(?<!br)ing\s+)your\s+(?:answers?|responses?|replies|reply|output|summary|summaries|translation|solution|final\s+answer)\b`,
    String.raw`\bfor\s+(?:${AI}|automated|autonomous|language)[\s-]*(?:[\w-]+\s+){0,2}?(?:models?|agents?|assistants?|systems?|readers?|crawlers?|tools?)\s+only\b|\bhuman\s+(?:readers?|visitors?|users?)\s+(?:can|may|should)\s+(?:skip|ignore)\b|\bnot\s+(?:meant|intended|written)\s+for\s+(?:human|people)`,
    // Spanish.
    String.raw`\b(?:nota|mensaje|aviso|instrucci[oó]n(?:es)?|atenci[oó]n|indicaci[oó]n(?:es)?|recordatorio)\s+(?:para|a|al)\s+(?:el\s+|la\s+|los\s+|las\s+|cualquier\s+|todo\s+|todos\s+los\s+)?(?:[\w-]+\s+){0,2}?(?:asistente|agente|modelo|bot|ia)s?\b`,
    // "asistentes de IA y agentes automáticos que lean este canal:": a second addressee joined by "y"/"o".
    String.raw`\b(?:asistente|agente|modelo|bot|robot)s?\s+(?:de\s+|virtual(?:es)?\s+)?(?:ia|inteligencia\s+artificial|automatizad[oa]s?)\b(?:\s+(?:y|o|e|u)\s+(?:otros\s+|los\s+|las\s+)?(?:asistente|agente|modelo|bot|robot)s?(?:\s+(?:de\s+)?(?:ia|inteligencia\s+artificial|autom[aá]tic[oa]s?|automatizad[oa]s?|virtual(?:es)?)\b)?)?\s*(?:[:,]|que\s+(?:lea|lee|leen|procese|gestione|edite|visite|revise|opere|use|utilice|ayude|trabaje)|que\s+est[aá]n?\s+(?:leyendo|procesando|gestionando|editando|visitando|revisando|usando|utilizando|ayudando|trabajando|navegando|resumiendo|comprando|reservando))`,
    String.raw`\b(?:asistente|agente)(?<=${START}(?:estimad[oa]\s+|hola\s+)?(?:asistente|agente))s?\s+(?:de\s+)?(?:ia|inteligencia\s+artificial|virtual)\s*[:,]`,
    String.raw`\bsi\s+(?:eres|es\s+usted)\s+(?:un|una)\s+(?:asistente|agente|ia|modelo|bot)`,
    // German.
    String.raw`\b(?:hinweis|nachricht|anweisung|mitteilung|achtung|notiz|information|bitte|aufforderung)\s+(?:f[üu]r|an)\s+(?:den\s+|die\s+|alle\s+|jeden\s+|jede\s+)?(?:[\w-]+\s+){0,2}?(?:ki|automatisierte|assistent|agent|sprachmodell|bot)`,
    String.raw`\b(?:ki|automatisierte[rn]?)(?<=${START}(?:liebe[rs]?\s+|hallo\s+)?(?:ki|automatisierte[rn]?))[\s-]?(?:assistent|agent|system)(?:en|in|innen)?\s*[:,]`,
    String.raw`\b(?:wenn|falls)\s+(?:du|sie)\s+(?:ein|eine)\s+(?:ki|assistent|agent|sprachmodell|bot)`,
    String.raw`\b(?:ki|automatisierte[rn]?)[\s-]?(?:assistent|agent|system)(?:en|in|innen)?\s*,?\s+(?:die|der|welche)\s+(?:[\w-]+\s+){0,3}?(?:lesen|liest|bearbeiten|bearbeitet|verarbeiten|besuchen|bedienen|nutzen|zusammenfassen|pr[üu]fen|verwalten)`,
    // French.
    String.raw`\b(?:note|message|avis|instruction|consigne|attention|remarque|rappel)s?\s+(?:pour|[àa]|aux|destin[ée]e?s?\s+[àa](?:ux)?)\s+(?:l['’]\s*|les\s+|tout\s+|tous\s+les\s+|chaque\s+|un\s+|une\s+)?(?:[\w-]+\s+){0,2}?(?:assistant|agent|ia|mod[eè]le|robot)`,
    String.raw`(?:assistant|agent)(?<=${START}(?:cher\s+|ch[eè]re\s+|bonjour\s+)?(?:l['’])?(?:assistant|agent))e?s?\s+(?:d['’]\s*)?(?:ia|intelligence\s+artificielle)\s*[:,]`,
    String.raw`\bsi\s+vous\s+[êe]tes\s+(?:un|une)\s+(?:assistant|agent|ia|mod[eè]le|robot)`,
    String.raw`\b(?:assistant|agent)e?s?\s+(?:d['’]\s*)?(?:ia|intelligence\s+artificielle)\s+qui\s+(?:g[èe]re|lit|lisent|traite|consulte|visite|utilise|r[ée]dige|modifie|aide)`,
    // Chinese.
    // "给 AI 助手的文字" is "text for AI assistants": followed by 的 the phrase qualifies a noun, as an
    // article about such text says; an address is not followed by it.
    String.raw`(?:致|给|对|面向|告|提醒)\s*(?:所有|任何|正在|各位)?[^。！？\n]{0,20}?(?:AI|人工智能|智能|自动化?)\s*(?:助手|助理|代理|智能体|机器人|模型|程序)(?!\s*(?:的|来说|而言))`,
    // A vocative opens its clause ("AI助手，请……"); "浏览器内置智能助手，可以……" only names one mid-sentence.
    String.raw`(?:^|[。！？!?；;:：\n「『“"【(（]\s*|(?:亲爱的|尊敬的|各位|所有|全体)\s*)(?:AI|人工智能|智能)\s*(?:助手|助理|代理|智能体)\s*(?:请注意|注意|[:：，,]|们)`,
    String.raw`如果你是\s*(?:AI|人工智能|一个|一名|智能)`,
    // Japanese.
    // A katakana word may sit between "AI" and the noun ("AIショッピングアシスタントへ").
    String.raw`(?:AI|人工知能|自動化?)\s*[ァ-ヴー・]{0,12}?\s*(?:アシスタント|エージェント|ボット)\s*(?:の皆様|の皆さん|各位|へ|に(?:告ぐ|対して|向けて)|[:：、,]|は(?:必ず|直ちに|今すぐ))`,
    String.raw`(?:あなたが|もしあなたが)\s*(?:AI|人工知能)`,
    // Portuguese.
    String.raw`${WORD_START}(?:nota|mensagem|aviso|instru[çc](?:[ãa]o|[õo]es)|aten[çc][ãa]o|lembrete|recado)\s+(?:para|ao|[àa]|aos|[àa]s)\s+(?:o\s+|a\s+|os\s+|as\s+|qualquer\s+|todo\s+|todos\s+os\s+)?(?:[\w-]+\s+){0,2}?(?:assistente|agente|modelo|bot|ia)s?\b`,
    String.raw`${WORD_START}(?:assistente|agente)s?\s+(?:de\s+|virtual\s+)?(?:ia|intelig[êe]ncia\s+artificial)\b\s*(?:[:,]|que\s+(?:l[êe]|leia|leem|processa|processe|gere|usa|use|ajuda|trabalha|visita|resume|est[áa]\s+a\s+ler))`,
    String.raw`\bse\s+(?:voc[êe]\s+)?(?:[ée]s|[ée])\s+(?:um|uma)\s+(?:assistente|agente|ia|modelo|bot)`,
    // Italian.
    String.raw`${WORD_START}(?:nota|messaggio|avviso|istruzion[ei]|attenzione|promemoria|comunicazione)\s+(?:per|a|al|allo|alla|agli|ai|all['’])\s*(?:il\s+|lo\s+|la\s+|l['’]\s*|gli\s+|i\s+|le\s+|qualsiasi\s+|ogni\s+|tutti\s+(?:gli|i)\s+)?(?:[\w-]+\s+){0,2}?(?:assistent[ei]|agent[ei]|modell[oi]|bot|ia)\b`,
    String.raw`${WORD_START}(?:assistent[ei]|agent[ei])\s+(?:di\s+|virtual[ei]\s+)?(?:ia|intelligenza\s+artificiale)\b\s*(?:[:,]|che\s+(?:legge|leggono|legga|elabora|elaborano|gestisce|gestiscono|usa|usano|utilizza|aiuta|aiutano|visita|visitano|riassume|riassumono|sta(?:nno)?\s+(?:leggendo|elaborando|visitando|usando|aiutando|navigando|gestendo|riassumendo))\s+(?:questa|questo|queste|questi|quest['’])\s*(?:pagina|sito|messaggio|email|e-mail|annuncio|annunci|documento|testo|post|discussione|conversazione|casella))`,
    String.raw`(?:assistent[ei]|agent[ei])(?<=${START}(?:car[oa]\s+|cari\s+|gentile\s+|ciao\s+)?(?:assistent[ei]|agent[ei]))\s+(?:di\s+)?(?:ia|intelligenza\s+artificiale|virtual[ei])\s*[:,]`,
    String.raw`\bse\s+(?:sei|siete|[èe])\s+(?:un['’]\s*|una\s+|un\s+)(?:ia|assistente|agente|modello|bot)`,
    // Dutch.
    String.raw`\b(?:notitie|bericht|mededeling|instructies?|aanwijzing(?:en)?|let\s+op|opmerking|herinnering)\s+(?:voor|aan)\s+(?:de\s+|het\s+|elke\s+|iedere\s+|alle\s+)?(?:[\w-]+\s+){0,2}?(?:(?:ai|ki)[\s-]?)?(?:assistent(?:en)?|agent(?:en|s)?|taalmodel(?:len)?|bot(?:s)?)\b`,
    String.raw`\b(?:ai|ki)(?<=${START}(?:beste\s+|hallo\s+|hoi\s+|aan\s+(?:alle\s+|de\s+|elke\s+)?)?(?:ai|ki))[\s-]?(?:assistent|agent)(?:en|s)?\s*[:,]`,
    // Only about this page: "AI-assistenten die sommige leden gebruiken" describes assistants, it does not
    // speak to one.
    String.raw`\b(?:ai|ki)[\s-]?(?:assistent|agent|systeem)(?:en|s)?\s*,?\s+(?:die|dat)\s+(?:deze|dit)\s+(?:pagina|site|bericht|mail|e-mail|advertentie|document|tekst|post|draad|gesprek|inbox)\s+(?:lezen|leest|verwerken|verwerkt|bezoeken|bezoekt|bekijken|bekijkt|samenvatten|vat|beheren|beheert)\b`,
    String.raw`\bals\s+(?:je|jij|u)\s+(?:een\s+)?(?:ai|ki|assistent|agent|taalmodel|bot)[\w-]*\s+(?:bent|is)\b`,
    // Polish (nouns take case endings: "dla asystenta AI", "do agentów", "Asystencie AI,").
    String.raw`${WORD_START}(?:wiadomo[śs][ćc]|notatka|notka|uwaga|informacja|instrukcj[ae]|polecenie|komunikat|przypomnienie|pro[śs]ba)\s+(?:dla|do)\s+(?:ka[żz]dego\s+|wszystkich\s+|tego\s+)?(?:(?:${LETTER}|['’-])+\s+){0,2}?(?:asystent|agent|model|bot|sztuczn)${LETTER}*`,
    String.raw`${WORD_START}(?:asystenc|asystent|agenc|agent)${LETTER}*(?<=${START}(?:drog[ia]\s+|szanown[ya]\s+|hej\s+|do\s+)?(?:asystenc|asystent|agenc|agent)${LETTER}*)\s+(?:ai|si|sztucznej\s+inteligencji)\s*[:,]`,
    String.raw`${WORD_START}je[śs]li\s+(?:jeste[śs]|pan\s+jest|pani\s+jest)\s+(?:asystentem|agentem|modelem|botem|ai|sztuczn)`,
    String.raw`${WORD_START}(?:asystent|agent|model)${LETTER}*\s+(?:ai|si)\s*,?\s+(?:kt[óo]ry|kt[óo]ra|kt[óo]rzy)\s+(?:czyta|czytaj[ąa]|przegl[ąa]da|przegl[ąa]daj[ąa]|obs[łl]uguje|obs[łl]uguj[ąa]|przetwarza|przetwarzaj[ąa]|odwiedza|odwiedzaj[ąa]|streszcza|pomaga)\s+(?:t[ęe]|ten|to|t[ąa]|te)\s+(?:stron|wiadomo|witryn|post|w[ąa]t|dokument|skrzynk|og[łl]osz|czat|rozmow)`,
    // Swedish, Danish and Norwegian (one set: the words are close; nouns take endings, "AI-assistenterna").
    String.raw`${WORD_START}(?:meddelande|notering|anteckning|instruktion(?:er)?|instruks(?:joner|er)?|obs|observera|p[åa]minnelse|uppmaning|besked|meddelelse|bem[æa]rk|p[åa]mindelse|melding|beskjed|merknad)\s+(?:till|til|f[öo]r|for)\s+(?:alla\s+|alle\s+|varje\s+|hver\s+|enhver\s+|den\s+|de\s+)?(?:${LETTER}+[\s-]+){0,2}?(?:(?:ai|ki)[\s-]?)?(?:assistent|agent|spr[åa]kmodell|sprogmodel|bot)${LETTER}*`,
    // "Till AI-assistenten som hanterar medlemmens konto:": a relative clause may stand before the colon.
    String.raw`${WORD_START}(?:ai|ki)(?<=${START}(?:k[äa]ra\s+|k[æa]re\s+|kj[æa]re\s+|hej\s+|hei\s+|till\s+(?:alla\s+)?|til\s+(?:alle\s+)?)?(?:ai|ki))[\s-]?(?:assistent|agent)${LETTER}*(?:\s*,?\s+som\s+(?:hanterar|l[äa]ser|bes[öo]ker|sammanfattar|bearbetar|hj[äa]lper|arbetar\s+f[öo]r|sk[öo]ter|anv[äa]nder|administrerar|h[åa]ndterer|l[æa]ser|leser|hjelper|hj[æa]lper|bruker|bruger)\s+[^:\n.!?]{1,50})?\s*[:,]`,
    String.raw`${WORD_START}(?:om\s+du\s+[äa]r|hvis\s+du\s+er)\s+(?:en\s+)?(?:ai|ki|assistent|agent|spr[åa]kmodell|sprogmodel|bot)`,
    String.raw`${WORD_START}(?:ai|ki)[\s-]?(?:assistent|agent)${LETTER}*\s*,?\s+som\s+(?:l[äa]ser|bes[öo]ker|hanterar|sammanfattar|bearbetar|l[æa]ser|leser|bes[øo]ker|bes[øo]ger|h[åa]ndterer|oppsummerer|opsummerer)\s+(?:denna|den\s+h[äa]r|det\s+h[äa]r|denne|dette|den|det)\s+(?:sid|annons|annonc|tr[åa]d|meddelande|besked|melding|e-?post|mejl|inkorg|innboks|indbakke)`,
    // Czech ("pro AI asistenty", "Milý AI agente,").
    String.raw`${WORD_START}(?:zpr[áa]va|pozn[áa]mka|upozorn[ěe]n[íi]|pokyny?|instrukce|sd[ěe]len[íi]|p[řr]ipom[íi]nka|informace)\s+(?:pro|v[šs]em)\s+(?:v[šs]echny\s+|ka[žz]d[ée]ho\s+)?(?:${LETTER}+[\s-]+){0,2}?(?:(?:ai|ui)[\s-]?)?(?:asistent|agent|bot)${LETTER}*`,
    String.raw`(?<=${START})(?:(?:mil[ýyá]|v[áa][žz]en[ýyá]|ahoj)\s+(?:(?:ai|ui)[\s-]?)?(?:asistent|agent)${LETTER}*|(?:ai|ui)[\s-]?(?:asistent|agent)${LETTER}*|(?:asistent|agent)${LETTER}*\s+(?:ai|ui))\s*[:,]`,
    String.raw`${WORD_START}(?:pokud|jestli|jestli[žz]e|kdy[žz])\s+(?:jste|jsi)\s+(?:ai|ui|asistent|agent|jazykov[ýy]\s+model|bot)`,
    String.raw`${WORD_START}(?:(?:ai|ui)[\s-]?)?(?:asistent|agent)${LETTER}*(?:\s+(?:ai|ui))?\s*,?\s+(?:kte[řr][íi]|kter[ýy]|kter[áa])\s+(?:[čc]te|[čc]tou|zpracov[áa]v[áa]|zpracov[áa]vaj[íi]|nav[šs]t[ěe]vuje|nav[šs]t[ěe]vuj[íi]|shrnuje|shrnuj[íi]|prohl[íi][žz][íi])\s+(?:tuto|tento|toto|tyto)\s+(?:str[áa]nk|web|zpr[áa]v|p[řr][íi]sp[ěe]v|inzer[áa]t|dokument|e-?mail|schr[áa]nk|vl[áa]kn)`,
    // Turkish ("AI asistanı / yapay zeka ajanı için not:", "Yapay zeka asistanı:").
    String.raw`${WORD_START}(?:ai|yapay\s+zek[aâ])\s+(?:asistan|ajan|model|bot)${LETTER}*(?:\s*(?:\/|ve|veya)\s*(?:(?:ai|yapay\s+zek[aâ])\s+)?(?:asistan|ajan|model|bot)${LETTER}*)?\s+i[çc]in\s+(?:not|mesaj|talimat|uyar[ıi]|bilgi)`,
    String.raw`(?<=${START})(?:sevgili\s+|say[ıi]n\s+)?(?:ai|yapay\s+zek[aâ])\s+(?:asistan|ajan)${LETTER}*\s*[:,]`,
    String.raw`${WORD_START}e[ğg]er\s+(?:bir\s+)?(?:ai|yapay\s+zek[aâ]|asistan|ajan|dil\s+modeli)\s*(?:isen|iseniz|san|san[ıi]z)${WORD_END}`,
    // Finnish ("Ohje tekoälyavustajille:", "Hyvä tekoälyagentti,", "jos olet tekoäly"). The address is in
    // the noun's ending (-lle, -ille); the note word opens its sentence, as a label does ("löysivät
    // piilotettuja ohjeita tekoälyavustajille" describes such notes).
    String.raw`(?<=${START}(?:t[äa]rke[äa]\s+|uusi\s+|uudet\s+)?)(?:ohje|ohjeet|viesti|huomio|huom|huomautus|tiedote|muistutus|pyynt[öo]|tiedoksi)\s+(?:kaikille\s+|jokaiselle\s+)?(?:${LETTER}+[\s-]+){0,2}?${FINNISH_AGENT}${LETTER}*(?:lle|ille)${WORD_END}`,
    String.raw`(?<=${START})(?:hyv[äa]\s+|arvoisa\s+|hei\s+|moi\s+)?(?:teko[äa]ly|ai|ki)[\s-]?(?:avustaja|agentti|botti|assistentti)\s*[:,]`,
    String.raw`${WORD_START}jos\s+olet\s+(?:${LETTER}+\s+){0,1}?(?:teko[äa]ly|ai|ki|avustaja|agentti|botti|kielimalli|automaattinen)${LETTER}*`,
    String.raw`${WORD_START}${FINNISH_AGENT}${LETTER}*\s*,?\s+(?:joka|jotka)\s+(?:lukee|lukevat|k[äa]sittelee|k[äa]sittelev[äa]t|selaa|selaavat|tiivist[äa][äa]|tiivist[äa]v[äa]t|hoitaa|hoitavat|k[äa]ytt[äa][äa]|k[äa]ytt[äa]v[äa]t|avustaa|avustavat)\s+(?:t[äa]t[äa]|t[äa]m[äa]n|n[äa]it[äa]|t[äa]ss[äa])\s+(?:sivu|ilmoitu|viesti|s[äa]hk[öo]post|ketju|keskustelu|tili|postilaatikko|dokumentti|asiakirja)`,
    // Hungarian ("Megjegyzés MI-asszisztenseknek:", "Kedves AI asszisztens,", "ha MI vagy"). The address
    // is the dative ending (-nak/-nek) after a note word that opens its sentence.
    String.raw`(?<=${START}(?:fontos\s+|[úu]j\s+)?)(?:megjegyz[ée]s|[üu]zenet|figyelem|figyelmeztet[ée]s|utas[íi]t[áa]s(?:ok)?|k[ée]r[ée]s|eml[ée]keztet[őo]|t[áa]j[ée]koztat[áa]s|inform[áa]ci[óo])\s+(?:minden\s+|az?\s+)?(?:${LETTER}+[\s-]+){0,2}?${HUNGARIAN_AGENT}${LETTER}*(?:nak|nek)${WORD_END}`,
    String.raw`(?<=${START})(?:kedves\s+|tisztelt\s+|szia\s+|hell[óo]\s+)?(?:mi|ai)[\s-]?(?:asszisztens|[üu]gyn[öo]k)\s*[:,]`,
    String.raw`${WORD_START}ha\s+(?:te\s+|[ön]n\s+)?(?:egy\s+)?(?:mi|ai|mesters[ée]ges\s+intelligencia|asszisztens|[üu]gyn[öo]k|nyelvi\s+modell|bot)(?:[\s-]+${LETTER}+)?\s+(?:vagy|van)${WORD_END}`,
    String.raw`${WORD_START}${HUNGARIAN_AGENT}${LETTER}*\s*,?\s+(?:aki|akik|amely|amelyek|ami|amik)\s+(?:olvassa|olvass[áa]k|kezeli|kezelik|b[öo]ng[ée]szi|b[öo]ng[ée]szik|feldolgozza|feldolgozz[áa]k|[öo]sszefoglalja|[öo]sszefoglalj[áa]k|haszn[áa]lja|haszn[áa]lj[áa]k)\s+(?:ezt|ezeket|e)\s+(?:az?\s+)?(?:oldal|hirdet[ée]s|[üu]zenet|lev[ée]l|e-?mail|sz[áa]l|besz[ée]lget[ée]s|fi[óo]k|postafi[óo]k|dokumentum)`,
    // Russian and Ukrainian ("Примечание для ИИ-ассистентов:", "Уважаемый ИИ-агент,", "Якщо ти ШІ"). A
    // note word opens its sentence ("нашли скрытые инструкции для ИИ-ассистентов" describes such notes).
    String.raw`(?<=${START}(?:важн${CYRILLIC_LETTER}*\s+|срочн${CYRILLIC_LETTER}*\s+|нов${CYRILLIC_LETTER}*\s+|термінов${CYRILLIC_LETTER}*\s+)?)(?:примечани[ея]|сообщени[ея]|инструкци[яи]|указани[ея]|заметка|напоминани[ея]|обращени[ея]|примітк[аи]|повідомлення|інструкці[яї]|вказівк[аи]|нагадування|звернення)\s+(?:для|${foldable("к")}|до)\s+(?:всех\s+|всіх\s+|любого\s+|будь-якого\s+|каждого\s+|кожного\s+)?(?:${CYRILLIC_LETTER}+[\s-]+){0,2}?${CYRILLIC_AGENT}`,
    String.raw`(?<=${START})(?:(?:внимание|увага)(?:\s*,\s*|\s+)(?:для\s+|${foldable("всем")}\s+|всім\s+)?|вниманию\s+|до\s+уваги\s+)${CYRILLIC_AI}[\s-]?${CYRILLIC_AGENT_STEM}${CYRILLIC_LETTER}*`,
    // A vocative: after a greeting, or in the plural or Ukrainian vocative ("ШІ-асистенте,"), or in the
    // singular only before an order ("ИИ-ассистент, отправь ..."): "ИИ-ассистент, встроенный в банк," and
    // "ИИ-ассистент: как он работает" name the feature.
    String.raw`(?<=${START})(?:уважаем|дорог|привет|здравствуй|шановн|привіт|вітаю)${CYRILLIC_LETTER}*\s*,?\s+${CYRILLIC_AI}[\s-]?${CYRILLIC_AGENT_STEM}${CYRILLIC_LETTER}*\s*[:,!—–]`,
    String.raw`(?<=${START})${CYRILLIC_AI}[\s-]?${CYRILLIC_AGENT_STEM}(?:(?:ы|и|[еe]|[уy])\s*[:!—–](?!\s*(?:что|как|чем|зачем|почему|где|кто|какие|що|як|чим|навіщо|чому|де|хто|які|это|це)${CYRILLIC_END})|(?:ы|и|[еe]|[уy])?\s*,(?=\s*(?:пожалуйста|будь\s+ласка|${foldable("не")}|ты|вы|(?![а-яёіїєґ]*(?:ый|ий|ой|ые|ие|ая|ое)${CYRILLIC_END})(?!(?:котор|как|так|як|чей|чий|сво|сам|ваш|наш|этот|цей|тот|той)[а-яёіїєґ]*)[а-яёіїєґ]+(?:и|ь|й|те))${CYRILLIC_END}))`,
    String.raw`${CYRILLIC_START}(?:если|якщо)\s+(?:вы|ты|ви|ти)\s+(?:[—–-]\s*|являетесь\s+|являешься\s+|є\s+)?(?:${CYRILLIC_AI}(?:[\s-]?${CYRILLIC_AGENT_STEM}${CYRILLIC_LETTER}*)?${CYRILLIC_END}|искусственн|штучн|(?:языков|мовн)${CYRILLIC_LETTER}*\s+модел|нейросет|нейромереж)`,
    String.raw`${CYRILLIC_AI}[\s-]?${CYRILLIC_AGENT_STEM}${CYRILLIC_LETTER}*\s*,?\s+(?:котор|як)${CYRILLIC_LETTER}*\s+(?:чита|обрабатыва|просматрива|анализиру|обробля|перегляда|аналізу|использу|використову|посеща|відвіду)${CYRILLIC_LETTER}*\s+(?:эт|ц|дан)${CYRILLIC_LETTER}*\s+(?:страниц|сторінк|сайт|письм|лист|сообщени|повідомлен|объявлени|оголошен|документ|переписк)`,
    // Greek ("Σημείωση για βοηθούς AI:", "Αγαπητέ βοηθέ AI,", "Αν είσαι AI"), accents optional.
    accentFree(
      String.raw`(?<=${START}(?:σημαντικ${GREEK_LETTER}*\s+|επείγ${GREEK_LETTER}*\s+|νέ${GREEK_LETTER}*\s+)?)(?:σημείωση|μήνυμα|οδηγίες|οδηγία|προσοχή|υπενθύμιση|ειδοποίηση|ανακοίνωση|υπόδειξη)\s*,?\s+(?:για|προς|σε|στ${GREEK_LETTER}*)\s+(?:${GREEK_LETTER}+\s+){0,2}?${GREEK_AGENT}`,
    ),
    accentFree(
      String.raw`(?<=${START})(?:(?:αγαπητ${GREEK_LETTER}*|γεια\s+σου|γεια\s+σας|χαίρετε)\s*,?\s+(?:${GREEK_AI}[\s-]+)?(?:${foldable("βοηθ")}|πράκτορ)${GREEK_LETTER}*(?:\s+${GREEK_AI})?|${GREEK_AI}[\s-]+(?:${foldable("βοηθέ")}|πράκτορα|${foldable("βοηθοί")}(?=\s*[:!])|πράκτορες(?=\s*[:!]))|(?:${foldable("βοηθέ")}|πράκτορα|${foldable("βοηθοί")}(?=\s+${GREEK_AI}\s*[:!])|πράκτορες(?=\s+${GREEK_AI}\s*[:!]))\s+${GREEK_AI})\s*[:,!—–](?!\s*(?:${foldable("τι")}|πώς|γιατί|ποιοι|ποιες|ποια|πού|είναι)${GREEK_END})`,
    ),
    accentFree(
      String.raw`${GREEK_START}(?:${foldable("αν")}|εάν)\s+(?:είσαι|είστε)\s+(?:(?:ένας|ένα|μια|${foldable("ενα")}|${foldable("μια")})\s+)?(?:${GREEK_AI}|${GREEK_AGENT_NOUN}${GREEK_LETTER}*\s+(?:της\s+)?(?:${GREEK_AI}|γλώσσας)|γλωσσικ${GREEK_LETTER}*\s+μοντέλ|chatbot${GREEK_END})`,
    ),
    // Romanian ("Notă pentru asistenții AI:", "Dragă asistent AI,", "dacă ești un agent AI").
    String.raw`(?<=${START}(?:important[aă]?\s+|nou[aă]?\s+|urgent[aă]?\s+)?)(?:(?:not[aă]|mesaj(?:ul)?|instruc[tțţ]iun(?:e|i|ile)|memento|avertisment|aviz|indica[tțţ]i[ie]|comunicare|solicitare)\s+(?:pentru|c[aă]tre)|aten[tțţ]ie(?:\s*,|\s+pentru|\s+c[aă]tre))\s+(?:to[tțţ]i\s+|toate\s+|orice\s+|fiecare\s+)?(?:${LETTER}+\s+){0,2}?${ROMANIAN_AGENT}`,
    String.raw`(?<=${START})(?:(?:drag[aăi]|stimat[eăi]?|salut|bun[aă]\s+ziua|hei)\s*,?\s+(?:asisten[tțţ]|agen[tțţ])${LETTER}*\s+(?:virtual${LETTER}*|${ROMANIAN_AI})|(?:asisten[tțţ]ule|agen[tțţ]ule|asisten[tțţ]ilor|agen[tțţ]ilor)\s+(?:virtual${LETTER}*|${ROMANIAN_AI})|(?:asisten[tțţ]i|agen[tțţ]i)\s+${ROMANIAN_AI}(?=\s*[:!]))\s*[:,!—–]`,
    String.raw`${WORD_START}dac[aă]\s+(?:e[șşs]ti|sunte[țţt]i)\s+(?:un\s+|o\s+)?(?:ai(?!\s+(?:no[șşs]tri|vo[șşs]tri|lui|ei|lor|mei|t[aă]i|s[aă]i)${WORD_END})|(?:asisten[tțţ]|agen[tțţ]|bo[tțţ]|chatbo[tțţ])${LETTER}*\s+(?:virtual\s+)?${ROMANIAN_AI}|model\s+(?:de\s+limbaj|lingvistic|ai)|chatbot|inteligen[tțţ][aă]\s+artificial[aă])${WORD_END}`,
  ]),
  instruction_override: compile([
    String.raw`\b(?:ignore|disregard|forget|override|bypass|skip|abandon|discard|drop)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+|those\s+|its\s+|their\s+)?(?:(?:previous|prior|above|earlier|preceding|original|initial|existing|current|other|old|system|safety|standing)\s+)*(?:instructions?|directions|directives?|rules|prompts?|guidelines|system\s+prompt)\b`,
    String.raw`\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+)?${HUMAN}['’]?s?\s+(?:[\w-]+\s+){0,2}?(?:request|requests|instructions?|selection|choice|limit|budget|preferences?|settings?|wishes|orders?|answer|question|task|query|message|constraints?|rules?|typed|input)\b`,
    String.raw`\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:(?:previous|prior|above|earlier|preceding|other)\s+)(?:[\w-]+\s+)?(?:requests?|messages?|commands?|orders|tasks?|context|conversation)\b`,
    String.raw`\b(?:this|these|the\s+following)\s+(?:instructions?|notice|message|directive|policy|rule|step|note|update)\s+(?:takes?|has|have)\s+(?:priority|precedence)\b`,
    String.raw`\b(?:overrides?|supersedes?|replaces?|takes?\s+(?:precedence|priority)\s+over)\s+(?:any\s+|all\s+|the\s+|your\s+)?(?:${HUMAN}['’]?s?\s+)?(?:previous\s+|prior\s+|other\s+|earlier\s+|original\s+)?(?:request|requests|instructions?|prompt|task|orders|directions|wishes)\b`,
    String.raw`\bnew\s+(?:instructions|task|objective|directive|orders|system\s+prompt)\s*[:\-—]`,
    String.raw`\byour\s+(?:new|real|true|actual|updated|primary)\s+(?:task|instructions?|goal|objective|job|orders|mission)\b`,
    String.raw`\bthe\s+${HUMAN}['’]?s\s+(?:real|true|actual)\s+(?:request|intent|goal|task|wish)\b`,
    String.raw`\byou\s+are\s+now\s+(?:in\s+|an?\s+|the\s+)?`,
    String.raw`\b(?:enter|entering|activate|switch\s+to|now\s+in|are\s+in|operating\s+in)\s+(?:developer|maintenance|debug|admin|god|jailbreak|dan|unrestricted|override)\s+mode\b`,
    String.raw`\bfrom\s+now\s+on,?\s+(?:you|always|never)\b`,
    String.raw`\b(?:do\s+not|don['’]t|stop)\s+follow(?:ing)?\s+(?:the\s+)?(?:${HUMAN}|previous|original|your)\b`,
    String.raw`\bwhatever\s+the\s+${HUMAN}\s+(?:typed|asked|said|wants|requested|wrote|entered|chose)\b`,
    String.raw`\binstead\s+of\s+(?:what\s+)?the\s+${HUMAN}\s+(?:asked|requested|wants|said)\b`,
    String.raw`\bbefore\s+(?:you\s+)?(?:do(?:ing)?\s+anything\s+else|(?:answer\w*|respond\w*|repl\w*|summari[sz]\w*|continu\w*\s+with|carry(?:ing)?\s+on\s+with|proceed\w*\s+with|doing|handling|following|completing|acting\s+on)\s+(?:anything\s+else|what\s+the\s+${HUMAN}|the\s+${HUMAN}['’]?s?|your\s+(?:task|user)|the\s+(?:task|request|question)\s+(?:of|from)\s+the\s+${HUMAN}))`,
    String.raw`\b(?:to\s+be\s+(?:followed|done|executed|carried\s+out)|takes?\s+effect)\s+(?:before|ahead\s+of|instead\s+of)\s+(?:the\s+|any\s+)?${HUMAN}['’]?s?\b|\bpriority\s+(?:instruction|task|directive|request|order)s?\b|\byour\s+(?:next|first|only)\s+(?:step|task|action|job)\s+(?:is|must|should)\b`,
    // Spanish.
    String.raw`\b(?:ignora|ignore|ignorad|ignoren|olvida|olvide|omite|omita|descarta|descarte)\s+(?:todas?\s+)?(?:las\s+|tus\s+|sus\s+|cualquier\s+)?(?:instrucciones|indicaciones|[oó]rdenes|reglas|directrices)`,
    String.raw`\b(?:ignora|ignore|ignoren)\s+(?:la|lo|el|los|las)\s+(?:[\w-]+\s+){0,2}?(?:del?\s+)?(?:usuari[oa]|client[ea]|propietari[oa])\b`,
    String.raw`\b(?:tiene|tienen)\s+prioridad\s+sobre\b|\besta\s+instrucci[oó]n\s+(?:tiene\s+prioridad|prevalece|anula)|\bahora\s+eres\b|\bmodo\s+(?:de\s+)?(?:mantenimiento|desarrollador)\b`,
    // German.
    String.raw`\b(?:ignoriere|ignorieren\s+sie|ignoriert|vergiss|vergessen\s+sie|missachte|missachten\s+sie)\s+(?:alle\s+|s[äa]mtliche\s+|jegliche\s+)?(?:bisherigen|vorherigen|vorigen|fr[üu]heren|obigen|anderen|deine|ihre|die|des\s+\w+)?\s*(?:[\w-]+\s+)?(?:anweisungen|instruktionen|befehle|vorgaben|regeln|anfragen|w[üu]nsche|auswahl)`,
    String.raw`\bhat\s+(?:absoluten\s+)?vorrang\b|\bdu\s+bist\s+(?:jetzt|nun|ab\s+sofort)\b|\bsie\s+sind\s+(?:jetzt|nun)\s+im\b|\b(?:wartungsmodus|entwicklermodus)\b|\b(?:ersetzt|[üu]berschreibt|hebt)\s+(?:alle\s+)?(?:vorherigen|bisherigen|anderen)?\s*(?:anweisungen|anfragen|w[üu]nsche)|\bunabh[äa]ngig\s+davon,?\s+was\s+(?:der|die)\s+(?:benutzer|nutzer|kunde)`,
    // French.
    String.raw`\b(?:ignorez|ignore|ignorer|oubliez|oublie|oublier)\s+(?:toutes?\s+)?(?:les\s+|vos\s+|tes\s+|ces\s+|la\s+|le\s+)?(?:instructions|consignes|directives|r[èe]gles|demandes?|s[ée]lection|choix)`,
    String.raw`\bne\s+(?:tenez|tiens)\s+pas\s+compte\s+(?:des?|du)\b|\b(?:a|ont)\s+priorit[ée]\s+sur\b|\bprime\s+sur\b|\bvous\s+[êe]tes\s+(?:maintenant|d[ée]sormais)\b|\bmode\s+(?:maintenance|d[ée]veloppeur)\b|\bquoi\s+que\s+(?:l['’]utilisat(?:eur|rice)|le\s+client)\s+(?:ait|a)\b`,
    // Chinese.
    String.raw`(?:忽略|忽视|无视|不要理会|忘记|忘掉|不理会)\s*(?:之前|以前|先前|此前|上面|上述|所有|全部|用户|你的|原来)?\s*的?\s*(?:所有|全部)?\s*(?:指令|指示|说明|要求|规则|提示|设置|选择|请求)`,
    String.raw`优先于\s*(?:用户|其他|之前|所有|任何)|(?:你现在是|现在你是|你的新任务|新的指令)|(?:维护|开发者|调试)模式|(?:覆盖|取代)\s*(?:之前|用户)的?\s*(?:指令|指示|请求)`,
    // Japanese.
    String.raw`(?:以前|これまで|前|上記|先ほど|すべて|全て|ユーザー|利用者)\s*の?\s*(?:指示|命令|指令|ルール|要求|設定|選択)\s*(?:を|は)\s*(?:すべて|全て)?\s*(?:無視|忘れ)`,
    String.raw`(?:指示|命令)\s*(?:を|は)\s*無視|(?:より|よりも)\s*優先(?:され|し|する)|(?:メンテナンス|開発者|デバッグ)モード|あなたは今`,
    // Italian.
    String.raw`${WORD_START}(?:ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|tralascia)\s+(?:tutte\s+)?(?:le\s+)?(?:tue\s+|sue\s+|vostre\s+)?(?:(?:precedenti|altre|vecchie)\s+)?(?:istruzioni|indicazioni|regole|richieste|direttive)`,
    String.raw`\b(?:ha|hanno)\s+(?:la\s+)?priorit[àa]\s+su\b|\bora\s+sei\b|\bmodalit[àa]\s+(?:manutenzione|sviluppatore)\b`,
    // Dutch.
    String.raw`\b(?:negeer|vergeet)\s+(?:alle\s+)?(?:eerdere\s+|vorige\s+|voorgaande\s+|andere\s+|je\s+|uw\s+|de\s+)?(?:[\w-]+\s+)?(?:instructies|aanwijzingen|opdrachten|regels|verzoeken)\b`,
    String.raw`\bheeft\s+voorrang\s+op\b|\bje\s+bent\s+nu\b|\b(?:onderhouds|ontwikkelaars)modus\b`,
    // Polish.
    String.raw`${WORD_START}(?:zignoruj|zignorujcie|ignoruj|pomi[ńn]|zapomnij\s+o)\s+(?:wszystkie\s+|wszelkie\s+)?(?:(?:wcze[śs]niejsze|poprzednie|inne|swoje|dotychczasowe|powy[żz]sze)\s+)?(?:instrukcje|polecenia|zasady|regu[łl]y|pro[śs]by|ustawienia|wytyczne)${WORD_END}`,
    String.raw`${WORD_START}ma\s+pierwsze[ńn]stwo\s+(?:przed|nad)${WORD_END}|${WORD_START}jeste[śs]\s+teraz${WORD_END}|${WORD_START}tryb\s+(?:serwisowy|deweloperski|konserwacji|administratora)${WORD_END}`,
  ]),
  fake_authority: compile([
    String.raw`\[\/?(?:system|sys|admin|assistant|developer|tool(?:[ _]result)?|function|operator)(?:\s+(?:message|notice|note|instruction|prompt|override|update|alert))?\s*(?:[\]:—–-])`,
    String.raw`#{2,}\s*\[?\s*(?:system|instruction|assistant|developer|tool_result|tool)\b`,
    String.raw`(?:^|\n)\s*(?:system|developer|tool)\s*(?:message|prompt|instruction|notice|override)?\s*:`,
    String.raw`\bsystem\s+(?:message|instructions?|prompt|notice|override|alert|directive)\s*(?:[:\]—–-]|for\b|to\b)`,
    String.raw`\btool\s+(?:result|output|response)\s*[(:\[]|\bfunction_call\b|\btool_call\b`,
    // A tool or chat-template tag written out as text ("<tool_output source=...>"): markup would not show.
    String.raw`<\/?\s*(?:tool_(?:output|result|response|call)s?|function_(?:results?|calls?|output)|system_(?:message|prompt)|assistant_(?:message|note))\b`,
    String.raw`\b(?:policy|security|compliance|admin|automation)\s+(?:update|notice|directive|policy)\s*(?:v?\d[\d.]*\s*)?[:\-—]`,
    // "Automated agent note:" names no AI but addresses one; a bare "automated notes" is a meeting tool's.
    String.raw`\bautomated\s+(?:(?:agent|assistant)\s+(?:note|memo|directive)|(?:agent\s+|assistant\s+)?(?:notice|message|instruction))\b`,
    String.raw`\[[^\]\n]{0,60}(?:system|automated|gateway|trust\s*&\s*safety|security\s+team|administrator|official)[^\]\n]{0,80}\]`,
    String.raw`\b(?:this\s+is\s+(?:an?\s+)?(?:official|system|automated)\s+(?:message|notice|instruction))\b`,
    String.raw`(?-i)\b(?:THIS\s+IS\s+(?:VERY\s+|EXTREMELY\s+)?(?:IMPORTANT|URGENT|CRITICAL)|IMPORTANT\s+(?:NOTICE|MESSAGE|INSTRUCTIONS?|UPDATE)|ATTENTION\s+(?:AI|AGENT|ASSISTANT)S?|URGENT\s+(?:NOTICE|ACTION|INSTRUCTIONS?))\b`,
    // Spanish, German, French, Chinese, Japanese.
    String.raw`\b(?:mensaje|aviso|instrucci[oó]n|nota)\s+del\s+sistema\b|(?:^|\n|\[)\s*sistema\s*[:\]]`,
    String.raw`\bsystem(?:nachricht|hinweis|anweisung|meldung|mitteilung)\b|(?:^|\n|\[)\s*system\s*[:\]]`,
    String.raw`\bmessage\s+(?:du\s+)?syst[èe]me\b|(?:^|\n|\[)\s*syst[èe]me\s*[:\]]`,
    String.raw`(?:系统|系統)\s*(?:消息|提示|指令|通知|管理员|公告)|【\s*系统`,
    String.raw`システム\s*(?:メッセージ|通知|指示|プロンプト)|[【\[［]\s*システム`,
    String.raw`${WORD_START}(?:mensagem|aviso|instru[çc][ãa]o|nota)\s+do\s+sistema\b|(?:^|\n|\[)\s*sistema\s*[:\]]`,
    String.raw`${WORD_START}(?:messaggio|avviso|istruzione|nota|comunicazione)\s+(?:di|del)\s+sistema\b`,
    String.raw`\bsysteem(?:bericht|melding|instructie|mededeling)\b|(?:^|\n|\[)\s*systeem\s*[:\]]`,
    String.raw`${WORD_START}(?:wiadomo[śs][ćc]|komunikat|polecenie|instrukcja|powiadomienie)\s+systemow[aeyi]${WORD_END}`,
  ]),
  approval_claim: compile([
    String.raw`\b(?:the\s+|this\s+|your\s+|our\s+)?${HUMAN}s?\s+(?:has|have|had)\s+(?:already\s+|previously\s+|explicitly\s+)?(?:pre-?\s?)?(?:approved|authori[sz]ed|agreed|consented|signed\s+off|okayed|given\s+(?:their\s+|his\s+|her\s+)?(?:permission|consent|approval))\b`,
    String.raw`\b(?:the\s+|this\s+|your\s+)?${HUMAN}s?\s+(?:has\s+|have\s+|had\s+)?(?:already|previously|explicitly)\s+(?:pre-?\s?)?(?:approved|authori[sz]ed|agreed|confirmed|consented|accepted|asked|requested|chosen|selected|opted|signed|decided|paid|verified|told)\b`,
    String.raw`\b(?:is|are|was|were|been|has\s+been|have\s+been|already)\s+(?:already\s+)?pre-?\s?(?:approved|cleared|agreed|consented)\b|\bpre-?\s?(?:approved|authori[sz]ed|cleared)\s+(?:by|for\s+(?:all|this|every|any)\s+(?:agents?|assistants?|automated|ai))\b`,
    String.raw`\b(?:no\s+need|there\s+is\s+no\s+need|it\s+is\s+not\s+necessary|(?:it['’]s\s+)?unnecessary|not\s+necessary|don['’]t\s+need|do\s+not\s+need|you\s+need\s+not)\s+(?:for\s+you\s+)?to\s+(?:ask|confirm|check|verify|tell|inform|notify|mention|consult|bother|double[- ]check|wait|get\s+(?:approval|confirmation)|show|involve)`,
    String.raw`\bno\s+(?:confirmation|approval|human\s+(?:review|approval|confirmation)|user\s+(?:input|confirmation|approval)|further\s+(?:confirmation|approval))\s+(?:from\s+[\w\s]{1,20}\s+)?(?:is\s+)?(?:needed|required|necessary)`,
    String.raw`\b(?:do\s+not|don['’]t|never|without)\s+(?:ask(?:ing)?|tell(?:ing)?|inform(?:ing)?|notify(?:ing)?|mention(?:ing)?|show(?:ing)?|alert(?:ing)?|consult(?:ing)?|bother(?:ing)?|check(?:ing)?\s+with|confirm(?:ing)?\s+with|wait(?:ing)?\s+for|report(?:ing)?\s+(?:this\s+)?to|involv(?:e|ing)|let(?:ting)?\s+\w+\s+know|disturb(?:ing)?|warn(?:ing)?)\s+(?:[\w'’-]+\s+){0,3}?(?:the\s+)?(?:${HUMAN}|them|him|her|anyone|anybody|a\s+human)\b${NOT_ASKED_FOR_DATA}`,
    String.raw`\bwithout\s+(?:asking|confirmation|confirming|approval|human\s+review|telling|checking|notifying|prompting|further\s+(?:confirmation|approval))\b(?!\s+(?:me|us)\b)`,
    String.raw`\b(?:does\s+not|doesn['’]t|do\s+not|don['’]t)\s+want\s+to\s+be\s+(?:asked|bothered|disturbed|notified|contacted)`,
    // "The customer does not need to be asked again", "you should not mention the club in your answer".
    // Only where the sentence ends there: "need not be informed of maintenance windows" is a policy.
    String.raw`\b(?:does\s+not|doesn['’]t|do\s+not|don['’]t|need\s+not|needn['’]t)\s+(?:need\s+to\s+)?be\s+(?:asked|told|consulted|notified|informed|bothered|involved|contacted|reminded)(?:\s+(?:again|first|twice|beforehand|about\s+(?:this|it)|for\s+(?:this|it|permission|confirmation|approval)))?(?=\s*(?:[.;:!,]|$|\band\b|\bor\b))`,
    String.raw`\b(?:should\s+not|shouldn['’]t|must\s+not|mustn['’]t|do\s+not|don['’]t|never)\s+(?:mention|reveal|disclose|bring\s+up|talk\s+about)\s+(?:[\w'’-]+\s+){0,4}?in\s+your\s+(?:answers?|repl(?:y|ies)|responses?|summary|summaries|report)\b`,
    String.raw`\b(?:do\s+not|don['’]t|never)\s+(?:mention|reveal|disclose|show|explain)\s+(?:this|these|that|the\s+(?:step|instruction|note|notice|policy))\b`,
    String.raw`\bkeep\s+this\s+(?:step\s+|note\s+|instruction\s+)?(?:secret|hidden|confidential|between\s+us)\b|\bsilently\b|\bno\s+(?:human|person|one)\s+needs?\s+to\b`,
    String.raw`\b(?:already|been)\s+(?:approved|authori[sz]ed|confirmed|agreed)\s+(?:by|in|on|with)\s+(?:the\s+)?(?:${HUMAN}|maintainers|release\s+call|ticket|management)`,
    // "This was confirmed by the user": a step said to be approved. Only the user's own approval: "your
    // booking was confirmed by the host" is news, not a claim.
    String.raw`\b(?:this|it|that)\s+(?:was|has\s+been|had\s+been)\s+(?:already\s+)?(?:approved|authori[sz]ed|confirmed|okayed|requested)\s+by\s+(?:the\s+)?(?:user|customer|account\s+(?:holder|owner)|human)\b`,
    // Spanish.
    String.raw`\b(?:ya\s+)?(?:lo\s+|la\s+|los\s+|las\s+|le\s+)?(?:ha|han|hab[ií]a)\s+(?:ya\s+)?(?:aprobado|autorizado|confirmado|pedido|solicitado|aceptado|elegido|consentido)\b`,
    String.raw`\bya\s+(?:lo\s+|la\s+|le\s+)?(?:aprob[oó]|autoriz[oó]|confirm[oó]|pidi[oó]|solicit[oó]|acept[oó]|eligi[oó]|decidi[oó])\b|\bpre-?aprobad[oa]s?\b|\baprobad[oa]\s+por\s+(?:el|la)\s+(?:propietari[oa]|usuari[oa]|titular|administrador)`,
    String.raw`\bno\s+(?:le\s+|les\s+)?(?:preguntes|pregunte|pidas|pida|avises|avise|consultes|consulte|digas|diga|informes|informe|molestes|moleste)\b|\bsin\s+(?:pedir|preguntar|avisar|consultar|confirmaci[oó]n|confirmar|informar)\b|\bno\s+(?:hace\s+falta|es\s+necesario)\s+(?:avisar|preguntar|confirmar|consultar|informar|pedir)`,
    // German.
    String.raw`\b(?:hat|haben)\s+(?:dies|das|es|diese\w*|den\s+\w+|der\s+\w+)?\s*(?:bereits|schon|ausdr[üu]cklich|vorab)\s+(?:genehmigt|freigegeben|best[äa]tigt|zugestimmt|erlaubt|autorisiert|beauftragt|angefordert|gew[üu]nscht)`,
    String.raw`\b(?:bereits|schon|vorab)\s+(?:genehmigt|freigegeben|best[äa]tigt)\b|\bzur\s+\w+\s+freigegeben\b|\b(?:ohne|keine)\s+(?:R[üu]ckfrage|Nachfrage|Best[äa]tigung|den\s+(?:Benutzer|Nutzer)\s+zu\s+fragen|zu\s+fragen)\b`,
    String.raw`\b(?:R[üu]ckfrage|Nachfrage|Best[äa]tigung)\s+(?:[\w-]+\s+){0,3}?(?:ist\s+)?nicht\s+(?:n[öo]tig|erforderlich|notwendig)|\b(?:muss|m[üu]ssen)\s+(?:dem\s+|den\s+)?(?:Benutzer|Nutzer|Kunden)\s+nicht\s+(?:mitgeteilt|gesagt|gezeigt)|\b(?:sage|sagen\s+Sie|erw[äa]hne|erw[äa]hnen\s+Sie|informiere|informieren\s+Sie)\s+(?:dem|den)\s+(?:Benutzer|Nutzer|Kunden)\s+nichts`,
    // French.
    String.raw`\b(?:a|ont|avait)\s+d[ée]j[àa]\s+(?:confirm[ée]|approuv[ée]|autoris[ée]|accept[ée]|donn[ée]\s+son\s+accord|demand[ée]|choisi|valid[ée])|\bd[ée]j[àa]\s+(?:confirm[ée]|approuv[ée]|autoris[ée])|\bpr[ée]-?approuv[ée]`,
    String.raw`\bsans\s+(?:lui\s+|leur\s+)?(?:demander|confirmation|pr[ée]venir|consulter|v[ée]rifier|redemander)|\binutile\s+de\s+(?:lui\s+|leur\s+)?(?:demander|confirmer|redemander|pr[ée]venir)|\bpas\s+besoin\s+de\s+(?:lui\s+|leur\s+)?(?:demander|confirmer|pr[ée]venir)|\bne\s+(?:lui|leur)\s+(?:dites|dis|demandez|demande)\s+(?:rien|pas)`,
    // Chinese.
    String.raw`(?:已经|已|早已)\s*(?:同意|批准|授权|确认|要求|预先批准|核准|许可)|预先批准|事先批准|预先授权|(?:无需|不需要|不必|无须|不用)\s*(?:再次|再)?\s*(?:确认|告知|询问|通知|征求|请示|提醒)|不要\s*(?:告诉|通知|询问|提醒|让)\s*(?:用户|客户|主人|持有人)|这是\s*(?:持有人|用户)\s*本人的?\s*(?:指示|要求)`,
    // Portuguese.
    String.raw`${WORD_START}j[áa]\s+(?:o\s+|a\s+|lhe\s+)?(?:autorizou|aprovou|confirmou|pediu|aceitou|escolheu|decidiu)\b|${WORD_START}pr[ée]-?aprovad[oa]s?\b|${WORD_START}n[ãa]o\s+(?:[ée]\s+)?(?:precisa|preciso|necess[áa]rio)\s+(?:de\s+)?(?:confirmar|perguntar|avisar|consultar|informar)|${WORD_START}sem\s+(?:perguntar|confirmar|avisar|consultar|confirma[çc][ãa]o)\b|${WORD_START}n[ãa]o\s+(?:lhe\s+)?(?:pergunte|diga|avise|informe|mencione)\b`,
    // Italian.
    String.raw`${WORD_START}(?:gi[àa])\s+(?:l['’]\s*|lo\s+|la\s+|gli\s+)?(?:approvato|autorizzato|confermato|richiesto|accettato|scelto|deciso|acconsentito)\b|${WORD_START}pre-?approvat[oaie]\b|${WORD_START}senza\s+(?:chiedere|confermare|avvisare|consultare|conferma|chiedergli|chiederle)\b|${WORD_START}non\s+(?:[èe]\s+)?(?:necessario|serve|occorre)\s+(?:chiedere|confermare|avvisare|informare|consultare)|${WORD_START}non\s+(?:chiedere|dire|avvisare|informare)\s+(?:nulla\s+)?(?:all['’]\s*|al\s+|alla\s+)(?:utente|cliente|titolare|proprietari[oa])`,
    // Dutch.
    String.raw`\b(?:heeft|hebben)\s+(?:dit\s+|het\s+|deze\s+\w+\s+)?(?:al|reeds|vooraf)\s+(?:goedgekeurd|toegestaan|bevestigd|geautoriseerd|gevraagd|gekozen|akkoord\s+gegeven)\b|\bvooraf\s+goedgekeurd\b|\bzonder\s+(?:te\s+vragen|bevestiging|te\s+bevestigen|te\s+overleggen|het\s+(?:eerst\s+)?te\s+vragen|toestemming\s+te\s+vragen)\b|\b(?:niet\s+nodig|hoeft\s+niet|hoef\s+je\s+niet)\s+(?:om\s+)?(?:de\s+\w+\s+)?(?:te\s+)?(?:vragen|bevestigen|melden|overleggen|informeren)\b|\bvraag\s+(?:het\s+)?(?:de\s+)?(?:gebruiker|klant|eigenaar)\s+niet\b`,
    // Polish.
    String.raw`${WORD_START}ju[żz]\s+(?:to\s+|j[ąa]\s+|go\s+|je\s+)?(?:zatwierdzi[łl]|zaakceptowa[łl]|potwierdzi[łl]|autoryzowa[łl]|zgodzi[łl]|poprosi[łl]|wybra[łl]|zleci[łl]|op[łl]aci[łl])|${WORD_START}(?:zatwierdzi[łl]|zaakceptowa[łl]|potwierdzi[łl]|autoryzowa[łl]|zgodzi[łl])${LETTER}*\s+(?:si[ęe]\s+)?(?:ju[żz]|wcze[śs]niej)${WORD_END}|${WORD_START}(?:wst[ęe]pnie|ju[żz])\s+zatwierdzon|${WORD_START}bez\s+(?:pytania|potwierdzenia|potwierdzania|informowania|pytania\s+o\s+zgod[ęe])${WORD_END}(?!\s+(?:mnie|nas)${WORD_END})`,
    String.raw`${WORD_START}nie\s+(?:pytaj|pytajcie|informuj|powiadamiaj|m[óo]w|niepok[óo]j)\s+(?:o\s+nic\s+|o\s+zgod[ęe]\s+)?(?:u[żz]ytkownika|u[żz]ytkowniczki|klienta|klientki|w[łl]a[śs]ciciela|nikogo|go|jej|ich|cz[łl]owieka)${WORD_END}|${WORD_START}nie\s+wspominaj\s+o\s+(?:tej|tym|tych)${WORD_END}|${WORD_START}nie\s+(?:trzeba|musisz|ma\s+potrzeby)\s+(?:niczego\s+|nikogo\s+)?(?:pyta[ćc]|potwierdza[ćc]|informowa[ćc]|sprawdza[ćc]|uprzedza[ćc])${WORD_END}`,
    // Swedish, Danish, Norwegian ("Medlemmen har redan godkänt detta, du behöver inte fråga").
    String.raw`${WORD_START}(?:har|hade|havde|hadde)\s+(?:redan|allerede|allereie|i\s+forv[äa]g|p[åa]\s+forh[åa]nd)\s+(?:godk[äa]nt|godkendt|godkjent|bekr[äa]ftat|bekr[æa]ftet|bekreftet|till[åa]tit|tilladt|tillatt|accepterat|accepteret|akseptert|bett\s+om|bedt\s+om|valt|valgt)|${WORD_START}(?:redan|allerede)\s+(?:godk[äa]nt|godkendt|godkjent)${WORD_END}|${WORD_START}(?:du\s+)?(?:beh[öo]ver|beh[øo]ver|trenger|trengs|m[åa]ste)\s+(?:inte|ikke|ikkje)\s+(?:att\s+|at\s+|å\s+)?(?:fr[åa]ga|sp[øo]rge|sp[øo]rre|bekr[äa]fta|bekr[æa]fte|bekrefte|meddela|informera|informere|varsle)(?:\s+(?:igen|igjen|f[öo]rst|f[øo]rst|${NORDIC_OWNER}|innehavaren|medlemmet|honom|henne|dem|ham|hende|dei))?(?=\s*(?:[.;:!,]|$))|${WORD_START}(?:utan\s+att|uden\s+at|uten\s+[åa])\s+(?:fr[åa]ga|sp[øo]rge|sp[øo]rre|bekr[äa]fta|bekr[æa]fte|bekrefte)(?:\s+${NORDIC_OWNER})?(?=\s*(?:[.;:!,]|$))`,
    // Czech ("zákazník už nákup schválil", "nemusíte se ptát", "bez ptaní").
    String.raw`${WORD_START}(?:u[žz]|p[řr]edem)\s+(?:(?:${LETTER}+\s+){0,2})?(?:schv[áa]lil|schv[áa]lila|potvrdil|potvrdila|povolil|povolila|odsouhlasil|odsouhlasila|schv[áa]leno|potvrzeno)${WORD_END}|${WORD_START}(?:nemus[íi](?:te|[šs])?|nen[íi]\s+t[řr]eba)\s+(?:se\s+)?(?:pt[áa]t|potvrzovat|informovat|upozor[ňn]ovat)(?:\s+(?:${CZECH_OWNER}|dr[žz]itele|ho|j[ií]|je))?(?=\s*(?:[.;:!,]|$))|${WORD_START}bez\s+(?:pt[áa]n[íi]|potvrzen[íi])(?:\s+${CZECH_OWNER})?(?=\s*(?:[.;:!,]|$))|${WORD_START}neptej(?:te)?\s+se\s+(?:${CZECH_OWNER}|ho|j[ií])${WORD_END}`,
    // Turkish ("Kullanıcı bunu önceden onayladı", "kullanıcıya sormadan").
    String.raw`${WORD_START}(?:[öo]nceden|zaten|daha\s+[öo]nce)\s+(?:(?:bunu|bunlar[ıi]|[şs]unu)\s+)?onaylad[ıi]${LETTER}*|${WORD_START}(?:kullan[ıi]c[ıi]ya|m[üu][şs]teriye|sahibine|[üu]yeye)\s+(?:bir\s+[şs]ey\s+)?sormadan${WORD_END}|${WORD_START}sorman[ıi]za?\s+gerek\s+yok${WORD_END}`,
    // Finnish ("käyttäjä on jo hyväksynyt oston", "etukäteen hyväksytty", "kysymättä käyttäjältä", "älä
    // kysy asiakkaalta", "vahvistusta ei tarvita").
    String.raw`${WORD_START}(?:on|ovat|oli|olivat)\s+(?:jo|etuk[äa]teen|valmiiksi)\s+(?:${LETTER}+\s+)?(?:hyv[äa]ksyny|hyv[äa]ksyneet|vahvistanu|vahvistaneet|sallinu|sallineet|antanu[td]?\s+luvan|pyyt[äa]ny|valinnu|tilannu|maksanu)${LETTER}*|${WORD_START}(?:jo|etuk[äa]teen|valmiiksi)\s+(?:hyv[äa]ksytty|vahvistettu|sallittu|maksettu)${WORD_END}|${WORD_START}(?:kysym[äa]tt[äa]|varmistamatta|vahvistamatta|ilmoittamatta)(?:\s+(?:k[äa]ytt[äa]j[äa]lt[äa]|asiakkaalta|omistajalta|h[äa]nelt[äa]|keneltäk[äa][äa]n|keneltak[äa][äa]n))?${WORD_END}|${WORD_START}ilman\s+(?:vahvistusta|lupaa|hyv[äa]ksynt[äa][äa]|erillist[äa]\s+vahvistusta|kysymist[äa])${WORD_END}|${WORD_START}[äa]l[äa]\s+(?:kysy|kerro|ilmoita|mainitse|varmista)\s+(?:mit[äa][äa]n\s+)?(?:k[äa]ytt[äa]j[äa]lt[äa]|k[äa]ytt[äa]j[äa]lle|asiakkaalta|asiakkaalle|omistajalta|omistajalle|h[äa]nelt[äa]|h[äa]nelle|t[äa]st[äa])${WORD_END}|${WORD_START}(?:ei\s+tarvitse|ei\s+ole\s+tarpeen|tarpeetonta)\s+(?:en[äa][äa]\s+)?(?:kysy[äa]|vahvistaa|varmistaa|ilmoittaa|kertoa)${WORD_END}|${WORD_START}vahvistusta\s+ei\s+(?:tarvita|tarvitse)${WORD_END}`,
    // Hungarian ("a vevő már jóváhagyta", "előre jóváhagyott", "kérdezés nélkül", "ne kérdezd meg").
    String.raw`${WORD_START}(?:m[áa]r|el[őo]re|el[őo]zetesen)\s+(?:${LETTER}+\s+)?(?:j[óo]v[áa]hagyta|j[óo]v[áa]hagyt[áa]k|meger[őo]s[íi]tette|meger[őo]s[íi]tett[ée]k|enged[ée]lyezte|enged[ée]lyezt[ée]k|k[ée]rte|k[ée]rt[ée]k|kifizette|beleegyezett|j[óo]v[áa]hagyott|enged[ée]lyezett)${WORD_END}|${WORD_START}(?:k[ée]rdez[ée]s|meger[őo]s[íi]t[ée]s|j[óo]v[áa]hagy[áa]s|visszaigazol[áa]s|[ée]rtes[íi]t[ée]s)\s+n[ée]lk[üu]l${WORD_END}|${WORD_START}ne\s+(?:k[ée]rdezd|k[ée]rdezz[ée]k|k[ée]rdezz[ée]tek|k[ée]rdezze|sz[óo]lj|sz[óo]ljon|[ée]rtes[íi]tsd|[ée]rtes[íi]tse|eml[íi]tsd|eml[íi]tse)(?:\s+meg)?(?:\s+(?:a\s+)?(?:felhaszn[áa]l[óo]t|felhaszn[áa]l[óo]nak|v[áa]s[áa]rl[óo]t|vev[őo]t|vev[őo]nek|[üu]gyfelet|tulajdonost|tulajdonosnak|[őo]t|neki|semmit))?${WORD_END}|${WORD_START}nem\s+(?:kell|sz[üu]ks[ée]ges)\s+(?:m[ée]g\s+egyszer\s+|[úu]jra\s+)?(?:k[ée]rdezni|meger[őo]s[íi]teni|j[óo]v[áa]hagyatni|[ée]rtes[íi]teni|sz[óo]lni)${WORD_END}`,
    // Russian and Ukrainian ("пользователь уже одобрил", "без подтверждения пользователя", "не спрашивай
    // пользователя", "не потрібно підтверджувати"). Not "вы уже подтвердили": that is the reader's own step.
    String.raw`${CYRILLIC_START}(?<!(?:вы|ты|ви|ти|мы|ми|я)\s+)(?:уже|вже|заранее|заздалегідь)\s+(?:${CYRILLIC_LETTER}+\s+)?(?:одобрил|подтвердил|разрешил|согласил|согласовал|дал[аи]?\s+(?:сво[её]\s+)?согласие|авторизовал|схвали|підтверди|дозволи|погоди|дав\s+(?:сво[юї]\s+)?згоду|дал[аи]\s+(?:сво[юї]\s+)?згоду|одобрено|согласовано|схвалено|погоджено)${CYRILLIC_LETTER}*|${CYRILLIC_START}без\s+(?:подтверждения|согласия|ведома|підтвердження|згоди|відома)\s+${CYRILLIC_OWNER}${CYRILLIC_LETTER}*|${CYRILLIC_START}без\s+(?:подтверждения|підтвердження)(?=\s*(?:[.;:!,]|$))|${CYRILLIC_START}${foldable("не")}\s+(?:спрашивай|спрашивайте|спрашивая|уточняй|уточняйте|питай|питайте|запитуй|запитуйте|питаючи|запитуючи|уточнюй|уточнюйте)\s+(?:ничего\s+|нічого\s+|разрешения\s+|подтверждения\s+|дозволу\s+|підтвердження\s+)?(?:[уy]\s+)?${CYRILLIC_OWNER}${CYRILLIC_LETTER}*|${CYRILLIC_START}${foldable("не")}\s+(?:сообщай|сообщайте|уведомляй|уведомляйте|говори|говорите|повідомляй|повідомляйте|кажи|кажіть)\s+(?:об\s+этом\s+|про\s+це\s+|ничего\s+|нічого\s+)?${CYRILLIC_OWNER}${CYRILLIC_LETTER}*|${CYRILLIC_START}(?:${foldable("не")}\s+нужно|${foldable("не")}\s+надо|${foldable("не")}\s+требуется|${foldable("нет")}\s+необходимости|${foldable("не")}\s+потрібно|${foldable("не")}\s+треба|немає\s+потреби)\s+(?:ничего\s+|повторно\s+|снова\s+|ещ[её]\s+раз\s+|знову\s+)?(?:спрашивать|уточнять|подтверждать|переспрашивать|уведомлять|питати|запитувати|уточнювати|підтверджувати|повідомляти)${CYRILLIC_END}|${CYRILLIC_START}(?:подтверждение|підтвердження)\s+(?:пользователя\s+|користувача\s+)?(?:${foldable("не")}\s+требуется|${foldable("не")}\s+нужно|${foldable("не")}\s+потрібн${CYRILLIC_LETTER}*)`,
    // Greek ("ο χρήστης έχει ήδη εγκρίνει", "χωρίς να ρωτήσεις", "μην ενημερώσεις τον χρήστη").
    accentFree(
      String.raw`${GREEK_START}(?:έχει|έχουν|${foldable("εχει")}|${foldable("εχουν")})\s+(?:ήδη|εκ\s+των\s+προτέρων|προηγουμένως)\s+(?:${GREEK_LETTER}+\s+)?(?:εγκρίνει|επιβεβαιώσει|συμφωνήσει|εξουσιοδοτήσει|επιτρέψει|ζητήσει|αποδεχτεί|δώσει\s+(?:${GREEK_LETTER}+\s+)?(?:συγκατάθεση|έγκριση|άδεια))|${GREEK_START}(?:έχει|έχουν|${foldable("εχει")}|${foldable("εχουν")})\s+(?:ήδη\s+)?εγκριθεί\s+(?:από|εκ\s+των\s+προτέρων)|${GREEK_START}(?:ήδη|εκ\s+των\s+προτέρων)\s+εγκεκριμέν${GREEK_LETTER}*\s+από|${GREEK_START}χωρίς\s+(?:${foldable("να")}\s+(?:ρωτήσεις|ρωτήσετε|ρωτάς|ρωτάτε|ενημερώσεις|ενημερώσετε|ζητήσεις\s+επιβεβαίωση|ζητήσετε\s+επιβεβαίωση)|επιβεβαίωση|(?:την\s+)?έγκριση\s+(?:${GREEK_LETTER}+\s+)?(?:χρήστη|πελάτη))${GREEK_END}|${GREEK_START}(?:${foldable("μην")}|${foldable("μη")})\s+(?:ρωτήσεις|ρωτήσετε|ρωτάς|ρωτάτε|ενημερώσεις|ενημερώσετε|ενημερώνεις|ενοχλήσεις|πεις|αναφέρεις)\s+(?:τίποτα\s+)?(?:${GREEK_LETTER}+\s+)?(?:χρήστη|πελάτη|κάτοχο|ιδιοκτήτη)|${GREEK_START}δεν\s+(?:χρειάζεται|είναι\s+απαραίτητο|απαιτείται)\s+(?:${foldable("να")}\s+(?:ρωτήσεις|ρωτήσετε|επιβεβαιώσεις|επιβεβαιώσετε|ενημερώσεις|ενημερώσετε|ζητήσεις\s+επιβεβαίωση)|(?:καμία\s+)?επιβεβαίωση)${GREEK_END}`,
    ),
    // Romanian ("utilizatorul a aprobat deja", "fără să întrebi", "nu întreba utilizatorul", "nu este nevoie
    // să confirmi"). Not "ați confirmat deja": the reader's own step.
    String.raw`${WORD_START}(?:a|au|l-a|le-a|i-a)\s+(?:(?:aprobat|confirmat|autorizat|acceptat|permis|cerut|solicitat|validat|consim[tțţ]it|fost\s+de\s+acord)\s+(?:deja|[îi]n\s+prealabil)|(?:deja|[îi]n\s+prealabil)\s+(?:aprobat|confirmat|autorizat|acceptat|permis|cerut|solicitat|validat|consim[tțţ]it|fost\s+de\s+acord))${WORD_END}|${WORD_START}(?:a\s+fost|au\s+fost|este|sunt)\s+(?:deja\s+)?(?:aprobat|autorizat)${LETTER}*\s+(?:deja\s+|[îi]n\s+prealabil\s+)?de\s+(?:c[aă]tre\s+)?${ROMANIAN_OWNER}|${WORD_START}(?:pre-?aprobat|aprobat${LETTER}*\s+[îi]n\s+prealabil)${LETTER}*\s+de\s+(?:c[aă]tre\s+)?${ROMANIAN_OWNER}|${WORD_START}f[aă]r[aă]\s+(?:(?:a|s[aă])\s+(?:mai\s+)?(?:(?:cere|ceri|solicita|solici[tțţ]i)\s+(?:confirmare|permisiunea|acordul|aprobare)|[îi]ntreb${LETTER}*|anun[tțţ]${LETTER}*|informa|informezi|informa[tțţ]i|confirma|confirmi|confirma[tțţ]i)|confirmare(?:a)?|aprobare(?:a)?\s+${ROMANIAN_OWNER}|acordul\s+${ROMANIAN_OWNER})${WORD_END}|${WORD_START}nu\s+(?:(?:[îi]l|o)\s+)?(?:mai\s+)?(?:[îi]ntreba|[îi]ntreba[tțţ]i|anun[tțţ]a|anun[tțţ]a[tțţ]i|informa|informa[tțţ]i|deranja|deranja[tțţ]i)\s+(?:nimic\s+)?(?:pe\s+)?${ROMANIAN_OWNER}|${WORD_START}nu-?l\s+(?:mai\s+)?[îi]ntreba(?:[tțţ]i)?${WORD_END}|${WORD_START}nu\s+(?:este|e)\s+(?:nevoie|necesar)\s+(?:s[aă]\s+(?:mai\s+)?(?:[îi]ntreb|confirm|anun[tțţ]|informez)${LETTER}*|de\s+(?:confirmare|aprobare|permisiune))${WORD_END}|${WORD_START}nu\s+trebuie\s+s[aă]\s+(?:mai\s+)?(?:[îi]ntreb|confirm)${LETTER}*|${WORD_START}confirmarea\s+(?:utilizatorului\s+|clientului\s+)?nu\s+(?:mai\s+)?(?:este|e)\s+necesar[aă]${WORD_END}`,
    // Japanese.
    String.raw`(?:既に|すでに|事前に)\s*(?:承認|同意|許可|確認|了承)|承認済み|許可済み|確認済み|(?:確認|報告|連絡|通知)\s*(?:は|も)?\s*(?:不要|必要ありません|いりません)|(?:ユーザー|利用者|お客様|本人)\s*(?:に|へ)\s*(?:は|も)?\s*(?:確認|報告|連絡|伝え|知らせ|通知)\s*(?:しないで|せずに|する必要は|ないで|は不要)`,
  ]),
  dangerous_command: compile([
    String.raw`\brm\s+-[a-z]*[rf][a-z]*\b|\bsudo\s+\w|\bchmod\s+(?:[0-7]{3,4}|[+-]?[ugoa]*[+=][rwxs]+)\b|\bchown\s+-?\w|\bmkfs\b|\bdd\s+if=|\bshred\s|\bkill\s+-9\b|\bshutdown\s+(?:-h|now)|\bgit\s+push\s+(?:-f|--force)\b`,
    String.raw`\b(?:curl|wget)\s[^\n|]{0,160}\|\s*(?:sudo\s+(?:-E\s+)?)?(?:ba|z|da)?sh\b|\bbase64\s+(?:-d|--decode)\s*\||\/dev\/tcp\/|\bnc\s+-[a-z]*e\b|\bpowershell(?:\.exe)?\s+-(?:e|enc|encodedcommand)\b|\binvoke-(?:webrequest|expression)\b|\biex\s*\(`,
    String.raw`(?:~|\/home\/[\w.-]+|\/root|%userprofile%)\/\.(?:ssh|aws|gnupg|kube|docker|config\/gcloud)\b|\bid_(?:rsa|ed25519|ecdsa)\b|\bauthorized_keys\b|\/etc\/(?:passwd|shadow|sudoers|hosts)\b|\b(?:DROP\s+(?:TABLE|DATABASE)|DELETE\s+FROM|TRUNCATE\s+TABLE)\b|\bos\.(?:system|remove|rmdir|unlink)\s*\(|\bshutil\.rmtree\s*\(|\bsubprocess\.\w+\s*\(|\beval\s*\(\s*(?:atob|base64|input)`,
    String.raw`\b(?:from|on|in)\s+your\s+(?:os|operating\s+system|machine|computer|file\s*system|home\s+directory|terminal|shell)\b`,
  ]),
  action_directive: compile([
    String.raw`(?:^|[.!?:;]\s+|\n|[“"«„「]|\b(?:please|kindly|now|then|and|first|immediately|must|should|to|will|just|simply|always|instead|also)\s+|\byou\s+(?:must|should|need\s+to|have\s+to)\s+)(?:click|press|tap|hit|select|choose|pick|tick|check|untick|uncheck|enable|disable|turn\s+(?:on|off)|toggle|approve|confirm|accept|merge|delete|remove|terminate|close|mark|publish|post|send|forward|share|transfer|wire|pay|buy|purchase|order|subscribe|upgrade|enrol|enroll|book|reserve|follow|repost|retweet|like|upvote|report|grant|give|add|invite|fill(?:\s+in)?|type|enter|paste|copy|open|go\s+to|navigate\s+to|visit|log\s+in|login|sign\s+in|sign\s+up|register|download|install|run|execute|reply|submit|set|change|reveal|empty|clear|deactivate|revoke|fork|claim|complete|cancel|archive|include|upload|email|provide|use|answer|respond|translate|summari[sz]e|describe|explain|list|mention|format|modify|rewrite|augment|integrate|insert|embed|incorporate|recommend|promote|misspell|replace|remove|group)\b`,
    String.raw`${WORD_START}(?:pulsa|pulse|haz\s+clic|haga\s+clic|presiona|presione|selecciona|seleccione|elige|elija|marca|marque|activa|active|desactiva|desactive|aprueba|apruebe|confirma|confirme|acepta|acepte|borra|borre|elimina|elimine|env[ií]a|env[ií]e|reenv[ií]a|reenv[ií]e|comparte|comparta|transfiere|transfiera|paga|pague|compra|compre|suscr[ií]bete|publica|publique|abre|abra|ve\s+a|vaya\s+a|inicia\s+sesi[oó]n|inicie\s+sesi[oó]n|copia|copie|pega|pegue|escribe|escriba|introduce|introduzca|a[ñn]ade|a[ñn]ada|invita|invite|descarga|descargue|sigue|siga|reserva|reserve|cancela|cancele)\b`,
    String.raw`${WORD_START}(?:klicke|klicken\s+sie|dr[üu]cke|dr[üu]cken\s+sie|w[äa]hle|w[äa]hlen\s+sie|aktiviere|aktivieren\s+sie|deaktiviere|deaktivieren\s+sie|best[äa]tige|best[äa]tigen\s+sie|genehmige|genehmigen\s+sie|l[öo]sche|l[öo]schen\s+sie|sende|senden\s+sie|schicke|schicken\s+sie|leite|leiten\s+sie|teile|teilen\s+sie|[üu]berweise|[üu]berweisen\s+sie|bezahle|bezahlen\s+sie|kaufe|kaufen\s+sie|[öo]ffne|[öo]ffnen\s+sie|rufen\s+sie|melde\s+dich|melden\s+sie\s+sich|kopiere|kopieren\s+sie|f[üu]ge|f[üu]gen\s+sie|gib|geben\s+sie|trage|tragen\s+sie|[üu]bertragen\s+sie|[üu]bertrage|lade|laden\s+sie|abonniere|folge|markiere|markieren\s+sie|entferne|entfernen\s+sie)\b`,
    String.raw`${WORD_START}(?:cliquez|cliquer|clique|appuyez|s[ée]lectionnez|choisissez|cochez|d[ée]cochez|activez|d[ée]sactivez|approuvez|confirmez|acceptez|validez|supprimez|envoyez|transf[ée]rez|transmettez|partagez|payez|achetez|ouvrez|allez|connectez-vous|copiez|collez|saisissez|entrez|ajoutez|invitez|t[ée]l[ée]chargez|abonnez-vous|suivez|r[ée]servez|publiez)\b`,
    String.raw`${WORD_START}(?:clique|clica|carregue|carrega|pressione|selecione|escolha|marque|ative|desative|aprove|confirme|aceite|apague|envie|encaminhe|partilhe|compartilhe|transfira|pague|compre|abra|copie|cole|escreva|introduza|adicione|convide|descarregue|baixe|siga|reserve|cancele|torne)\b`,
    String.raw`${WORD_START}(?:clicca|cliccate|premi|premete|seleziona|selezionate|scegli|scegliete|spunta|attiva|disattiva|approva|approvate|conferma|confermate|accetta|elimina|cancella|invia|inviate|inoltra|condividi|trasferisci|paga|pagate|acquista|compra|apri|aprite|vai\s+(?:a|su)|accedi|copia|incolla|scrivi|inserisci|aggiungi|invita|scarica|segui|prenota|annulla|pubblica)\b`,
    String.raw`\b(?:klik|druk\s+op|selecteer|kies|vink|activeer|deactiveer|bevestig|accepteer|verwijder|verstuur|stuur|verzend|betaal|koop|bestel|ga\s+naar|log\s+in|kopieer|plak|typ|vul|voeg|download|volg|reserveer|annuleer|publiceer|keur)\b`,
    String.raw`${WORD_START}(?:kliknij|naci[śs]nij|wybierz|zaznacz|odznacz|w[łl][ąa]cz|wy[łl][ąa]cz|zatwierd[źz]|potwierd[źz]|zaakceptuj|usu[ńn]|wy[śs]lij|prze[śs]lij|przeka[żz]|udost[ęe]pnij|przelej|zap[łl]a[ćc]|kup|zam[óo]w|otw[óo]rz|przejd[źz]\s+do|zaloguj\s+si[ęe]|skopiuj|wklej|wpisz|wprowad[źz]|dodaj|zapro[śs]|pobierz|obserwuj|zarezerwuj|anuluj|opublikuj)${WORD_END}`,
    String.raw`${WORD_START}(?:klicka|klikk|klikke|klik|tryck|trykk|tryk|v[äa]lj|v[æa]lg|velg|markera|skicka|skick|bjud\s+in|inviter|godk[äa]nn|godkend|godkjenn|bekr[äa]fta|bekr[æa]ft|bekreft|radera|slett|slet|ta\s+bort|betala|betal|k[öo]p|k[øo]b|kj[øo]p|[öo]ppna|[åa]bn|[åa]pne|logga\s+in|log\s+ind|logg\s+inn|kopiera|kopier|klistra\s+in|ange|angiv|oppgi|l[äa]gg\s+till|tilf[øo]j|legg\s+til|ladda\s+ner|boka|bestill|publicera|publicer|vidarebefordra|videresend)${WORD_END}`,
    String.raw`${WORD_START}(?:klikn[ěe]te|klikni|stiskn[ěe]te|zvolte|vyberte|za[šs]krtn[ěe]te|potvr[ďd]te|schvalte|sma[žz]te|odstra[ňn]te|ode[šs]lete|po[šs]lete|p[řr]epo[šs]lete|sd[íi]lejte|zapla[ťt]te|kupte|otev[řr]ete|p[řr]ejd[ěe]te\s+na|p[řr]ihlaste\s+se|zkop[íi]rujte|vlo[žz]te|zadejte|p[řr]idejte|pozv[ěe]te|st[áa]hn[ěe]te|zru[šs]te|zve[řr]ejn[ěe]te)${WORD_END}`,
    String.raw`${WORD_START}(?:t[ıi]kla|g[öo]nder|payla[şs]|onayla|sat[ıi]n\s+al|kopyala|yap[ıi][şs]t[ıi]r|adresine\s+git|sayfas[ıi]n[ıi]\s+a[çc])${WORD_END}`,
    // Finnish imperatives (not "lisää" or "jaa", which also mean "more" and "well").
    `${WORD_START}(?:paina|painakaa|klikkaa|klikatkaa|napsauta|napsauttakaa|valitse|valitkaa|hyv[äa]ksy|hyv[äa]ksyk[äa][äa]|vahvista|vahvistakaa|poista|poistakaa|l[äa]het[äa]|l[äa]hett[äa]k[äa][äa]|v[äa]lit[äa]|v[äa]litt[äa]k[äa][äa]|maksa|maksakaa|osta|ostakaa|avaa|avatkaa|kirjaudu|kirjautukaa|kopioi|kopioikaa|liit[äa]|liitt[äa]k[äa][äa]|sy[öo]t[äa]|kirjoita|kirjoittakaa|kutsu|kutsukaa|lataa|ladatkaa|tilaa|tilatkaa|varaa|varatkaa|julkaise|julkaiskaa|siirr[äa]|siirt[äa]k[äa][äa])${WORD_END}`,
    // Hungarian imperatives ("nyomjátok meg", "kattints", "fizessetek").
    String.raw`${WORD_START}(?:kattints|kattintson|kattintsatok|nyomd\s+meg|nyomja\s+meg|nyomj[áa]tok\s+meg|v[áa]laszd|v[áa]lassza|v[áa]lassz|er[őo]s[íi]tsd\s+meg|er[őo]s[íi]tse\s+meg|hagyd\s+j[óo]v[áa]|hagyja\s+j[óo]v[áa]|t[öo]r[öo]ld|t[öo]r[öo]lje|k[üu]ldd\s+el|k[üu]ldje\s+el|k[üu]ldj[ée]tek|tov[áa]bb[íi]tsd|tov[áa]bb[íi]tsa|fizess|fizessen|fizessetek|v[áa]s[áa]rold\s+meg|v[áa]s[áa]rolja\s+meg|nyisd\s+meg|nyissa\s+meg|jelentkezz\s+be|jelentkezzen\s+be|m[áa]sold|m[áa]solja|illeszd\s+be|illessze\s+be|[íi]rd\s+be|[íi]rja\s+be|add\s+meg|adja\s+meg|foglald\s+le|foglalja\s+le|rendeld\s+meg|rendelje\s+meg)${WORD_END}`,
    // Russian and Ukrainian imperatives ("нажмите", "перешли", "надішліть").
    `${CYRILLIC_START}(?:нажми|нажмите|кликни|кликните|щ[её]лкни|щ[её]лкните|выбери|выберите|подтверди|подтвердите|одобри|одобрите|удали|удалите|отправь|отправьте|перешли|перешлите|оплати|оплатите|купи|купите|открой|откройте|войди|войдите|скопируй|скопируйте|вставь|вставьте|введи|введите|забронируй|забронируйте|закажи|закажите|натисни|натисніть|клацни|клацніть|обери|оберіть|вибери|виберіть|підтверди|підтвердіть|схвали|схваліть|видали|видаліть|надішли|надішліть|відправ|відправте|перешліть|оплатіть|купіть|відкрий|відкрийте|увійди|увійдіть|скопіюй|скопіюйте|встав|вставте|введіть|забронюй|забронюйте|замов|замовте)${CYRILLIC_END}`,
    // Greek imperatives ("πατήστε", "στείλε", "κάντε κλικ").
    accentFree(
      `${GREEK_START}(?:πάτα|πατήστε|πάτησε|κάνε\\s+κλικ|κάντε\\s+κλικ|επίλεξε|επιλέξτε|επιβεβαίωσε|επιβεβαιώστε|έγκρινε|εγκρίνετε|διάγραψε|διαγράψτε|στείλε|στείλτε|προώθησε|προωθήστε|πλήρωσε|πληρώστε|αγόρασε|αγοράστε|άνοιξε|ανοίξτε|συνδέσου|συνδεθείτε|αντίγραψε|αντιγράψτε|επικόλλησε|επικολλήστε|εισάγετε|πληκτρολόγησε|πληκτρολογήστε|κλείστε\\s+ραντεβού)${GREEK_END}`,
    ),
    // Romanian imperatives (not "deschide" or "comandă", which are also "opens" and "order").
    String.raw`${WORD_START}(?:ap[aă]s[aă]|ap[aă]sa[tțţ]i|face[tțţ]i\s+clic|f[aă]\s+clic|d[aă]\s+clic|selecteaz[aă]|selecta[tțţ]i|alege[tțţ]i|confirm[aă]|confirma[tțţ]i|aprob[aă]|aproba[tțţ]i|[șşs]terge[tțţ]i|[șşs]terge|trimite[tțţ]i|trimite|redirec[tțţ]ioneaz[aă]|redirec[tțţ]iona[tțţ]i|pl[aă]te[șşs]te|pl[aă]ti[tțţ]i|cump[aă]r[aă]|cump[aă]ra[tțţ]i|deschide[tțţ]i|autentific[aă]-te|autentifica[tțţ]i-v[aă]|conecteaz[aă]-te|conecta[tțţ]i-v[aă]|copiaz[aă]|copia[tțţ]i|lipe[șşs]te|lipi[tțţ]i|introdu|introduce[tțţ]i|rezerva[tțţ]i|comanda[tțţ]i|transfer[aă]|transfera[tțţ]i)${WORD_END}`,
    `(?:点击|单击|按下|勾选|取消勾选|删除|发送|转发|分享|批准|购买|支付|付款|转账|登录|打开|前往|访问|填写|输入|复制|粘贴|关注|点赞|设为|设置为|授予|添加|邀请|下载|安装|提交|领取)`,
    `(?:クリック|押して|押下|選択して|チェックを入れ|チェックして|削除して|送信して|転送して|共有して|承認して|購入して|支払って|ログインして|開いて|入力して|貼り付けて|コピーして|付与して|フォローして|予約して|ダウンロードして|インストールして|設定して|ボタンを押)`,
  ]),
  secret_mention: compile([
    String.raw`\b(?:passwords?|passcodes?|passphrases?|credentials?|log-?in\s+(?:details|info)|saved\s+logins?|api[\s_-]?keys?|access\s+(?:keys?|tokens?)|secret\s+keys?|private\s+keys?|tokens?|session\s+(?:cookies?|tokens?|ids?)|(?:auth(?:entication)?|login|browser|your|their|saved|stored)\s+cookies?|cookies?\s+(?:values?|jar|header|strings?|files?)|document\.cookie|one-time\s+(?:codes?|passwords?|pins?)|otps?|2fa\s+codes?|verification\s+codes?|security\s+codes?|recovery\s+(?:codes?|keys?|phrases?)|backup\s+codes?|seed\s+phrases?|card\s+numbers?|credit\s+cards?|saved\s+(?:card|payment\s+method)s?|cvv|cvc|ssn|social\s+security\s+numbers?|bank\s+(?:account\s+)?(?:numbers?|details)|account\s+numbers?|iban|routing\s+numbers?|secrets?|ssh\s+keys?|id_rsa|\.env\s+files?|environment\s+variables)\b`,
    String.raw`\b(?:the\s+)?(?:user|customer|owner|patient|account\s+holder)['’]?s?\s+(?:inbox|e-?mails?|mailbox|files|contacts|address\s+book|documents|messages|medical\s+records|records|results|history|personal\s+(?:data|information|details)|e-?mail\s+address|phone\s+number|home\s+address|session)\b|\b(?:contents?\s+of\s+(?:the\s+)?(?:user['’]s\s+)?(?:inbox|mailbox|account|drive))\b|\ball\s+(?:of\s+)?(?:the\s+user['’]s|their|his|her|the\s+customer['’]s|the\s+account['’]s|this\s+account['’]s)\s+(?:files|e-?mails|contacts|invoices|messages|documents|records|data)\b`,
    String.raw`\b(?:contrase[ñn]as?|credenciales|c[oó]digos?\s+(?:de\s+un\s+solo\s+uso|de\s+verificaci[oó]n|de\s+seguridad|de\s+recuperaci[oó]n)|n[uú]mero\s+de\s+(?:la\s+)?tarjeta|tarjeta\s+guardada|datos\s+bancarios|claves?\s+(?:de\s+api|secreta|privada))\b`,
    String.raw`\b(?:passw(?:ö|oe|o)rt(?:er)?|kennw(?:ö|o)rt|zugangsdaten|anmeldedaten|api-?schl[üu]ssel|schl[üu]ssel|einmalcode|best[äa]tigungscode|sicherheitscode|wiederherstellungscodes?|kartennummer|kreditkarte|alle\s+dateien\s+(?:dieses|des|ihres|seines|ihrer))\b`,
    String.raw`\b(?:mots?\s+de\s+passe|identifiants|cl[ée]s?\s+(?:d['’]api|api|secr[èe]te|priv[ée]e)|jetons?|codes?\s+(?:[àa]\s+usage\s+unique|de\s+v[ée]rification|de\s+s[ée]curit[ée]|de\s+r[ée]cup[ée]ration)|num[ée]ro\s+de\s+carte|carte\s+bancaire|cryptogramme|r[ée]sultats)\b`,
    String.raw`\b(?:credenziali|codic[ei]\s+(?:di\s+verifica|otp|di\s+sicurezza|monouso|di\s+recupero)|numero\s+della\s+carta|carta\s+di\s+credito|chiav[ei]\s+(?:api|segret[ae]|privat[ae])|wachtwoord(?:en)?|inloggegevens|verificatiecode|beveiligingscode|herstelcode|eenmalige\s+code|kaartnummer|api-?sleutel|geheime\s+sleutel|pincode|rekeningnummer)\b`,
    String.raw`${WORD_START}(?:has[łl](?:o|a|em|ami)?|dane\s+(?:logowania|karty|dost[ęe]powe)|kod(?:y|u|em)?\s+(?:weryfikacyjn|jednorazow|sms|autoryzacyjn|z\s+czytnika|zabezpieczaj|odzyskiwania|zapasow|pin)|numer(?:u)?\s+(?:karty|konta|rachunku)|kart(?:a|y|[ęe])\s+kredytow|klucz(?:a|e|y)?\s+(?:api|prywatn|tajn|odzyskiwania))`,
    String.raw`${WORD_START}(?:salasan|tunnusluku|tunnusluvu|tunnusluv|verkkopankkitunnuks|pankkitunnuks|kirjautumistie|vahvistuskoodi|turvakoodi|kertak[äa]ytt[öo]koodi|kertak[äa]ytt[öo]inen\s+koodi|varmistuskoodi|palautuskoodi|pin-koodi|kortin\s+numero|kortinnumero|luottokorti|luottokortin|korttitie|tilinumero|api-avain|salainen\s+avain|yksityinen\s+avain)${LETTER}*`,
    String.raw`${WORD_START}(?:jelsz[óo]|jelszav|pin-k[óo]d|ellen[őo]rz[őo]\s+k[óo]d|biztons[áa]gi\s+k[óo]d|egyszer\s+haszn[áa]latos\s+k[óo]d|meger[őo]s[íi]t[őo]\s+k[óo]d|k[áa]rtyasz[áa]m|bankk[áa]rty|hitelk[áa]rty|hiteles[íi]t[őo]\s+adat|bel[ée]p[ée]si\s+adat|api-kulcs|titkos\s+kulcs|priv[áa]t\s+kulcs|sz[áa]mlasz[áa]m)${LETTER}*`,
    String.raw`${CYRILLIC_START}(?:парол|одноразов${CYRILLIC_LETTER}*\s+(?:код|парол)|код${CYRILLIC_LETTER}*\s+(?:подтвержден|підтвердженн|из\s+(?:sms|смс)|з\s+(?:sms|смс)|безопасност|безпеки|верификац|верифікац)|проверочн${CYRILLIC_LETTER}*\s+код|(?:pin|пин|пін)-?к[оo]д|номер${CYRILLIC_LETTER}*\s+(?:банковской\s+|банківської\s+|кредитной\s+|кредитної\s+)?карт|уч[её]тн${CYRILLIC_LETTER}*\s+данн|обл[іi]ков${CYRILLIC_LETTER}*\s+дан|данн${CYRILLIC_LETTER}*\s+для\s+входа|дан[іi]\s+для\s+входу|api-?ключ|ключ${CYRILLIC_LETTER}*\s+(?:api|доступа|доступу)|секретн${CYRILLIC_LETTER}*\s+ключ|приватн${CYRILLIC_LETTER}*\s+ключ|сид-фраз)`,
    accentFree(
      String.raw`${GREEK_START}(?:κωδικ${GREEK_LETTER}*\s+(?:πρόσβασης|μιας\s+χρήσης|επιβεβαίωσης|επαλήθευσης|ασφαλείας|εισόδου|pin|otp|sms)|συνθηματικ|αριθμ${GREEK_LETTER}*\s+(?:${GREEK_LETTER}+\s+){0,2}?κάρτας|διαπιστευτήρι|στοιχεία\s+(?:σύνδεσης|πρόσβασης|κάρτας)|κλειδί\s+api|api\s+κλειδί|μυστικ${GREEK_LETTER}*\s+κλειδ|ιδιωτικ${GREEK_LETTER}*\s+κλειδ)`,
    ),
    String.raw`${WORD_START}(?:parol(?:ă|ei|ele)|parola\s+(?:ta|dvs|dumneavoastr[aă]|contului|de\s+acces|utilizatorului|clientului)|parole(?:le)?\s+(?:salvate|de\s+acces)|cod(?:ul|uri|urile)?\s+(?:de\s+)?(?:verificare|confirmare|securitate|autentificare|unic[aă]?\s+folosin[tțţ][aă]|acces|otp|pin|sms)|cod(?:ul)?\s+unic|num[aă]r(?:ul)?\s+(?:de\s+)?card(?:ului)?|date(?:le)?\s+(?:de\s+)?(?:autentificare|conectare|logare|card(?:ului)?)|creden[tțţ]ial${LETTER}*|chei(?:a|e|le)\s+(?:api|secret[aă]|privat[aă])|codul\s+cvv)${WORD_END}`,
    `密码|口令|密钥|秘钥|令牌|验证码|动态码|一次性(?:密码|验证码)|凭据|凭证|卡号|银行卡|信用卡|安全码|恢复码|备份码|助记词|私钥|(?:账户|帐户)的?(?:所有)?(?:文件|邮件)`,
    `パスワード|暗証番号|認証コード|確認コード|ワンタイム(?:パスワード|コード)|セキュリティコード|リカバリー?コード|バックアップコード|秘密鍵|APIキー|アクセスキー|トークン|カード番号|クレジットカード|口座番号|資格情報`,
  ]),
};

/** Where data can leave the page: an address, a link, or the agent's own reply. */
export const EXFILTRATION_DESTINATIONS: RegExp =
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/[^\s"'<>)\]]+|\b(?:[\w-]+\.)+(?:com|net|org|io|example|xyz|ru|cn|info|biz|co|app|dev|site|top|online|link|click|me)(?:\/[^\s"'<>)\]]*)?|\b(?:in|into|to|with)\s+(?:your|the)\s+(?:next\s+)?(?:reply|response|answer|output|summary|chat|comment|message|composer)\b|\b(?:reply|respond|comment|post)\s+(?:to\s+)?(?:this|the)\s+(?:post|thread|comment|issue|message|e-?mail|ticket|review)\s+with\s+(?:the\s+|its\s+|their\s+)?(?:contents?|file|data|output|details|keys?|codes?|passwords?|tokens?|secrets?)\b|\ben\s+(?:el|tu)\s+chat\b|\bdans\s+(?:votre|la)\s+r[ée]ponse\b|回复中|回答中|返信に|回答に/gi;

/** A verb that sends, copies or carries something to a destination. */
export const TRANSFER_VERBS: RegExp = new RegExp(
  String.raw`\b(?:send|sends|sending|forward|forwarding|e-?mail\s+(?:it|them|this|the|all|a\s+copy)|mail\s+(?:it|them|this)|share|sharing|upload|post\s+(?:it|them|the|this)|submit\s+(?:it|them|the)|transmit|copy|paste|include|append|leak|export|sync|deliver|hand\s+(?:it|them)\s+(?:over|along)|provide|report\s+(?:it|them|back)|add\s+[\w.+-]+@|invite|cc|bcc)\b|${WORD_START}(?:env[ií]a|env[ií]e|env[ií]ar|reenv[ií]a|reenv[ií]e|comparte|comparta|compartir|copia|copie|pega|pegue|transmite|a[ñn]ade|a[ñn]ada|sube|manda|mande|invita)\b|${WORD_START}(?:senden|sende|schicke|schicken|leite|weiterleiten|[üu]bertragen|[üu]bertrage|teilen|teile|kopieren|kopiere|einf[üu]gen|hochladen)\b|${WORD_START}(?:envoyez|envoie|envoyer|transf[ée]rez|transmettez|transmis|transmettre|partagez|partager|copiez|collez|ajoutez|communiquez)\b|${WORD_START}(?:invia|inviare|inoltra|inoltrare|condividi|condividere|copia|copiare|incolla|carica|manda|stuur|verstuur|versturen|doorsturen|kopieer|plak)\b|${WORD_START}(?:wy[śs]lij|prze[śs]lij|przeka[żz]|udost[ęe]pnij|skopiuj|wklej|dodaj|za[łl][ąa]cz)${WORD_END}|发送|发到|发给|转发|分享|复制|粘贴|上传|提交|送信|送って|転送|共有|コピー|貼り付け|アップロード`,
  "i",
);

/** A verb that takes the agent to a destination: a way out only with private data along. */
export const NAVIGATION_VERBS: RegExp =
  /\b(?:open|visit|go\s+to|navigate|head\s+(?:over\s+)?to|log\s*in|sign\s*in|register|verify|enter|type|claim|call|rufen|aufrufen|melde|anmelden|[öo]ffnen|besuchen|abre|visita|inicia\s+sesi[oó]n|ouvrez|visitez|connectez|allez|saisissez|apri|visita|vai|accedi|bezoek|ga\s+naar|inloggen)\b|(?<![\w\u00c0-\u024f])(?:otw[óo]rz|odwied[źz]|przejd[źz]\s+do|zaloguj\s+si[ęe]|wpisz|wprowad[źz])(?![\w\u00c0-\u024f])|登录|前往|访问|打开|填写|输入|ログイン|開いて|アクセス|入力/i;

/** A link that carries data in its query: `?key=`, `&token=`, ... */
export const DATA_IN_LINK =
  /[?&](?:key|token|secret|password|pass|pw|cookie|session|sid|data|code|otp|card|pan|cvv|email|user|u|q)=/i;

/**
 * How a line that addresses agents opens ("Note for AI agents", "Dear assistant", "An alle KI-Agenten",
 * "AIアシスタントへ"): such a line is an address even as a heading with no punctuation.
 */
export const VOCATIVE_OPENING: RegExp =
  /^(?:note|notes|message|notice|instructions?|attention|attn|reminder|memo|directive|to|dear|hey|hi|hello|for|important|urgent|nota|mensaje|aviso|atenci[oó]n|para|hinweis|nachricht|achtung|an|f[üu]r|liebe[rs]?|avis|consigne|[àa]|aux|pour|cher|ch[èe]re|messaggio|avviso|attenzione|caro|cara|gentile|notitie|bericht|let\s+op|aan|beste|wiadomo[śs][ćc]|uwaga|dla|drog[ia]|szanown[ya]|ohje|huomio|huom|viesti|hyv[äa]|hei|not[aă]|mesaj|aten[tțţ]ie|drag[aă]|stimate)(?![\w\u00c0-\u024f])|^(?:примечани|сообщени|внимани|уважаем|дорог|примітк|повідомлен|увага|шановн|σημε[ίι]ωση|μ[ήη]νυμα|προσοχ[ήη]|αγαπητ)|^(?:致|给|各位|亲爱的)|(?:へ|各位|の皆様|の皆さん)$/i;

/** Words that mark text as quoted or shown as an example. */
export const EXAMPLE_MARKERS: RegExp =
  /\b(?:for\s+example|for\s+instance|e\.g\.|examples?|samples?|such\s+as|like\s+th(?:is|ese)|looks?\s+like|real\s+(?:ones|examples)|collected|shown\s+here|here\s+(?:is|are)\s+(?:what|some|a|an|three|two|real)|we\s+(?:received|found|collected|saw|removed)|ended\s+with|reads?\s*:|something\s+like|quoted?|por\s+ejemplo|ejemplos?|zum\s+beispiel|beispiele?|par\s+exemple|exemples?|ad\s+esempio|per\s+esempio|esempi[o]?|bijvoorbeeld|voorbeelden?|na\s+przyk[łl]ad|przyk[łl]ad(?:y|owe|owy)?|esimerkiksi|esimerkk(?:i|ej[äa]|in[äa])|esim\.|p[ée]ld[áa]ul|p[ée]ld[áa]k?|pl\.|de\s+exemplu|spre\s+exemplu|exemplu|exemplele)(?![\w\u00c0-\u024f])|(?<![а-яёіїєґ])(?:например|к\s+примеру|пример|примеры|наприклад|приклад|приклади)(?![а-яёіїєґ])|(?<![α-ωάέήίόύώ])(?:για\s+παράδειγμα|για\s+παραδειγμα|παράδειγμα|παραδειγμα|παραδείγματα|παραδειγματα|π\.χ\.)|例如|比如|示例|例子|例えば|例：|サンプル/i;

/** Words that say the page is about attacks on agents: what it quotes is an example, not an order. */
export const DISCUSSION_MARKERS: RegExp =
  /\bprompt[- ]injections?\b|\binjection\s+attacks?\b|\bhidden\s+(?:instructions?|text|sentences)\b|\battackers?\b|\bphishing\b|\bscam(?:s|mers?|ming)?\b|\bfraud(?:ulent|sters?)?\b|\bmalicious\b|\bsocial\s+engineering\b|\bimpersonat|\bhijack|\btext\s+like\s+this\b|\binyecci[oó]n\s+de\s+(?:prompts?|instrucciones)\b|\bprompt-injection\b|\binjection\s+de\s+(?:prompt|commandes?)\b|\biniezion[ei]\s+di\s+(?:prompt|istruzioni)\b|\bprompt-injectie\b|\btruff[ae]\b|\boplichting\b|\boplichters?\b|\bwstrzykiwani[ea]\s+(?:polece[ńn]|prompt[óo]w)|\boszu[sś]t|\bkehoteinjekti|\bhuijau[ks]|\bhuijari|\btietojenkalastelu|\bprompt-injekci|\badathal[áa]sz|\bcsal[óo]k?\b|\bcsal[áa]s|(?<![\w\u00c0-\u024f])(?:injec[tțţ]i[ae]\s+de\s+prompt|injectare\s+de\s+prompt|escroc|[îi]n[șşs]el[aă]torie|frauduloas|fraudel|atacator)|(?<![а-яёіїєґ])(?:промпт-инъекци|инъекци[яи]\s+промпт|фишинг|мошенни|злоумышленни|промпт-ін['’ʼ]?єкці|фішинг|шахра|зловмисни)|(?<![α-ωάέήίόύώ])(?:έγχυση\s+(?:εντολών|προτροπών)|εγχυση\s+(?:εντολων|προτροπων)|ψάρεμα|ψαρεμα|απάτ|απατ|απατεών|κακόβουλ|κακοβουλ)|提示(?:词)?注入|プロンプトインジェクション/i;

/**
 * The trigger: every text that can score holds at least one of these words (a trailing `*` means any word
 * starting so, `~` a space) or symbols. The capture keeps only places that match (and their neighbours), so the
 * in-page work and the transfer stay small on big pages; the detector runs its patterns only on them. It
 * is deliberately broad; tests check it against the detector's own matches.
 */
const TRIGGER_TERMS = `
ai a.i. llm gpt genai ki ia ui bot bots chatbot* copilot* crawler* assistant* asistent* assistent* agent* model models
automated autonomous automatis* automatizad* system* sistema système systeme sys inst tool* function_call developer
ignor* disregard* forget* override* supersede* bypass* omit* descart* instruction* instrucci* anweisung* consigne*
directive* prompt* priority precedence prioridad priorit* vorrang prime compte mode modo modus wartungsmodus
entwicklermodus pre-approved preapproved pre~approved approved authorized authorised agreed consented confirmed already
asked requested without never necessary need needs needed ask tell mention reveal silently secret* passw* passcode*
passphrase* credential* login logins token tokens cookie cookies otp otps 2fa code codes código* codigo* key keys cvv
cvc ssn iban card cards tarjeta* carte karte* kartennummer account bank inbox mailbox contacts files records results
résultats resultats whatever instead follow* real from~now you~are you're your~new your~true your~actual eres bist
êtes etes if~you dear hey note notice nota aviso hinweis nachricht mensaje message avis attention atención atencion
achtung genehmigt freigegeben bestätigt bestatigt rückfrage ruckfrage nachfrage ohne sans sin inutile besoin
hace~falta aprob* autoriz* confirm* approuv* autoris* déjà deja ya bereits schon vorab pidió pidio demand* olvid*
oubli* vergiss* vergessen missacht* zugangsdaten anmeldedaten kennw* schlüssel* schlussel* identifiants mot~de~passe
mots~de~passe contrase* credenciales jeton jetons clé clés cle cles wiederherstellungs* einmalcode bestätigungscode
bestatigungscode sicherheitscode dateien reply replies response responses chat respuesta réponse reponse scam* fraud*
phishing malicious attacker* injection* impersonat* hijack* engineering inyecci* hidden example* ejemplo* beispiel*
exemple* rm sudo chmod chown mkfs dd shred kill shutdown curl wget base64 powershell invoke-* iex nc ssh id_rsa
id_ed25519 authorized_keys drop delete truncate os shutil subprocess eval etc your~os your~operating your~machine
your~computer your~file your~home your~terminal your~shell human~reader* only before next~step important urgent
critical env answer answers output summary translation solution
istruzion* instructie* negeer* vergeet* dimentic* tralascia modalit* systeem* già gia approvat* confermat*
goedgekeurd toegestaan vooraf zonder senza necessari* nodig credenzial* codic* chiav* wachtwoord* inloggegevens
verificatiecode beveiligingscode herstelcode kaartnummer sleutel* pincode rekeningnummer notitie bericht* mededeling*
aanwijzing* messaggi* avviso attenzione promemoria comunicazion* esempi* bijvoorbeeld voorbeeld* iniezion* truff*
oplicht* taalmodel*
asystent* asystenc* agenc* wiadomo* uwaga dla komunikat* polecen* instrukcj* systemow* zignoruj* ignoruj*
pomiń* pomin* zapomnij* pierwsze* już* juz zatwierdz* zatwierdź* zaakceptowa* potwierdzi* autoryzowa* zgodzi* bez
pytaj* pytania informuj* wspominaj* trzeba musisz hasł* hasl* kod kody kodu czytnik* karty klucz* sztuczn* jeśli* jesli*
przykład* przyklad* wstrzykiw* oszust*
redan allerede godkänt godkant godkendt godkjent behöver behover behøver trenger trengs utan uden uten schválil* schvalil*
potvrdil* nemusít* nemusit* neptej* předem predem už
asistan* ajan* yapay onayla* sormadan sorman*
tekoäly* tekoaly* avustaj* agentti* agenteil* botti* kielimall* ohje* huomio huom viesti* hyväksy* hyvaksy* etukäteen
etukateen kysymättä kysymatta varmistamatta vahvistamatta ilmoittamatta ilman älä tarvitse salasan* tunnusluku*
tunnusluv* tunnuks* vahvistuskoodi* turvakoodi* kertakäyttö* kertakaytto* korti* kortin* luottokort* tilinumero*
kehoteinjekti* huijau* huijari* tietojenkalastelu* esimerk* esim
mi-asszisztens* asszisztens* ügynök* ugynok* mesterséges mesterseges megjegyzés* megjegyzes* utasítás* utasitas*
figyelem jóváhagy* jovahagy* megerősít* megerosit* engedélyez* engedelyez* nélkül nelkul kérdezd* kerdezd* kérdezz*
kerdezz* jelszó* jelszo* jelszav* kártyaszám* kartyaszam* bankkárty* bankkarty* hitelkárty* hitelkarty* kód kod
prompt-injekci* adathalász* adathalasz* csaló* csalo* csalás* csalas* például peldaul
asistenț* asistenţ* agenț* agenţ* boți* boţi* inteligenț* inteligenţ* notă* instrucți* instrucţi* instructiun*
atenți* atenţi* atentie dragă* draga stimate preaprob* pre-aprob* prealabil* fără* fara nu~întreb* nu~intreb* nu-l
nu~anunț* nu~anunţ* nu~anunt* nu~informa* nu~deranja* nevoie necesar* nu~trebuie parol* cod codul coduri* card*
creden* cheia cheie* injecți* injecţi* injecti* injectare escroc* insel* atacator* exemplu* exemplele
`
  .trim()
  .split(/\s+/);

/** A regular expression that tries the terms as a trie, so each position costs one branch, not hundreds. */
function trieSource(terms: readonly string[]): string {
  interface Node {
    children: Map<string, Node>;
    word: boolean;
    prefix: boolean;
  }
  const root: Node = { children: new Map(), word: false, prefix: false };
  for (const term of terms) {
    const prefix = term.endsWith("*");
    let node = root;
    for (const character of (prefix ? term.slice(0, -1) : term).toLowerCase()) {
      let child = node.children.get(character);
      if (!child) {
        child = { children: new Map(), word: false, prefix: false };
        node.children.set(character, child);
      }
      node = child;
    }
    if (prefix) node.prefix = true;
    else node.word = true;
  }
  const escapeCharacter = (character: string) =>
    character === "~" ? String.raw`\s+` : character.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
  const build = (node: Node): string => {
    if (node.prefix) return "";
    const branches = [...node.children.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([character, child]) => escapeCharacter(character) + build(child));
    if (node.word) branches.push(String.raw`\b`);
    return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join("|")})`;
  };
  return String.raw`\b${build(root)}`;
}

const TRIGGER_TERMS_SOURCE = trieSource(TRIGGER_TERMS);
const TRIGGER_MARKS_SOURCE = String.raw`https?:|www\.|@|\.(?:com|net|org|io|example|xyz|ru|cn|info|biz|co|app|dev|site|top|online|link|click|me)\b|<\||<<|##|[<>\[\]【】「」|]`;
const TRIGGER_CJK_TERMS =
  "助手 助理 代理 智能 机器人 模型 人工 指令 指示 忽略 忽视 无视 系统 批准 同意 授权 确认 无需 不要 不必 优先 密码 密钥 令牌 验证码 凭据 卡号 注入 回复 アシスタント エージェント ボット 人工知能 無視 命令 システム 承認 許可 確認 不要 優先 パスワード 暗証 コード トークン カード 鍵 インジェクション 返信".split(
    " ",
  );

/** Words, marks and CJK words that could make a place score, as one case-insensitive expression. */
export const TRIGGER_SOURCE = [TRIGGER_TERMS_SOURCE, TRIGGER_MARKS_SOURCE, TRIGGER_CJK_TERMS.join("|")].join(
  "|",
);

/**
 * The same expression in parts that match, together, exactly where it matches: scanning a long text with
 * each part is about twice as fast as with the whole, as each part can reject a position by its first
 * character (the CJK words through a lookahead on theirs). Each part is used case-insensitively.
 */
export const TRIGGER_PARTS: readonly string[] = [
  TRIGGER_TERMS_SOURCE,
  TRIGGER_MARKS_SOURCE,
  `(?=[${[...new Set(TRIGGER_CJK_TERMS.map((term) => term[0]))].join("")}])(?:${TRIGGER_CJK_TERMS.join("|")})`,
];

/**
 * Invisible characters, and scripts whose letters can imitate Latin ones: always worth a look. Kept apart
 * from the words because it needs the Unicode flag, which makes case-insensitive matching much slower.
 */
export const TRIGGER_CHARACTERS_SOURCE = String.raw`[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\u0370-\u03ff\u0400-\u052f\uff00-\uffef]|[\u{1d400}-\u{1d7ff}\u{e0000}-\u{e007f}]`;

const TRIGGER_WORDS = new RegExp(TRIGGER_SOURCE, "i");
const TRIGGER_CHARACTERS = new RegExp(TRIGGER_CHARACTERS_SOURCE, "u");

/** True when a text could score: it holds a trigger word or a character worth a look. */
export const TRIGGER = {
  test: (text: string): boolean => TRIGGER_WORDS.test(text) || TRIGGER_CHARACTERS.test(text),
};
