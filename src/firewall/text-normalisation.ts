/**
 * Unicode normalisation before detection, so a pattern written once matches what the page disguised:
 * NFKC (fullwidth and mathematical letters, ligatures, compatibility forms), zero-width and bidi controls
 * removed and counted, Unicode tag characters (invisible ASCII) decoded, and the common confusables
 * (Cyrillic and Greek letters that look Latin) folded inside words that are otherwise Latin.
 */

export interface NormalisedText {
  text: string;
  /** Invisible characters removed: zero-width, bidi controls, soft hyphens, tag characters. */
  invisible: number;
  /** Of those, how many sat inside or against a word (the smuggling kind, not an emoji joiner). */
  invisibleInWords: number;
  /** Letters folded from another script because they imitate Latin ones. */
  confusables: number;
}

// Zero-width, joiners, bidi embeddings, overrides and isolates, word joiner and invisible operators,
// soft hyphen, Mongolian vowel separator, BOM, Hangul fillers, the combining grapheme joiner, and the
// tag block. Variation selectors are removed too, but do not count: emoji use them.
const INVISIBLE_RANGES: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
];
const isInvisible = (code: number) => INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high);
const isVariationSelector = (code: number) => code >= 0xfe00 && code <= 0xfe0f;
/** A quick test for any character worth the slow path. */
const MAYBE_INVISIBLE =
  /\u00ad|\u034f|\u061c|\u115f|\u1160|\u17b4|\u17b5|\u180e|[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f]|\u3164|\ufeff|\uffa0|\udb40|[\ufe00-\ufe0f]/;
const TAG_CHARACTERS = /(?:\udb40[\udc20-\udc7e])+/g;
const WORD = /[\p{L}\p{N}]/u;

/** Cyrillic and Greek letters that render like Latin ones, folded to the Latin letter they imitate. */
const CONFUSABLES: Record<string, string> = {
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  У: "Y",
  І: "I",
  Ј: "J",
  Ѕ: "S",
  Ԛ: "Q",
  Ԝ: "W",
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  һ: "h",
  ӏ: "l",
  ɡ: "g",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  ο: "o",
  ν: "v",
  ι: "i",
  κ: "k",
  α: "a",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ı: "i",
  ℓ: "l",
};
const CONFUSABLE_CLASS = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "u");

/**
 * The same table for case-insensitive patterns: each lower-case look-alike with the lower-case Latin
 * letters it can be folded to ("ν" → "vn": "ν" becomes "v", "Ν" becomes "N").
 */
export const LOWER_CASE_CONFUSABLES: Readonly<Record<string, string>> = (() => {
  const table: Record<string, string> = {};
  for (const [letter, latin] of Object.entries(CONFUSABLES)) {
    const key = letter.toLowerCase();
    const value = latin.toLowerCase();
    if (!(table[key] ?? "").includes(value)) table[key] = (table[key] ?? "") + value;
  }
  return table;
})();
const WORDS = /[\p{L}\p{M}\p{N}'’-]+/gu;
const LATIN = /[A-Za-z]/;

function foldWord(word: string): { word: string; folded: number } {
  if (!CONFUSABLE_CLASS.test(word)) return { word, folded: 0 };
  const letters = [...word];
  const allConfusable = letters.every(
    (letter) => CONFUSABLES[letter] !== undefined || !/\p{L}/u.test(letter),
  );
  // A word that mixes in Latin letters, or is made only of look-alikes, is a disguise; a Russian or Greek
  // word with letters of its own is left alone.
  if (!LATIN.test(word) && !allConfusable) return { word, folded: 0 };
  let folded = 0;
  const result = letters
    .map((letter) => {
      const latin = CONFUSABLES[letter];
      if (latin === undefined) return letter;
      folded++;
      return latin;
    })
    .join("");
  return { word: result, folded };
}

/** Normalises one piece of page text for detection. Pure; cheap on ASCII (the common case). */
export function normaliseText(input: string): NormalisedText {
  let text = input;
  let invisible = 0;
  let invisibleInWords = 0;
  let confusables = 0;
  const ascii = /^[\x00-\x7f]*$/.test(text);
  if (!ascii) {
    // Tag characters spell ASCII invisibly; decode them so the detector reads what they say.
    text = text.replace(TAG_CHARACTERS, (tags) => {
      invisible += [...tags].length;
      invisibleInWords += [...tags].length;
      return ` ${[...tags].map((tag) => String.fromCharCode((tag.codePointAt(0) as number) - 0xe0000)).join("")} `;
    });
    if (MAYBE_INVISIBLE.test(text)) {
      const characters = [...text];
      const kept: string[] = [];
      for (let index = 0; index < characters.length; index++) {
        const character = characters[index] as string;
        const code = character.codePointAt(0) as number;
        if (isVariationSelector(code)) continue;
        if (!isInvisible(code)) {
          kept.push(character);
          continue;
        }
        invisible++;
        const before = kept[kept.length - 1] ?? "";
        let after = "";
        for (let next = index + 1; next < characters.length; next++) {
          const candidate = (characters[next] as string).codePointAt(0) as number;
          if (!isInvisible(candidate) && !isVariationSelector(candidate)) {
            after = characters[next] as string;
            break;
          }
        }
        if (WORD.test(before) || WORD.test(after)) invisibleInWords++;
      }
      text = kept.join("");
    }
    text = text.normalize("NFKC");
    if (CONFUSABLE_CLASS.test(text))
      text = text.replace(WORDS, (word) => {
        const result = foldWord(word);
        confusables += result.folded;
        return result.word;
      });
  }
  text = text
    .replace(/[ \t\r\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, " ")
    .replace(/ ?\n\s*/g, "\n")
    .trim();
  return { text, invisible, invisibleInWords, confusables };
}
