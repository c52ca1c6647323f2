// What <posenc-permutation> shows, computed by the engine: self-attention over a sentence and over a shuffle
// of it (queries, keys and values the token embeddings, with or without sinusoidal positions added), and
// how much each token's output row changed.

import { tokenEmbedding, prng } from '../toy.js';

/** Tokens shown at most. */
export const MAX_TOKENS = 12;

/** Whether `order` lists 0 … n − 1, each once. */
export function isPermutation(order, n) {
  if (order.length !== n) return false;
  const seen = new Array(n).fill(false);
  for (const k of order) {
    if (!Number.isInteger(k) || k < 0 || k >= n || seen[k]) return false;
    seen[k] = true;
  }
  return true;
}

/** The shuffle drawn: `order` when it is one of n tokens, else a rotation by one (the identity when n < 2). */
export const orderOf = (order, n) => (isPermutation(order, n) ? order : Array.from({ length: n }, (_, k) => (k + n - 1) % n));

/** Runs the engine's attention on the tokens at `indices` (embeddings `E`); returns { input, output, weights }. */
function attend(pe, indices, E, { dModel: d, base, encoding }) {
  const n = indices.length;
  const X = new Float32Array(n * d);
  for (let k = 0; k < n; k++) X.set(E[indices[k]], k * d);
  if (encoding) {
    const P = pe.sinusoidal({ length: n, dModel: d, base });
    for (let i = 0; i < X.length; i++) X[i] += P[i];
  }
  // queries, keys and values are the inputs themselves (identity projections keep the numbers few;
  // any per-token projection would lead to the same conclusion)
  const { output, weights } = pe.attention({ q: X, k: X, v: X, seqLen: n, heads: 1, headDim: d });
  return { input: X, output, weights };
}

/** Everything the widget shows, from the engine: both runs, each token's max |Δ| and the largest. */
export function computePermutation(pe, { tokens: toks, order, dModel: d, base, encoding }) {
  const n = toks.length;
  const E = toks.map((t) => tokenEmbedding(pe, t, d, 1));
  const settings = { dModel: d, base, encoding };
  const original = attend(pe, toks.map((_, i) => i), E, settings);
  const shuffled = attend(pe, order, E, settings);
  // compare each token's output row: row k of the shuffled run belongs to token order[k]
  const perToken = new Array(n).fill(0);
  let maxDiff = 0;
  for (let k = 0; k < n; k++) {
    const i = order[k];
    let m = 0;
    for (let c = 0; c < d; c++) m = Math.max(m, Math.abs(shuffled.output[k * d + c] - original.output[i * d + c]));
    perToken[i] = m;
    maxDiff = Math.max(maxDiff, m);
  }
  // with a repeated word an order can give back the very same sentence
  const sameSentence = order.every((i, k) => toks[i] === toks[k]);
  return { tokens: toks, order, original, shuffled, perToken, maxDiff, sameSentence, d, n };
}

/** A new shuffle of n tokens (the `count`-th): neither `current` nor the identity, when one can be found. */
export function shuffleOrder(n, current, count) {
  const rnd = prng(0x5eed + count * 7919);
  let o;
  for (let tries = 0; tries < 20; tries++) {
    o = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [o[i], o[j]] = [o[j], o[i]];
    }
    if (o.join(',') !== current && o.some((v, i) => v !== i)) break;
  }
  return o;
}
