/** A seeded random source, so a failing mix can be replayed: RELIABILITY_SEED=<seed printed by the case>. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  // mulberry32: small, fast, good enough to pick test actions.
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function suiteSeed(): number {
  return Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);
}
