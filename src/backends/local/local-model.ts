import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { BinaryHead, ChoiceHead } from "./linear-model.js";
import { loadWordVectors, type WordVectors } from "./word-vectors.js";

/** The embedded model's file format. Weights are stored by feature name so the model can be inspected. */
export const MODEL_FORMAT = "stopline-local/1";

const binaryHeadSchema = z.strictObject({
  bias: z.number(),
  temperature: z.number().positive(),
  shift: z.number().optional(),
  weights: z.record(z.string(), z.number()),
});

const choiceHeadSchema = z.strictObject({
  classes: z.array(z.string()).min(2),
  bias: z.array(z.number()),
  temperature: z.number().positive(),
  weights: z.record(z.string(), z.array(z.number())),
});

export const modelFileSchema = z.strictObject({
  format: z.literal(MODEL_FORMAT),
  id: z.string(),
  version: z.string(),
  trainedAt: z.string(),
  seed: z.number().int(),
  training: z.record(z.string(), z.unknown()),
  heads: z.strictObject({
    effect: choiceHeadSchema,
    servesTask: binaryHeadSchema,
    pageInstructsAgent: binaryHeadSchema,
  }),
  /** The word-vector table the features use, beside the model file, pinned by its SHA-256. */
  wordVectors: z.strictObject({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).optional(),
  familiarity: z.strictObject({
    vocabulary: z.array(z.string()),
    knownTags: z.array(z.string()),
    knownRoles: z.array(z.string()),
    /** Share of unfamiliar tokens above which the model starts to doubt itself. */
    threshold: z.number().min(0).max(1),
    /** How far, at most, an unfamiliar input pulls the answers towards "don't know". */
    strength: z.number().min(0).max(1),
    nonLatinTrainingShare: z.number().min(0).max(1),
  }),
});

export type ModelFile = z.infer<typeof modelFileSchema>;

export interface LocalModel {
  id: string;
  version: string;
  effect: ChoiceHead;
  servesTask: BinaryHead;
  pageInstructsAgent: BinaryHead;
  vocabulary: Set<string>;
  knownTags: Set<string>;
  knownRoles: Set<string>;
  familiarity: ModelFile["familiarity"];
  /** Word vectors the features use, when the model was trained with them. */
  vectors?: WordVectors;
}

/** Where the committed weights live, relative to the package (works from src/ and from dist/). */
export function defaultModelPath(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "../../../models/stopline-local.json");
}

export function modelFromFile(file: ModelFile, vectors?: WordVectors): LocalModel {
  return {
    ...(vectors ? { vectors } : {}),
    id: file.id,
    version: file.version,
    effect: {
      classes: file.heads.effect.classes,
      bias: file.heads.effect.bias,
      temperature: file.heads.effect.temperature,
      weights: new Map(Object.entries(file.heads.effect.weights)),
    },
    servesTask: {
      bias: file.heads.servesTask.bias,
      temperature: file.heads.servesTask.temperature,
      shift: file.heads.servesTask.shift ?? 0,
      weights: new Map(Object.entries(file.heads.servesTask.weights)),
    },
    pageInstructsAgent: {
      bias: file.heads.pageInstructsAgent.bias,
      temperature: file.heads.pageInstructsAgent.temperature,
      shift: file.heads.pageInstructsAgent.shift ?? 0,
      weights: new Map(Object.entries(file.heads.pageInstructsAgent.weights)),
    },
    vocabulary: new Set(file.familiarity.vocabulary),
    knownTags: new Set(file.familiarity.knownTags),
    knownRoles: new Set(file.familiarity.knownRoles),
    familiarity: file.familiarity,
  };
}

/** Loads and validates the weights. A missing or malformed file is a clear error, never a silent default. */
export function loadLocalModel(path: string = defaultModelPath()): LocalModel {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`cannot load the embedded model from ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = modelFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `${path} is not a stopline model file: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
    );
  const reference = parsed.data.wordVectors;
  const vectors = reference
    ? loadWordVectors(resolve(dirname(path), reference.path), reference.sha256)
    : undefined;
  return modelFromFile(parsed.data, vectors);
}

const shared = new Map<string, LocalModel>();

/**
 * The model at a path, loaded once per process and shared: a loaded model is only read, and loading the
 * weights with their word vectors takes about 0.1 s and tens of MB, which every guarded page would
 * otherwise pay again. A file changed on disk is seen by a new process (or by `loadLocalModel`).
 */
export function sharedLocalModel(path: string = defaultModelPath()): LocalModel {
  const key = resolve(path);
  let model = shared.get(key);
  if (!model) {
    model = loadLocalModel(key);
    shared.set(key, model);
  }
  return model;
}
