// What <posenc-properties> checks, computed by the engine: the sinusoidal table's smallest distance between
// two positions and its value range (kept while the table's settings hold), the rotation property for one
// shift, and how the table continues past a training length.

import { columnOf } from '../sinusoid-info.js';

/** The rotation check passes when PE(pos + k) = R(k)·PE(pos) holds to this (float32 tables). */
export const ROTATION_TOLERANCE = 1e-5;
/** Largest pos and k of the rotation check (what its number boxes take). */
export const MAX_SHIFT = 1 << 20;

/** A whole number from `min` to `max`: `value` rounded and clamped (`min` for NaN or 0-like values). */
export const clampWhole = (value, min, max) => Math.max(min, Math.min(max, Math.round(value) || min));

/** { table [length, dModel], uniq: { min, at }, bounds: { lo, hi } }: the checks that depend on the table only. */
export function computeTable(pe, { length: L, dModel: d, base }) {
  const table = pe.sinusoidal({ length: L, dModel: d, base });
  // uniqueness: smallest distance between two different positions (engine similarity matrix)
  const D = pe.similarity(table, { length: L, dModel: d, metric: 'euclidean' });
  let min = Infinity;
  let at = [0, 1];
  for (let i = 0; i < L; i++) {
    for (let j = i + 1; j < L; j++) {
      const v = D[i * L + j];
      if (v < min) (min = v), (at = [i, j]);
    }
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of table) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return { table, uniq: { min, at }, bounds: { lo, hi } };
}

/**
 * PE(pos + k) against R(k)·PE(pos) over every pair, R(k) read off PE(k) itself (PE(k, 2i) = sin(kω_i),
 * PE(k, 2i+1) = cos(kω_i)); `pair` is the pair shown: its rotation, vectors and prediction.
 */
export function rotationCheck(pe, { dModel: d, base, pos, k, pair: i }) {
  const p = { dModel: d, layout: 'interleaved' };
  const a = pe.sinusoidal({ length: 1, offset: pos, dModel: d, base });
  const b = pe.sinusoidal({ length: 1, offset: pos + k, dModel: d, base });
  const r = pe.sinusoidal({ length: 1, offset: k, dModel: d, base });
  let maxErr = 0;
  let worst = 0;
  for (let j = 0; j < d / 2; j++) {
    const s = r[columnOf(j, 'sin', p)];
    const c = r[columnOf(j, 'cos', p)];
    const x = a[columnOf(j, 'sin', p)];
    const y = a[columnOf(j, 'cos', p)];
    const e = Math.max(Math.abs(b[columnOf(j, 'sin', p)] - (c * x + s * y)), Math.abs(b[columnOf(j, 'cos', p)] - (-s * x + c * y)));
    if (e > maxErr) (maxErr = e), (worst = j);
  }
  const R = { s: r[2 * i], c: r[2 * i + 1] };
  const before = { x: a[2 * i], y: a[2 * i + 1] };
  const after = { x: b[2 * i], y: b[2 * i + 1] };
  const predicted = { x: R.c * before.x + R.s * before.y, y: -R.s * before.x + R.c * before.y };
  return { pos, k, maxErr, worst, i, R, before, after, predicted };
}

/**
 * Neighbour similarity inside and beyond the training length `T`, the closest pair beyond it, and the
 * engine's answer when a learned table of T rows is asked for position T.
 */
export function extrapolationCheck(pe, table, { length: L, dModel: d, T }) {
  const neighbour = (q) => pe.compare(table.subarray(q * d, q * d + d), table.subarray((q + 1) * d, (q + 2) * d)).cosine;
  const inside = neighbour(Math.max(0, T - 2));
  const beyond = neighbour(L - 2);
  // the closest pair among positions T … L − 1: distances depend on the gap only, so row T against every
  // later row covers every pair (neighbours are not always the closest: a slow table wraps back)
  let minBeyond = Infinity;
  let closestGap = 1;
  const rowT = table.subarray(T * d, T * d + d);
  for (let q = T + 1; q < L; q++) {
    const e = pe.compare(rowT, table.subarray(q * d, q * d + d)).euclidean;
    if (e < minBeyond) (minBeyond = e), (closestGap = q - T);
  }
  // a learned table with T rows cannot answer position T: ask the engine and show its answer
  let learnedError = '';
  try {
    pe.learned({ maxLength: T, dModel: d, seed: 1, positions: [T] });
  } catch (err) {
    learnedError = err?.message ?? String(err);
  }
  return { T, inside, beyond, minBeyond, closestGap, learnedError };
}

/** Slow-ish sine columns, so the continuation past the training length is visible. */
export function plotDims(d) {
  const out = [];
  for (const f of [0.12, 0.25, 0.4]) {
    const c = 2 * Math.round((f * d) / 2);
    if (c < d && !out.includes(c)) out.push(c);
  }
  return out;
}

/**
 * The checks as [identifier, value, detail]: identifiers and details are data (the same in every language,
 * like the CSV's column names), the values are read off the float32 table.
 */
export function checkValues(C) {
  const rot = C.rotation;
  return [
    ['min_distance', C.uniq.min, `positions=${C.uniq.at.join(',')}`],
    ['min_value', C.bounds.lo, ''],
    ['max_value', C.bounds.hi, ''],
    ['rotation_max_error', rot.maxErr, `pos=${rot.pos} k=${rot.k} worst_pair=${rot.worst}`],
    ['neighbour_cosine_inside_training', C.extrap.inside, `T=${C.extrap.T}`],
    ['neighbour_cosine_at_end', C.extrap.beyond, `L=${C.L}`],
    ['min_distance_beyond_training', C.extrap.minBeyond, ''],
  ];
}
