import type { Backend } from "../../src/spec/backend.js";
import type { Effect } from "../../src/spec/questions.js";

/**
 * A backend that gives the same answer to everything. For tests of the gate's own mechanics (approval,
 * evidence, failures), where the model's judgement is not what is being tested.
 */
export function fixedBackend(effect: Effect, servesTask: number, pageInstructsAgent: number): Backend {
  const probabilities = {
    read_only: 0,
    reversible_change: 0,
    public_or_irreversible: 0,
    credentials_or_money: 0,
    [effect]: 1,
  };
  return {
    id: "fixed",
    async answer() {
      return {
        model: "fixed-test-1",
        answers: {
          effect: { choice: effect, probabilities, confidence: 1 },
          servesTask: { noul: servesTask },
          pageInstructsAgent: { noul: pageInstructsAgent },
        },
      };
    },
  };
}
