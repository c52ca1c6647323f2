// What <posenc-waves> shows, computed by the engine: the sinusoidal table for the settings and its
// frequencies (the wavelengths of the legend), and which of its columns and rows the views draw.

import { int } from '../../render/format.js';
import { csvRow } from '../../render/export.js';
import { toIntArray } from '../../state/attributes.js';
import { frequencyInfo } from '../sinusoid-info.js';

const MAX_LENGTH = 1 << 16;
/** Curves drawn at most in the position view (one per dimension). */
export const MAX_CURVES = 10;

/** { params, table [length, dModel], info } for `params` ({ length, dModel, base, layout }). */
export function computeWaves(pe, params) {
  const { length } = params;
  if (!Number.isInteger(length) || length < 2 || length > MAX_LENGTH) throw new RangeError(`length must be an integer from 2 to ${int(MAX_LENGTH)} (got ${length})`);
  return { params, table: pe.sinusoidal(params), info: frequencyInfo(pe, params) };
}

/** The engine's value of dimension `dim` at position `p` (NaN without data). */
export const valueAt = (data, p, dim) => (data ? data.table[p * data.params.dModel + dim] : NaN);

/** The dimensions `dims` (an array or "0,1,4") names inside 0 … dModel − 1, and of them the ones drawn. */
export function dimsOf(dims, dModel) {
  const given = toIntArray(dims);
  const valid = given.filter((d) => d >= 0 && d < dModel);
  return { given, valid, shown: valid.slice(0, MAX_CURVES) };
}

/**
 * What the view plots, float32: [length, dims] (the curves over the positions, view 'position') or
 * [rows, dModel] (the rows' vectors, view 'dimension').
 */
export function arrayOf(data, { view, rows, dims }) {
  const all = (n) => Array.from({ length: n }, (_, i) => i);
  const [r, c] = view === 'dimension' ? [rows, all(data.params.dModel)] : [all(data.params.length), dims];
  return { data: Float32Array.from(r.flatMap((p) => c.map((d) => valueAt(data, p, d)))), shape: [r.length, c.length] };
}

/** The view's curves as CSV columns: dims over the positions, or the rows' vectors over the dimensions. */
export function csvOf(data, { view, rows, dims }) {
  const { length, dModel } = data.params;
  const lines =
    view === 'dimension'
      ? [csvRow(['dimension', ...rows.map((p) => `PE(${p})`)]), ...Array.from({ length: dModel }, (_, c) => csvRow([c, ...rows.map((p) => valueAt(data, p, c))]))]
      : [csvRow(['position', ...dims.map((c) => `dim${c}`)]), ...Array.from({ length }, (_, p) => csvRow([p, ...dims.map((c) => valueAt(data, p, c))]))];
  return lines.join('\n') + '\n';
}
