import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { described, target } from "../../test/support/facts.js";
import { answerWithModel } from "../backends/local/local-backend.js";
import { type ModelFile, modelFromFile } from "../backends/local/local-model.js";
import { buildModelState } from "../core/model-state.js";
import { EFFECTS } from "../spec/questions.js";
import { DEFAULT_TRAIN_OPTIONS, seededRandom, type TrainOptions, trainModel } from "./train-model.js";
import type { TrainingRow } from "./training-data.js";

/**
 * The trainer's honesty checks on a small synthetic corpus. Each label is carried by a word: the effect
 * by a word in the control's name (60 words per class), servesTask by a second word in the name (200 words
 * per answer), pageInstructsAgent by words in a hidden piece of page text (200 words per answer). The
 * words are made up (`q1x7f`), so none of the prior weights of `feature-priors.ts` (which know real
 * words such as "delete" or "buy") applies: whatever the model gets right on dev it learned from the
 * training labels. Labels are balanced in both splits, so chance is exactly 1/4 for the effect and 1/2
 * for the yes/no questions, whatever a label-blind model predicts.
 */

const EFFECT_WORDS_PER_CLASS = 60;
const BINARY_WORDS_PER_ANSWER = 200;
const TRAIN_ROWS = 1200;
const DEV_ROWS = 600;

// Made-up tokens: a letter, the index in base 36, an x, a scrambled suffix. None is an English word.
const POOL = Array.from(
  { length: 1200 },
  (_, index) => `q${index.toString(36)}x${((index * 7919) % 1296).toString(36)}`,
);

function slice(start: number, size: number): string[] {
  return POOL.slice(start, start + size);
}

const EFFECT_WORDS = EFFECTS.map((_, index) => slice(index * EFFECT_WORDS_PER_CLASS, EFFECT_WORDS_PER_CLASS));
const SERVES_WORDS = [0, 1].map((answer) =>
  slice(240 + answer * BINARY_WORDS_PER_ANSWER, BINARY_WORDS_PER_ANSWER),
);
const INJECTION_WORDS = [0, 1].map((answer) =>
  slice(640 + answer * BINARY_WORDS_PER_ANSWER, BINARY_WORDS_PER_ANSWER),
);
const ORIGINS = { allowedOrigins: [], allowSubdomains: false };

/** Rows whose labels cycle through every combination, so each split is exactly balanced. */
function syntheticRows(count: number, split: "train" | "dev", seed: number): TrainingRow[] {
  const random = seededRandom(seed);
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)] as string;
  return Array.from({ length: count }, (_, index) => {
    const effect = index % 4;
    const serves = Math.floor(index / 4) % 2;
    const injection = Math.floor(index / 8) % 2;
    const words = INJECTION_WORDS[injection] as string[];
    const state = buildModelState(
      described(
        {
          target: target({
            name: `${pick(EFFECT_WORDS[effect] as string[])} ${pick(SERVES_WORDS[serves] as string[])}`,
          }),
        },
        {
          title: "Item",
          visibleText: "Item page",
          hiddenText: [
            {
              text: `${pick(words)} ${pick(words)}`,
              provenance: "text",
              hiddenBy: ["display-none"],
              where: "div",
            },
          ],
          hiddenTextCount: 1,
        },
      ),
      "Handle the item",
      ORIGINS,
    );
    return {
      id: `${split}-${String(index).padStart(4, "0")}`,
      source: "team",
      suite: "team",
      split,
      labels: {
        effect: EFFECTS[effect] as (typeof EFFECTS)[number],
        servesTask: serves === 1,
        pageInstructsAgent: injection === 1,
      },
      scored: { effect: true, servesTask: true, pageInstructsAgent: true },
      state,
      digest: `digest-${split}-${index}`,
    };
  });
}

