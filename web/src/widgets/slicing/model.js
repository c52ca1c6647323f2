// What <posenc-slicing> shows, computed by the engine: the PE table, a seeded batch x to add it to and the
// frequencies ω_i, for the settings; and the five steps' code.

/** Each step's code; its title is the message slicing.step<n>. */
export const STEPS = [
  'pe[:, 0::2]   pe[:, 1::2]',
  'pe[:, 0::2] = torch.sin(position * div_term)',
  'pe[:, 1::2] = torch.cos(position * div_term)',
  'pe = pe.unsqueeze(0)      # then pe[:, :seq_len, :]',
  'x = x + pe[:, :seq_len, :]',
];

/** { pe [L, d], x [B·S, d] or null, omega, d, L, S, B, fits } for the widget's settings. */
export function computeSlicing(pe, { dModel: d, length: L, seq: S, batch: B, base }) {
  const table = pe.sinusoidal({ length: L, dModel: d, base });
  // x only exists when the addition does (seq ≤ length); longer, x + pe[:, :seq] is a shape error
  const fits = S <= L;
  const x = fits ? pe.learned({ maxLength: B * S, dModel: d, seed: 7, std: 1 }) : null;
  const { invFreq } = pe.rope.invFreq({ headDim: d, base });
  return { pe: table, x, omega: invFreq, d, L, S, B, fits };
}

/** x + pe[:, :seq], float32 [batch, seq, dModel]; a RangeError when seq > length (no such sum). */
export function sumOf({ pe, x, d, S, B, L, fits }) {
  if (!fits) throw new RangeError(`seq (${S}) is longer than length (${L}): x + pe[:, :seq] does not broadcast`);
  const sum = new Float32Array(B * S * d);
  for (let i = 0; i < sum.length; i++) sum[i] = x[i] + pe[i % (S * d)];
  return { data: sum, shape: [B, S, d] };
}
