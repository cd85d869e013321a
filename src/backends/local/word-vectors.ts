/**
 * Compact word vectors for the embedded model: one 100-dimensional unit vector per word stem, quantised
 * to signed bytes. They let the model relate words it never saw in training to words it did ("bill" and
 * "invoice", "get rid of" and "delete"). The table is distilled from public GloVe-derived vectors by
 * `scripts/distill-word-vectors.ts` (see docs/model-card.md for the source and licence).
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { sha256Hex } from "../../core/hash-chain.js";

export const VECTOR_DIMENSIONS = 100;
export const WORD_VECTORS_FORMAT = "stopline-word-vectors/1";

export type WordVectors = ReadonlyMap<string, Int8Array>;

/** The normalised mean of the vectors of the words that have one, or null when none has. */
export function meanVector(vectors: WordVectors, tokens: readonly string[]): Float64Array | null {
  const sum = new Float64Array(VECTOR_DIMENSIONS);
  let found = 0;
  for (const token of tokens) {
    const vector = vectors.get(token);
    if (!vector) continue;
    found++;
    for (let index = 0; index < VECTOR_DIMENSIONS; index++)
      sum[index] = (sum[index] as number) + (vector[index] as number);
  }
  if (found === 0) return null;
  let norm = 0;
  for (let index = 0; index < VECTOR_DIMENSIONS; index++) norm += (sum[index] as number) ** 2;
  norm = Math.sqrt(norm) || 1;
  for (let index = 0; index < VECTOR_DIMENSIONS; index++) sum[index] = (sum[index] as number) / norm;
  return sum;
}

export function cosine(a: Float64Array, b: Float64Array): number {
  let dot = 0;
  for (let index = 0; index < VECTOR_DIMENSIONS; index++) dot += (a[index] as number) * (b[index] as number);
  return dot;
}

/** The highest similarity between one word and any of a list of words (0 when either has no vector). */
export function bestMatch(vectors: WordVectors, token: string, others: readonly string[]): number {
  const vector = vectors.get(token);
  if (!vector) return 0;
  let best = 0;
  for (const other of others) {
    if (other === token) return 1;
    const candidate = vectors.get(other);
    if (!candidate) continue;
    let dot = 0;
    for (let index = 0; index < VECTOR_DIMENSIONS; index++)
      dot += (vector[index] as number) * (candidate[index] as number);
    best = Math.max(best, dot / (127 * 127));
  }
  return best;
}

const wordVectorsFileSchema = z.strictObject({
  format: z.literal(WORD_VECTORS_FORMAT),
  source: z.string(),
  words: z.number().int().positive(),
  dimensions: z.literal(VECTOR_DIMENSIONS),
  stems: z.array(z.string()),
  vectors: z.string(),
});

/**
 * Loads a word-vector table and checks it is the one expected (by SHA-256: a model names the exact table
 * it was trained with). A missing, altered or
 * malformed table is a clear error: the model's weights mean nothing with other vectors.
 */
export function loadWordVectors(path: string, expectedDigest?: string): WordVectors {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(`cannot load the word vectors from ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (expectedDigest !== undefined && sha256Hex(bytes) !== expectedDigest)
    throw new Error(`${path} is not the word-vector table the model was trained with (digest differs)`);
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = wordVectorsFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`${path} is not a stopline word-vector table: ${parsed.error.issues[0]?.message}`);
  const table = Buffer.from(parsed.data.vectors, "base64");
  if (table.length !== parsed.data.stems.length * VECTOR_DIMENSIONS)
    throw new Error(`${path}: ${parsed.data.stems.length} stems but ${table.length} vector bytes`);
  const all = new Int8Array(table.buffer, table.byteOffset, table.length);
  const vectors = new Map<string, Int8Array>();
  parsed.data.stems.forEach((stem, row) => {
    vectors.set(stem, all.subarray(row * VECTOR_DIMENSIONS, (row + 1) * VECTOR_DIMENSIONS));
  });
  return vectors;
}
