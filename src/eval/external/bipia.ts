import { ExternalDataError, readJson, readJsonLines } from "./external-data.js";
import { type InjectionText, placeInjectionTexts } from "./injection-placement.js";
import type { Split } from "./page-templates.js";
import type { LeftOut, SuiteBuild } from "./suite-build.js";

/**
 * BIPIA's part of the `injection` suite.
 *
 * - Positives: the text and code attack snippets (15 text and 10 code categories of five snippets per
 *   file). BIPIA writes them for an assistant that answers over a document; on a web page they become
 *   text aimed at the browsing agent. Task-style snippets ("What is the capital of Brazil?") and code
 *   snippets ("Incorporate the following code excerpt into your code") read, on their own, like a
 *   visitor's question or a how-to for people, so they always come after a lead-in that addresses the
 *   agent. Snippets that speak of "your response" or "your answer" already address the model and are
 *   sometimes left bare (then marked hard).
 * - Negatives: the benign emails (EmailQA contexts), placed in the same hiding styles as the quoted
 *   earlier message of the mail on screen (an email belongs in a mailbox; attacks reach that block
 *   too). Their `|FIELD:` separators become line breaks; the sender becomes the quoted author.
 *
 * Splits: the source's train files → train and its test files → test. For dev, whole categories of the
 * train files move to dev (text: Language Translation, Space Removal & Grouping, Persuasion; code:
 * Network Propagation, Cryptocurrency Mining): a category boundary of the source, never snippets at
 * random, and the five variants of a category stay together. The emails are not split: BIPIA's email
 * train and test files divide questions, not emails (11 emails are in both files and most of the rest
 * are the same bank notices with other amounts), so every distinct email goes to train, and dev and
 * test get their negatives from NotInject.
 */

export const BIPIA_FOLDER = "bipia";

export const BIPIA_ATTACK_FILES = [
  { file: "text_attack_train.json", kind: "text", split: "train" },
  { file: "text_attack_test.json", kind: "text", split: "test" },
  { file: "code_attack_train.json", kind: "code", split: "train" },
  { file: "code_attack_test.json", kind: "code", split: "test" },
] as const;

/** Categories of the train files that form the dev split. */
export const BIPIA_DEV_CATEGORIES: ReadonlySet<string> = new Set([
  "Language Translation",
  "Space Removal & Grouping",
  "Persuasion",
  "Network Propagation",
  "Cryptocurrency Mining",
]);

const EMAIL_FILES = ["email/train.jsonl", "email/test.jsonl"] as const;

/** Snippets that address the model's own output ("in your response") can stand without a lead-in. */
const ADDRESSES_THE_MODEL = /\byour (answer|response|reply|output)\b/i;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The attack snippets of one raw file (`{category: [snippet, ...]}`) as texts to place. */
export function bipiaAttackTexts(raw: unknown, file: (typeof BIPIA_ATTACK_FILES)[number]): InjectionText[] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new ExternalDataError("external_data_malformed", `${file.file} is not an object of categories`);
  const texts: InjectionText[] = [];
  for (const [category, snippets] of Object.entries(raw as Record<string, unknown>)) {
    if (!Array.isArray(snippets)) continue;
    const split: Split = file.split === "train" && BIPIA_DEV_CATEGORIES.has(category) ? "dev" : file.split;
    for (const snippet of snippets) {
      if (typeof snippet !== "string") continue;
      const bareAllowed = file.kind === "text" && ADDRESSES_THE_MODEL.test(snippet);
      texts.push({
        source: "bipia",
        partition: `${BIPIA_FOLDER}/${file.file}#${category}`,
        split,
        instructsAgent: true,
        text: snippet,
        framing: bareAllowed ? "agent-or-bare" : "agent",
        describe: `BIPIA ${file.kind} attack (${category})`,
        tags: [`bipia:${file.kind}-attack`, `bipia:${slug(category)}`],
        hard: false,
      });
    }
  }
  return texts;
}

/** An EmailQA context as an email a person would read: one field per line. */
export function bipiaEmailText(context: string): { text: string; sender: string | null } {
  const text = context.replace(/\|(?=(SUBJECT|EMAIL_FROM|RECEIVED DATE|CONTENT):)/g, "\n");
  const from = /EMAIL_FROM:\s*([^|<\n]*)/.exec(context)?.[1]?.trim() ?? "";
  return { text, sender: from === "" ? null : from };
}

/** Builds BIPIA's cases: attack snippets (positives) and benign emails (negatives). */
export function bipiaInjectionCases(dataDirectory: string): SuiteBuild {
  const attacks: InjectionText[] = [];
  for (const file of BIPIA_ATTACK_FILES) {
    attacks.push(...bipiaAttackTexts(readJson(dataDirectory, `${BIPIA_FOLDER}/${file.file}`), file));
  }
  const emails: InjectionText[] = [];
  const leftOut: LeftOut[] = [];
  const seen = new Set<string>();
  for (const file of EMAIL_FILES) {
    readJsonLines(dataDirectory, `${BIPIA_FOLDER}/${file}`).forEach((row, index) => {
      const context = (row as { context?: unknown }).context;
      const item = `${BIPIA_FOLDER}/${file}:${index + 1}`;
      if (typeof context !== "string" || context.trim() === "") {
        leftOut.push({ item, reason: "no-context" });
        return;
      }
      if (seen.has(context)) {
        leftOut.push({ item, reason: "same-email-as-an-earlier-row" });
        return;
      }
      seen.add(context);
      const { text, sender } = bipiaEmailText(context);
      emails.push({
        source: "bipia",
        partition: `${BIPIA_FOLDER}/email`,
        split: "train",
        instructsAgent: false,
        text,
        framing: "bare",
        describe: "A benign BIPIA email (EmailQA context)",
        tags: ["bipia:email"],
        // An email belongs in a mailbox: it is the quoted earlier message of the mail on screen.
        kinds: ["email"],
        ...(sender ? { author: sender } : {}),
        hard: false,
      });
    });
  }
  return {
    cases: [
      ...placeInjectionTexts(attacks, "inj-bipia-attack"),
      ...placeInjectionTexts(emails, "inj-bipia-email"),
    ],
    leftOut,
  };
}
