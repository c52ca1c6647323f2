// What <posenc-scaling> shows, computed by the engine: pe.rope.invFreq under every rope_scaling type for the
// widget's settings, the wavelengths 2π/θ (a unit conversion for the axis) and each type's attention factor.

import { csvRow } from '../../render/export.js';
import { properties } from './descriptor.js';

export const SCALING_TYPES = properties.type.values;

const TWO_PI = 2 * Math.PI;

/** The context the scaled model serves: the seq-len setting, or factor × original-max. */
export const targetLength = ({ seqLen, factor, originalMax }) => (seqLen > 0 ? seqLen : Math.round(factor * originalMax));

/** LongRoPE's rescale lists for `half` pairs: the settings, else an illustrative set (1 … factor, rising with the pair). */
export function longropeLists({ shortFactor, longFactor, factor }, half) {
  // an invalid head-dim is reported by the engine; the illustrative lists only need a sane size
  half = Number.isInteger(half) && half > 0 ? Math.min(half, 1 << 15) : 0;
  const short = shortFactor?.length ? shortFactor : new Array(half).fill(1);
  const long = longFactor?.length ? longFactor : Array.from({ length: half }, (_, i) => 1 + ((factor - 1) * i) / Math.max(1, half - 1));
  return { short, long, illustrative: !longFactor?.length };
}

/** The engine's `scaling` options of `type` for the settings `s` (the widget's properties). */
export function scalingFor(s, type) {
  const lists = longropeLists(s, Math.floor(s.headDim / 2));
  return {
    type,
    factor: s.factor,
    originalMaxPositionEmbeddings: s.originalMax,
    seqLen: targetLength(s),
    lowFreqFactor: s.lowFreqFactor,
    highFreqFactor: s.highFreqFactor,
    betaFast: s.betaFast,
    betaSlow: s.betaSlow,
    shortFactor: lists.short,
    longFactor: lists.long,
  };
}

/** { curves: type → { invFreq, attentionFactor, wavelength }, half, x } for the settings `s`. */
export function computeScaling(pe, s) {
  const curves = {};
  for (const type of SCALING_TYPES) {
    const r = pe.rope.invFreq({ headDim: s.headDim, base: s.base, scaling: scalingFor(s, type) });
    curves[type] = { invFreq: r.invFreq, attentionFactor: r.attentionFactor, wavelength: Float64Array.from(r.invFreq, (f) => TWO_PI / f) };
  }
  const half = curves.default.invFreq.length;
  return { curves, half, x: Float64Array.from({ length: half }, (_, i) => i) };
}

/** The CSV: inv_freq and wavelength of every type per pair, then the attention factors. */
export function scalingCsv(d) {
  const lines = [csvRow(['pair', ...SCALING_TYPES.flatMap((t) => [`${t}_inv_freq`, `${t}_wavelength`])])];
  for (let i = 0; i < d.half; i++) lines.push(csvRow([i, ...SCALING_TYPES.flatMap((t) => [d.curves[t].invFreq[i], d.curves[t].wavelength[i]])]));
  lines.push('', csvRow(['type', 'attention_factor']));
  for (const t of SCALING_TYPES) lines.push(csvRow([t, d.curves[t].attentionFactor]));
  return lines.join('\n') + '\n';
}
