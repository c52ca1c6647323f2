// What <posenc-model> shows, computed by the engine: a transformers config read by pe.fromConfig, and for the
// chosen layer's RoPE every pair's wavelength (scaled and not), the trained and the longest context, and the
// precision of its angles in float32 and bfloat16 there (pe.rope.precision); pe.rope.cosSin for two neighbours.

import { csvRow } from '../../render/export.js';
import { clampInt } from '../methods-shared.js';

const TWO_PI = 2 * Math.PI;
export const DTYPES = ['float32', 'bfloat16'];
const WINDOW = 4096; // positions checked at the end of the context

/**
 * The config `src` ({ name, config, … }) read for `layerSetting` (−1: the main layer): `method` and `notes`, and
 * with RoPE the layer shown, its `r` (what fromConfig gives, at the longest context for dynamic NTK and LongRoPE),
 * `trained`, `longest`, `wavelength`, `defaultWavelength` and `precision`; `nope` for a layer without RoPE.
 */
export function computeModel(pe, src, layerSetting) {
  const method = pe.fromConfig(src.config);
  if (method.method !== 'rope') return { ...src, method, notes: method.notes };
  const { layers, ropes } = method;
  const layersDiffer = ropes.length > 1 || layers.some((l) => l.rope === null);
  // the layer shown: the one chosen, else the main one (ropes[0]'s full-attention layer)
  const full = layers.findIndex((l) => l.rope === 0 && l.attention === 'full');
  const main = full >= 0 ? full : Math.max(0, layers.findIndex((l) => l.rope === 0));
  const layer = layers.length ? clampInt(layerSetting >= 0 ? layerSetting : main, 0, layers.length - 1) : -1;
  const base = { ...src, method, all: method, layer, layersDiffer, notes: method.notes };
  if (layer >= 0 && layers[layer].rope === null) return { ...base, nope: true };
  const which = layer >= 0 ? layers[layer].rope : 0;
  const byLayer = layersDiffer ? { layer } : {};
  const first = ropes[which];
  const trained = first.originalMaxPositionEmbeddings ?? first.maxPositionEmbeddings ?? null;
  // dynamic NTK grows with the text: it is shown at factor × the trained length, as the config intends
  const longest = (first.type === 'dynamic' && trained ? trained * first.scaling.factor : Math.max(first.maxPositionEmbeddings ?? 0, trained ?? 0)) || 2048;
  // dynamic NTK and LongRoPE pick their frequencies for the sequence length: the longest context's
  const at = first.type === 'dynamic' || first.type === 'longrope' ? { seqLen: longest } : {};
  const r = Object.keys(at).length ? pe.rope.fromConfig(src.config, at).ropes[which] : first;
  const unscaled = pe.rope.invFreq({ headDim: r.headDim, base: r.base, partialRotaryFactor: r.partialRotaryFactor });
  const wavelength = Array.from(r.invFreq, (t) => TWO_PI / t);
  const defaultWavelength = Array.from(unscaled.invFreq, (t) => TWO_PI / t);
  const precision = {};
  for (const dtype of DTYPES) precision[dtype] = pe.rope.precision({ config: src.config, ...at, ...byLayer, dtype, from: Math.max(0, longest - WINDOW), to: longest - 1 });
  return { ...base, r, at: { ...at, ...byLayer }, trained, longest, wavelength, defaultWavelength, precision };
}

/** Pairs of positions p, p + 1 that still differ after the cast to `dtype` (cosSin rows compared pair by pair). */
export function neighbours(pe, d, p, dtype) {
  const c = pe.rope.cosSin({ config: d.config, ...d.at, positions: [p, p + 1], dtype });
  const half = c.rotaryDim / 2;
  let differ = 0;
  for (let i = 0; i < half; i++) if (c.cos[i] !== c.cos[c.rotaryDim + i] || c.sin[i] !== c.sin[c.rotaryDim + i]) differ++;
  return { p, differ, half };
}

/** Pairs whose wavelength exceeds the longest context: they never complete a turn. */
export const neverTurn = (d) => d.wavelength.filter((w) => w > d.longest).length;

/** The element's `result` for the computed `d`. */
export function modelResult(d) {
  if (!d.r) return { model: d.name, method: d.method.method, ...(d.nope ? { layer: d.layer, rope: null } : {}) };
  return {
    model: d.name,
    method: 'rope',
    layer: d.layer,
    layers: d.all.layers.length,
    type: d.r.type,
    headDim: d.r.headDim,
    rotaryDim: d.r.rotaryDim,
    base: d.r.base,
    convention: d.r.convention,
    attentionFactor: d.r.attentionFactor,
    trained: d.trained,
    longest: d.longest,
    neverTurn: neverTurn(d),
    precision: Object.fromEntries(DTYPES.map((t) => [t, { maxAngleError: d.precision[t].maxAngleError, worstPair: d.precision[t].worstPair }])),
  };
}

/** The CSV: one row per pair (inv_freq, wavelength with and without the scaling, the angle errors). */
export function modelCsv(d) {
  const lines = [csvRow(['pair', 'inv_freq', 'wavelength', 'default_wavelength', 'max_angle_error_float32', 'max_angle_error_bfloat16'])];
  d.wavelength.forEach((wl, i) => lines.push(csvRow([i, d.r.invFreq[i], wl, d.defaultWavelength[i], d.precision.float32.pairs[i].maxAngleError, d.precision.bfloat16.pairs[i].maxAngleError])));
  return lines.join('\n') + '\n';
}
