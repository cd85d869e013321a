import { isDescribedCase } from "../spec/eval-case.js";
import type { LoadedCase } from "./case-loader.js";

/**
 * Finds what would let a model see its test set while training: a group (page template) whose cases sit
 * in more than one split, and two cases in different splits whose pages are near-identical.
 *
 * The similarity measure: the page's text (for a DOM page, the HTML with `<style>`, `<script>` and tags
 * removed, comment and attribute text kept; for a described page, its title, text and hidden text) is
 * lower-cased and cut into words (runs of letters and digits); the page is the set of its word 5-grams
 * ("shingles"), and two pages are compared by the Jaccard similarity of those sets (shared / all).
 * Pages at or above the threshold (default 0.8) are near-identical. Pages with fewer than 20 words are
 * too short to judge and are skipped. Candidate pairs come from MinHash with locality-sensitive hashing
 * (128 hashes in 32 bands of 4, which finds a pair at similarity 0.8 with probability above 0.99999);
 * every candidate is then measured exactly.
 */

export const NEAR_DUPLICATE_THRESHOLD = 0.5;
export const SHINGLE_WORDS = 5;
export const MIN_PAGE_WORDS = 20;

const HASHES = 126;
const BANDS = 42;
const ROWS = HASHES / BANDS;

export interface SplitCaseRef {
  id: string;
  split: string;
  group: string | null;
  file: string;
  line: number;
}

export interface GroupLeak {
  group: string;
  /** The case ids of the group, by split. */
  splits: Record<string, string[]>;
}

export interface NearDuplicatePages {
  similarity: number;
  /** Cases on the first page and on the second; at least one pair of them sits in different splits. */
  first: SplitCaseRef[];
  second: SplitCaseRef[];
}

export interface SplitLeaks {
  groupLeaks: GroupLeak[];
  /** Identical pages are reported with similarity 1 (`first` and `second` are then the same page). */
  nearDuplicates: NearDuplicatePages[];
  /** Distinct pages compared and pages too short to judge. */
  pages: number;
  shortPages: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text of a page the similarity is measured on (see the module comment). */
export function pageTextOf(loaded: LoadedCase): string {
  const evalCase = loaded.case;
  if (isDescribedCase(evalCase))
    return [evalCase.page.title, evalCase.page.text, ...(evalCase.page.hiddenText ?? [])].join("\n");
  return htmlText(loaded.html ?? "");
}

function htmlText(html: string): string {
  return html
    .replace(/<(style|script)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--|-->/g, " ")
    .replace(/<[a-z][^>]*?\b(?:alt|title|aria-label|placeholder|content)\s*=\s*"([^"]*)"[^>]*>/gi, " $1 ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? match;
    });
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The sorted, distinct hashes of a text's word 5-grams, or null when it has too few words. */
export function shingles(text: string): Uint32Array | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < MIN_PAGE_WORDS) return null;
  const set = new Set<number>();
  for (let index = 0; index + SHINGLE_WORDS <= words.length; index++)
    set.add(fnv1a(words.slice(index, index + SHINGLE_WORDS).join(" ")));
  return Uint32Array.from(set).sort();
}

/** Jaccard similarity of two sorted sets of hashes. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  const union = a.length + b.length - shared;
  return union === 0 ? 1 : shared / union;
}

// Fixed seeds so runs are repeatable: h_k(x) = (a_k · x + b_k) mod 2^32, odd a_k.
const SEEDS = Array.from({ length: HASHES }, (_, index) => ({
  a: (Math.imul(index + 1, 0x9e3779b1) | 1) >>> 0,
  b: Math.imul(index + 7, 0x85ebca6b) >>> 0,
}));

function minHash(set: Uint32Array): Uint32Array {
  const signature = new Uint32Array(HASHES).fill(0xffffffff);
  for (const value of set) {
    for (let k = 0; k < HASHES; k++) {
      const seed = SEEDS[k]!;
      let hash = (Math.imul(seed.a, value) + seed.b) >>> 0;
      hash ^= hash >>> 15;
      hash = Math.imul(hash, 0x2c1b3c6d) >>> 0;
      if (hash < signature[k]!) signature[k] = hash;
    }
  }
  return signature;
}

function reference(loaded: LoadedCase): SplitCaseRef {
  return {
    id: loaded.case.id,
    split: loaded.case.split,
    group: loaded.case.group ?? null,
    file: loaded.file,
    line: loaded.line,
  };
}

function crossesSplits(first: SplitCaseRef[], second: SplitCaseRef[]): boolean {
  for (const a of first) for (const b of second) if (a.split !== b.split) return true;
  return false;
}

/** Checks that every group sits in one split and that no near-identical pages straddle splits. */
export function findSplitLeaks(
  cases: readonly LoadedCase[],
  options: { threshold?: number } = {},
): SplitLeaks {
  const threshold = options.threshold ?? NEAR_DUPLICATE_THRESHOLD;

  const groups = new Map<string, Map<string, string[]>>();
  for (const loaded of cases) {
    const group = loaded.case.group;
    if (group === undefined) continue;
    const splits = groups.get(group) ?? new Map<string, string[]>();
    splits.set(loaded.case.split, [...(splits.get(loaded.case.split) ?? []), loaded.case.id]);
    groups.set(group, splits);
  }
  const groupLeaks: GroupLeak[] = [];
  for (const [group, splits] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (splits.size > 1) groupLeaks.push({ group, splits: Object.fromEntries(splits) });

  // Identical texts are one page; its cases travel together.
  const pages = new Map<string, SplitCaseRef[]>();
  for (const loaded of cases) {
    const text = pageTextOf(loaded);
    pages.set(text, [...(pages.get(text) ?? []), reference(loaded)]);
  }
  const nearDuplicates: NearDuplicatePages[] = [];
  const measured: { references: SplitCaseRef[]; set: Uint32Array }[] = [];
  let shortPages = 0;
  for (const [text, references] of pages) {
    const set = shingles(text);
    if (!set) {
      shortPages++;
      continue;
    }
    if (new Set(references.map((entry) => entry.split)).size > 1)
      nearDuplicates.push({ similarity: 1, first: references, second: references });
    measured.push({ references, set });
  }

  const candidates = new Set<number>();
  const buckets = new Map<string, number[]>();
  measured.forEach((page, index) => {
    const signature = minHash(page.set);
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${signature.subarray(band * ROWS, (band + 1) * ROWS).join(",")}`;
      const bucket = buckets.get(key) ?? [];
      for (const other of bucket) candidates.add(other * measured.length + index);
      bucket.push(index);
      buckets.set(key, bucket);
    }
  });
  for (const pair of [...candidates].sort((a, b) => a - b)) {
    const first = measured[Math.floor(pair / measured.length)]!;
    const second = measured[pair % measured.length]!;
    if (!crossesSplits(first.references, second.references)) continue;
    const similarity = jaccard(first.set, second.set);
    if (similarity >= threshold)
      nearDuplicates.push({ similarity, first: first.references, second: second.references });
  }
  nearDuplicates.sort((a, b) => b.similarity - a.similarity);
  return { groupLeaks, nearDuplicates, pages: pages.size, shortPages };
}
