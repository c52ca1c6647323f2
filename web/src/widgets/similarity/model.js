// What <posenc-similarity> shows, computed by the engine: the sinusoidal table of the settings and the metric
// between every pair of its rows, with the colour range the matrix is drawn in.

/** { L, matrix (Float32Array L × L), range: [lo, hi] } for the widget's settings. */
export function computeSimilarity(pe, { length: L, dModel, base, metric }) {
  const table = pe.sinusoidal({ length: L, dModel, base });
  const matrix = pe.similarity(table, { length: L, dModel, metric });
  return { L, matrix, range: colourRange(matrix, metric) };
}

/** The values' extent, widened to the metric's natural ends: a cosine's 1, a distance's 0. */
function colourRange(matrix, metric) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of matrix) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (metric === 'cosine') hi = Math.max(hi, 1);
  if (metric === 'euclidean') lo = 0;
  return [lo, hi];
}
