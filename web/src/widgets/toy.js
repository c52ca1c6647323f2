// Toy vocabulary helpers shared by the pipeline, slicing and permutation widgets: a token string is
// turned into a stable id, and its embedding row is drawn by the engine's seeded `learned` table (so the
// same token always gets the same vector, in every widget and on every machine).

export const VOCAB_SIZE = 50000;

/** FNV-1a hash of the token text → id in [0, VOCAB_SIZE). Text only: the token is never interpreted. */
export function tokenId(token) {
  let h = 0x811c9dc5;
  const s = String(token);
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % VOCAB_SIZE;
}

/** Embedding row of `token` (d values, Normal(0, std)) from the engine. */
export function tokenEmbedding(pe, token, dModel, std) {
  return pe.learned({ maxLength: 1, dModel, seed: tokenId(token), std });
}

/** Small deterministic PRNG (mulberry32) for dropout masks and shuffles — not used for any encoding. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Length of a vector as computed by the engine (distance to the zero vector). */
export function engineNorm(pe, v) {
  return pe.compare(v, new Float32Array(v.length)).euclidean;
}
