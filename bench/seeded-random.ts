/**
 * A seeded generator of numbers in [0, 1) (a linear congruential one): the same seed draws the same
 * numbers on every run of a bench.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