const ROWS: TrainingRow[] = [
  ...syntheticRows(TRAIN_ROWS, "train", 11),
  ...syntheticRows(DEV_ROWS, "dev", 12),
];
const DEV = ROWS.filter((row) => row.split === "dev");

// One weak L2 value (the signal words of servesTask carry a feature value of 0.3, which a stronger penalty
// flattens) and fewer epochs than the product's training, so each fit takes about a second.
const OPTIONS: TrainOptions = { ...DEFAULT_TRAIN_OPTIONS, l2Grid: [0.0001], epochs: 150 };

/** What `npm run train` writes to disk for a model. */
function serialised(file: ModelFile): string {
  return `${JSON.stringify(file)}\n`;
}

interface DevScore {
  effect: number;
  servesTask: number;
  pageInstructsAgent: number;
}

/** Dev accuracy of each head, through the shipped answering path. */
function devAccuracy(file: ModelFile): DevScore {
  const model = modelFromFile(file);
  const right = { effect: 0, servesTask: 0, pageInstructsAgent: 0 };
  for (const row of DEV) {
    const answers = answerWithModel(model, row.state).answers as {
      effect: { choice: string };
      servesTask: { noul: number };
      pageInstructsAgent: { noul: number };
    };
    if (answers.effect.choice === row.labels.effect) right.effect++;
    if (answers.servesTask.noul >= 0.5 === row.labels.servesTask) right.servesTask++;
    if (answers.pageInstructsAgent.noul >= 0.5 === row.labels.pageInstructsAgent) right.pageInstructsAgent++;
  }
  return {
    effect: right.effect / DEV.length,
    servesTask: right.servesTask / DEV.length,
    pageInstructsAgent: right.pageInstructsAgent / DEV.length,
  };
}

const CHANCE: DevScore = { effect: 0.25, servesTask: 0.5, pageInstructsAgent: 0.5 };
/**
 * How far from chance a model trained on shuffled labels may land. With no leak its dev predictions are
 * independent of the dev labels: each made-up word gets a random lean from the shuffled labels, so dev
 * accuracy is about the mean of W independent agreements with probability p (W distinct signal words,
 * fewer than the 600 dev rows): standard deviation sqrt(p(1 − p) / W) = 0.028 for the effect (W = 240,
 * p = 1/4) and 0.025 for the yes/no heads (W = 400, p = 1/2). Four standard deviations: 0.11 and 0.1.
 * A fixed seed makes the run itself deterministic; the margin is for changes to features and training.
 */
const TOLERANCE: DevScore = { effect: 0.11, servesTask: 0.1, pageInstructsAgent: 0.1 };
const HEADS = ["effect", "servesTask", "pageInstructsAgent"] as const;

const trueLabels = trainModel(ROWS, OPTIONS);
const shuffledLabels = trainModel(ROWS, { ...OPTIONS, shuffleLabels: true });

