/**
 * Trains the embedded model (`npm run train`): reads the train and dev splits of the team corpus and the
 * external suites, describes their pages with the product's own code (cached in .cache/), trains one head
 * per question, chooses regularisation and fits calibration on dev, and writes models/stopline-local.json
 * and results/local/training.json. The same data and seed give the same file.
 *   npm run train [-- --shuffle-labels --out path --vectors models/word-vectors.json]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadWordVectors } from "../src/backends/local/word-vectors.js";
import { sha256Hex } from "../src/core/hash-chain.js";
import { DEFAULT_TRAIN_OPTIONS, trainModel } from "../src/train/train-model.js";
import { loadTrainingData } from "../src/train/training-data.js";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "models/stopline-local.json" },
    report: { type: "string", default: "results/local/training.json" },
    cache: { type: "string", default: ".cache/facts-train.json" },
    "shuffle-labels": { type: "boolean", default: false },
    vectors: { type: "string", default: "models/word-vectors.json" },
  },
});
const started = performance.now();
const data = await loadTrainingData({
  paths: ["corpus/team", "corpus/external"],
  cacheFile: values.cache,
  onProgress: (done, total) => {
    if (done % 200 === 0 || done === total) process.stderr.write(`facts ${done}/${total}\n`);
  },
});
for (const problem of data.problems) console.error(problem);
const noFacts = data.leftOut.filter((entry) => entry.why !== "test split");
if (noFacts.length > 0) console.error(`${noFacts.length} cases had no facts:`, noFacts.slice(0, 10));
// The word-vector table (distilled by scripts/distill-word-vectors.ts) is named from the model file.
const sha256 = sha256Hex(readFileSync(values.vectors));
const wordVectors = {
  vectors: loadWordVectors(values.vectors, sha256),
  path: relative(dirname(resolve(values.out)), resolve(values.vectors)),
  sha256,
};
const { file, report } = trainModel(data.rows, {
  ...DEFAULT_TRAIN_OPTIONS,
  shuffleLabels: values["shuffle-labels"],
  wordVectors,
});
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(file)}\n`);
mkdirSync(dirname(values.report), { recursive: true });
writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
console.log(`wrote ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
