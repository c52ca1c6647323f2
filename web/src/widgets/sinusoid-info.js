// Labels for the columns of a sinusoidal table and the "formula with the numbers filled in" text.
// The frequencies come from the engine (rope.invFreq uses the same ω_i = base^(−2i/d) as the paper's
// table); nothing here evaluates a sine or cosine.

import { fixed } from '../render/format.js';

/**
 * Which function and pair index column `col` holds in a table with these parameters.
 * @returns {{kind: 'sin'|'cos'|'pad', i: number}}
 */
export function describeColumn(col, { dModel, layout }) {
  // odd widths (engine convention): one more sine than cosines — the last sine has no cosine partner
  const sines = Math.ceil(dModel / 2);
  if (col < 0 || col >= dModel) return { kind: 'pad', i: -1 };
  if (layout === 'split') return col < sines ? { kind: 'sin', i: col } : { kind: 'cos', i: col - sines };
  return { kind: col % 2 === 0 ? 'sin' : 'cos', i: col >> 1 };
}

/** Column index of the sin (or cos) member of pair i. */
export function columnOf(i, kind, { dModel, layout }) {
  const sines = Math.ceil(dModel / 2);
  if (layout === 'split') return kind === 'sin' ? i : sines + i;
  return kind === 'sin' ? 2 * i : 2 * i + 1;
}

/**
 * Frequencies ω_i for the table, from the engine. Returns null when the engine cannot give them for this
 * d_model (odd widths), in which case readouts show the formula without the intermediate numbers.
 */
export function frequencyInfo(pe, { dModel, base }) {
  if (dModel < 2 || dModel % 2 !== 0) return null;
  try {
    const { invFreq } = pe.rope.invFreq({ headDim: dModel, base });
    return { omega: invFreq };
  } catch {
    return null;
  }
}

/** Wavelength in positions of pair i (2π/ω_i), or NaN when unknown. */
export function wavelength(info, i) {
  if (!info || i < 0 || i >= info.omega.length) return NaN;
  return (2 * Math.PI) / info.omega[i];
}

function sig(v, n = 5) {
  if (!Number.isFinite(v)) return String(v);
  if (v !== 0 && (Math.abs(v) < 1e-4 || Math.abs(v) >= 1e6)) return v.toExponential(n - 1).replace('-', '\u2212');
  return String(Number(v.toPrecision(n))).replace('-', '\u2212');
}

/** e.g. "PE(3, 5) = cos(3 / 10000^(4/32)) = cos(3 × 0.17783) = cos(0.53348) = 0.8611" */
export function formulaText(info, p, pos, col, value) {
  const { kind, i } = describeColumn(col, p);
  if (kind === 'pad') return '';
  const head = `PE(${pos}, ${col}) = ${kind}(${pos} / ${p.base}^(${2 * i}/${p.dModel}))`;
  if (!info) return `${head} = ${fixed(value, 4)}`;
  const w = info.omega[i];
  return `${head} = ${kind}(${pos} × ${sig(w)}) = ${kind}(${sig(pos * w)}) = ${fixed(value, 4)}`;
}