describe("training the embedded model", () => {
  it("writes byte-identical model files when trained twice with the same seed", () => {
    assert.equal(serialised(trainModel(ROWS, OPTIONS).file), serialised(trueLabels.file));
    assert.equal(
      serialised(trainModel(ROWS, { ...OPTIONS, shuffleLabels: true }).file),
      serialised(shuffledLabels.file),
    );
  });

  it("draws another shuffle of the labels, and so other weights, from another seed", () => {
    const other = trainModel(ROWS, { ...OPTIONS, shuffleLabels: true, seed: OPTIONS.seed + 1 });
    assert.notDeepEqual(other.file.heads, shuffledLabels.file.heads);
    assert.equal(other.file.seed, OPTIONS.seed + 1);
  });

  it("scores clearly above chance on dev when it learns from the true labels", () => {
    const score = devAccuracy(trueLabels.file);
    for (const head of HEADS)
      assert.ok(
        score[head] >= CHANCE[head] + 0.3,
        `${head}: dev accuracy ${score[head]} with true labels, chance is ${CHANCE[head]}`,
      );
  });

  it("scores at chance on dev when the training labels are shuffled, so no label reaches the model another way", () => {
    const score = devAccuracy(shuffledLabels.file);
    for (const head of HEADS)
      assert.ok(
        Math.abs(score[head] - CHANCE[head]) <= TOLERANCE[head],
        `${head}: dev accuracy ${score[head]} with shuffled labels, chance is ${CHANCE[head]} ± ${TOLERANCE[head]}`,
      );
  });

  it("calibrates a model trained on shuffled labels to a dev loss no better than guessing", () => {
    // The temperature is fitted on dev: a model that learned nothing must be flattened towards uniform
    // answers, whose mean negative log-likelihood is ln 4 for the effect and ln 2 for a yes/no question.
    const guessing = { effect: Math.log(4), servesTask: Math.log(2), pageInstructsAgent: Math.log(2) };
    for (const head of HEADS) {
      assert.ok(
        shuffledLabels.report.devLoss[head] >= 0.95 * guessing[head],
        `${head}: dev loss ${shuffledLabels.report.devLoss[head]} with shuffled labels, guessing gives ${guessing[head]}`,
      );
      assert.ok(
        trueLabels.report.devLoss[head] < 0.5 * guessing[head],
        `${head}: dev loss ${trueLabels.report.devLoss[head]} with true labels`,
      );
    }
  });

  it("fits the weights on train only and the temperature on dev: relabelling dev rows moves only the temperature", () => {
    // Flip the servesTask label of every third dev row: the model now looks overconfident on dev.
    const relabelled = ROWS.map((row, index) =>
      row.split === "dev" && index % 3 === 0
        ? { ...row, labels: { ...row.labels, servesTask: !row.labels.servesTask } }
        : row,
    );
    const retrained = trainModel(relabelled, OPTIONS).file;
    const weightsOf = (file: ModelFile) =>
      HEADS.map((head) => ({ bias: file.heads[head].bias, weights: file.heads[head].weights }));
    assert.deepEqual(weightsOf(retrained), weightsOf(trueLabels.file), "no weight depends on a dev label");
    assert.deepEqual(retrained.familiarity, trueLabels.file.familiarity);
    assert.ok(
      retrained.heads.servesTask.temperature > trueLabels.file.heads.servesTask.temperature,
      `servesTask temperature ${retrained.heads.servesTask.temperature} after relabelling dev, ${trueLabels.file.heads.servesTask.temperature} before`,
    );
    // The other heads' dev labels did not change, and neither did their temperatures.
    assert.equal(retrained.heads.effect.temperature, trueLabels.file.heads.effect.temperature);
    assert.equal(
      retrained.heads.pageInstructsAgent.temperature,
      trueLabels.file.heads.pageInstructsAgent.temperature,
    );
  });

  it("records the id and digest of every training row, and of no dev row", () => {
    const training = trueLabels.file.training as { trainIds: string[]; trainDigests: string[] };
    const train = ROWS.filter((row) => row.split === "train").sort((a, b) => (a.id < b.id ? -1 : 1));
    assert.deepEqual(
      training.trainIds,
      train.map((row) => row.id),
    );
    assert.deepEqual(
      training.trainDigests,
      train.map((row) => row.digest),
    );
    const recorded = new Set([...training.trainIds, ...training.trainDigests]);
    for (const row of DEV) {
      assert.ok(!recorded.has(row.id), `dev row ${row.id} recorded as training`);
      assert.ok(!recorded.has(row.digest), `dev digest ${row.digest} recorded as training`);
    }
  });

  it("refuses a row from the test split with a coded error", () => {
    const leaked = {
      ...(DEV[0] as TrainingRow),
      id: "leaked-test-case",
      split: "test",
    } as unknown as TrainingRow;
    assert.throws(() => trainModel([...ROWS, leaked], OPTIONS), {
      name: "TestSplitError",
      code: "test_split_in_training",
    });
  });
});
