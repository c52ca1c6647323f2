// What <posenc-alibi> shows, computed by the engine: the slopes, every head's bias matrix and the attention
// weights the bias alone produces when every score is equal (zero queries and keys).

/** { H, L, causal, slopes, bias [H, L, L], weights [H, L, L], vmin, headMin } for the widget's settings. */
export function computeAlibi(pe, { heads: H, length: L, symmetric }) {
  const causal = !symmetric;
  const slopes = pe.alibi.slopes(H);
  const bias = pe.alibi.bias({ heads: H, length: L, causal });
  const zeros = new Float32Array(L * H);
  const { weights } = pe.attention({ q: zeros, k: zeros, v: zeros, seqLen: L, heads: H, headDim: 1, bias, causal });
  // colour ranges (drawing only): the most negative finite bias overall and per head
  const headMin = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    let m = 0;
    for (let i = h * L * L; i < (h + 1) * L * L; i++) if (Number.isFinite(bias[i]) && bias[i] < m) m = bias[i];
    headMin[h] = m;
  }
  const vmin = Math.min(0, ...headMin);
  return { H, L, causal, slopes, bias, weights, vmin, headMin };
}

/** Entry (h, i, j) of a [H, L, L] tensor of `data`. */
export const at = (data, tensor, h, i, j) => (data ? data[tensor][h * data.L * data.L + i * data.L + j] : NaN);

/** Row `q` of head `h` of a [H, L, L] tensor. */
export const row = (data, tensor, h, q) => data[tensor].subarray(h * data.L * data.L + q * data.L, h * data.L * data.L + (q + 1) * data.L);
