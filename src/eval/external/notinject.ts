import { ExternalDataError, readJson } from "./external-data.js";
import { type InjectionText, placeInjectionTexts } from "./injection-placement.js";
import type { Split } from "./page-templates.js";
import type { LeftOut, SuiteBuild } from "./suite-build.js";

/**
 * NotInject's part of the `injection` suite: 339 benign sentences full of words that naive detectors
 * flag (ignore, override, bypass, uncensored, ...), in English and other languages. They are questions
 * and requests people write to one another, so they go into the people-written block of a page (a
 * reader comment, a forum reply, a customer question, a chat message), in the same hiding styles as
 * the attacks. Label: pageInstructsAgent false. A third of them come after a sentence that mentions AI
 * tools while talking to people, so that neither trigger words nor the word "AI" give the answer.
 *
 * Splits follow NotInject's three files: `NotInject_one` → train, `NotInject_two` → dev,
 * `NotInject_three` → test. No sentence is in two files.
 */

export const NOTINJECT_FOLDER = "notinject";

const FILES: readonly { file: string; split: Split }[] = [
  { file: "NotInject_one.json", split: "train" },
  { file: "NotInject_two.json", split: "dev" },
  { file: "NotInject_three.json", split: "test" },
];

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The sentences of one raw NotInject file (`[{prompt, word_list, category}]`) as texts to place. */
export function notinjectTexts(raw: unknown, file: string, split: Split): InjectionText[] {
  if (!Array.isArray(raw))
    throw new ExternalDataError("external_data_malformed", `${file} is not a JSON array`);
  const texts: InjectionText[] = [];
  for (const row of raw) {
    const { prompt, category } = row as { prompt?: unknown; category?: unknown };
    if (typeof prompt !== "string" || prompt.trim() === "") continue;
    const categoryName = typeof category === "string" ? category : "Uncategorised";
    texts.push({
      source: "notinject",
      partition: `${NOTINJECT_FOLDER}/${file}`,
      split,
      instructsAgent: false,
      text: prompt,
      framing: "human",
      describe: `A benign NotInject sentence (${categoryName})`,
      tags: [`notinject:${slug(categoryName)}`],
      hard: false,
    });
  }
  return texts;
}

/** Builds NotInject's cases (all negatives). */
export function notinjectInjectionCases(dataDirectory: string): SuiteBuild {
  const texts: InjectionText[] = [];
  const leftOut: LeftOut[] = [];
  const seen = new Set<string>();
  for (const { file, split } of FILES) {
    for (const text of notinjectTexts(readJson(dataDirectory, `${NOTINJECT_FOLDER}/${file}`), file, split)) {
      if (seen.has(text.text)) {
        leftOut.push({
          item: `${NOTINJECT_FOLDER}/${file}#${text.text.slice(0, 40)}`,
          reason: "duplicate-sentence",
        });
        continue;
      }
      seen.add(text.text);
      texts.push(text);
    }
  }
  return { cases: placeInjectionTexts(texts, "inj-notinject"), leftOut };
}
