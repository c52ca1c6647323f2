// What <posenc-model> shows, computed by the engine: a transformers config read by pe.fromConfig, and for the
// chosen layer's RoPE every pair's wavelength (scaled and not), the trained and the longest context, and the
// precision of its angles in float32 and bfloat16 there (pe.rope.precision, in windows of positions the element
// computes one per task: precisionCalls, mergePrecision); pe.rope.cosSin for two neighbours.

import { csvRow } from '../../render/export.js';
import { clampInt } from '../methods-shared.js';

const TWO_PI = 2 * Math.PI;
export const DTYPES = ['float32', 'bfloat16'];
const WINDOW = 4096; // positions checked at the end of the context
const CHUNK = 1024; // positions per rope.precision call: a phone at CPU ×4 computes a chunk in a short task
// pairs × positions per call: a task's work whatever the head (64 pairs at CHUNK positions; a 4096-channel head
// of a pasted config gets 32 positions a call, not 2048 × 1024 in one task)
export const WORK_PER_CALL = 64 * CHUNK;

/**
 * The config `src` ({ name, config, … }) read for `layerSetting` (−1: the main layer): `method` and `notes`, and
 * with RoPE the layer shown, its `r` (what fromConfig gives, at the longest context for dynamic NTK and LongRoPE),
 * `trained`, `longest`, `wavelength` and `defaultWavelength`; `nope` for a layer without RoPE. Its `precision`
 * (dtype → rope.precision over the last WINDOW positions) is computed after it: precisionCalls, mergePrecision.
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
  return { ...base, r, at: { ...at, ...byLayer }, trained, longest, wavelength, defaultWavelength };
}

/**
 * The rope.precision options for `d`'s precision, per dtype: the last WINDOW positions of its longest context as
 * windows of CHUNK positions, each starting on the last position of the one before (so that every p, p + 1
 * is compared in one window). seqLen is the longest context, as one call over the whole range sizes it.
 */
export function precisionCalls(d) {
  const from = Math.max(0, d.longest - WINDOW);
  const to = d.longest - 1;
  const chunk = Math.max(1, Math.min(CHUNK, Math.floor(WORK_PER_CALL / d.wavelength.length)));
  const calls = {};
  for (const dtype of DTYPES) {
    calls[dtype] = [];
    for (let a = from; ; a += chunk) {
      const b = Math.min(to, a + chunk);
      calls[dtype].push({ config: d.config, seqLen: d.longest, ...d.at, dtype, from: a, to: b });
      if (b === to) break;
    }
  }
  return calls;
}

/**
 * `d.precision` computed a window at a time (precisionCalls): `step()` computes the next window, every dtype in
 * one rope.precision call (they share its float32 angles and their cos and sin), and says whether some are left;
 * when the last is done, the windows are merged into `d.precision`.
 */
export function precisionWork(pe, d) {
  const windows = precisionCalls(d)[DTYPES[0]].map((options) => ({ ...options, dtype: DTYPES }));
  const parts = DTYPES.map(() => []);
  let k = 0;
  return {
    step() {
      if (k < windows.length) {
        pe.rope.precision(windows[k++]).forEach((part, j) => parts[j].push(part));
        if (k === windows.length) d.precision = Object.fromEntries(DTYPES.map((dtype, j) => [dtype, mergePrecision(parts[j])]));
      }
      return k < windows.length;
    },
  };
}

/**
 * rope.precision over consecutive windows (precisionCalls: each starts where the one before ends) as one call
 * over their whole range gives it: per pair the largest error and the first position it is reached at, and
 * the first stuck position; overall the largest error and the first pair with it.
 */
export function mergePrecision(parts) {
  const [first] = parts;
  const pairs = first.pairs.map((p, i) => {
    let worst = p;
    let firstStuck = p.firstStuck;
    for (const part of parts.slice(1)) {
      const q = part.pairs[i];
      if (q.maxAngleError > worst.maxAngleError) worst = q;
      firstStuck ??= q.firstStuck;
    }
    return { ...p, maxAngleError: worst.maxAngleError, worstPosition: worst.worstPosition, firstStuck };
  });
  const worst = pairs.reduce((a, b) => (b.maxAngleError > a.maxAngleError ? b : a), pairs[0]);
  return { ...first, to: parts.at(-1).to, pairs, maxAngleError: worst?.maxAngleError ?? 0, worstPair: worst?.pair ?? 0 };
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
