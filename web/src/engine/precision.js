// RoPE as models compute it: the cos/sin cache transformers builds (rope.cosSin), in the model's own
// arithmetic when a dtype is asked for, and how far that arithmetic is from the exact angles (rope.precision).
//
// The model's arithmetic (transformers' rotary embedding forward): inv_freq in float32, positions cast to
// float32, their product rounded to float32, cos and sin of it in float32 times the attention factor, then
// cast to the model's dtype with round-to-nearest-even. Here inv_freq is posenc's exact value rounded once to
// float32 (torch's float32 pow may differ from it by an ulp); everything after is the same sequence of
// roundings. 'float64' is the exact reference: float64 angles from the exact inv_freq.

import { NAMES } from './names.js';
import { describe } from './fields.js';
import { isDetached } from './typed-arrays.js';

const DTYPES = ['float64', 'float32', 'bfloat16', 'float16'];
const f32 = Math.fround;
// float32 positions: p and p + 1 become the same number from 2^24 on
const POSITIONS_COLLAPSE_AT = 2 ** 24;

const scratch = new Float32Array(1);
const bits = new Uint32Array(scratch.buffer);

/** float32 → bfloat16, round to nearest, ties to even (NaN kept). */
function bfloat16(x) {
  scratch[0] = x;
  const u = bits[0];
  if ((u & 0x7f800000) === 0x7f800000) return scratch[0];
  bits[0] = ((u + 0x7fff + ((u >>> 16) & 1)) & 0xffff0000) >>> 0;
  return scratch[0];
}

/** float32 → float16 (IEEE half), round to nearest, ties to even; beyond 65504 → ±Infinity. */
function float16(x) {
  const a = Math.abs(x);
  if (!(a < Infinity)) return x;
  if (a >= 65520) return Math.sign(x) * Infinity;
  if (a >= 2 ** -14) {
    // a normal half keeps 10 of float32's 23 mantissa bits: round the 13 others away (ties to even)
    scratch[0] = x;
    const u = bits[0];
    bits[0] = ((u + 0xfff + ((u >>> 13) & 1)) & 0xffffe000) >>> 0;
    return scratch[0];
  }
  // subnormal halves share the spacing 2^−24
  const q = a * 2 ** 24;
  let r = Math.round(q);
  if (r - q === 0.5 && r % 2) r -= 1;  // ties to even (Math.round rounds .5 up)
  return Math.sign(x) * r * 2 ** -24;
}

const CAST = { float64: (x) => x, float32: f32, bfloat16: (x) => bfloat16(f32(x)), float16: (x) => float16(f32(x)) };

function checkDtype(dtype, key = 'dtype') {
  if (!DTYPES.includes(dtype)) throw new RangeError(`${key} must be one of ${DTYPES.map((d) => `'${d}'`).join(', ')} (got ${describe(dtype)})`);
}

/** cos and sin of pair i at position p, as the model computes them in `dtype` (float64: exact), into out[0..1]. */
function pairCosSin(invExact, inv32, att, p, dtype, out) {
  if (dtype === 'float64') {
    const angle = invExact * p;
    out[0] = Math.cos(angle) * att;
    out[1] = Math.sin(angle) * att;
    return;
  }
  const angle = f32(inv32 * f32(p));
  const cast = CAST[dtype];
  const a32 = f32(att);
  out[0] = cast(f32(f32(Math.cos(angle)) * a32));
  out[1] = cast(f32(f32(Math.sin(angle)) * a32));
}

/**
 * The cos/sin cache for `positions` ([n][rotaryDim] each, attention factor included), laid out as the
 * convention's models read it: half and deinterleave (rotate_half: cat(freqs, freqs)) or interleaved (each
 * angle twice). With M-RoPE (`mropeSection`), `positions` is three lists (temporal, height, width) and each
 * pair turns with its section's list.
 */
export function cosSin(freq, { positions, dtype = 'float64', convention = freq.convention ?? 'half' }) {
  checkDtype(dtype);
  if (!NAMES.ropeConvention.values.includes(convention))
    throw new RangeError(`convention must be one of ${NAMES.ropeConvention.values.map((v) => `'${v}'`).join(', ')} (got ${describe(convention)})`);
  const { invFreq, attentionFactor } = freq;
  const rows = sectionRows(positions, freq.mropeSection);
  const half = invFreq.length;
  const dim = 2 * half;
  const n = rows[0].length;
  const Out = dtype === 'float64' ? Float64Array : Float32Array;
  const cos = new Out(n * dim);
  const sin = new Out(n * dim);
  const inv32 = Float32Array.from(invFreq);
  const section = pairSections(freq.mropeSection, half);
  const v = [0, 0];
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < half; i++) {
      pairCosSin(invFreq[i], inv32[i], attentionFactor, rows[section[i]][r], dtype, v);
      const [a, b] = convention === 'interleaved' ? [r * dim + 2 * i, r * dim + 2 * i + 1] : [r * dim + i, r * dim + i + half];
      cos[a] = cos[b] = v[0];
      sin[a] = sin[b] = v[1];
    }
  }
  return { cos, sin, positions: n, rotaryDim: dim, attentionFactor, dtype, convention };
}

/** The row of M-RoPE position ids each pair reads (0 for every pair without M-RoPE). */
export function pairSections(mropeSection, half) {
  const section = new Uint8Array(half);
  if (mropeSection) for (let i = mropeSection[0]; i < half; i++) section[i] = i < mropeSection[0] + mropeSection[1] ? 1 : 2;
  return section;
}

// positions as rows: one list, or with M-RoPE three lists (temporal, height, width) of one length; a single
// list serves all three (text)
function sectionRows(positions, mrope) {
  if (mrope && Array.isArray(positions) && positions.length === 3 && positions.every((p) => Array.isArray(p) || ArrayBuffer.isView(p))) {
    const rows = positions.map((p, k) => positionList(p, `positions[${k}]`));
    if (rows[1].length !== rows[0].length || rows[2].length !== rows[0].length) throw new RangeError(`positions: the three M-RoPE rows must have one length (got ${rows.map((r) => r.length).join(', ')})`);
    return rows;
  }
  const list = positionList(positions, 'positions');
  return [list, list, list];
}

/** The longest sequence the positions imply (largest + 1), as transformers sizes dynamic and LongRoPE. */
export function lengthOfPositions(positions) {
  let max = -1;
  // a list, or M-RoPE's three lists: deeper nesting (a cycle) is not positions, and positionList says so
  const visit = (p, depth) => {
    if (depth > 1 || !(Array.isArray(p) || ArrayBuffer.isView(p)) || p.length > MAX_POSITIONS || (ArrayBuffer.isView(p) && isDetached(p))) return;
    for (let i = 0; i < p.length; i++) typeof p[i] === 'number' ? (max = Math.max(max, p[i])) : visit(p[i], depth + 1);
  };
  visit(positions, 0);
  return Number.isSafeInteger(max) && max >= 0 ? max + 1 : undefined;
}

// more positions than this would ask for more cos/sin values than the engine's largest array
const MAX_POSITIONS = 2 ** 24;

function positionList(positions, key) {
  if (!Array.isArray(positions) && !ArrayBuffer.isView(positions)) throw new TypeError(`${key} must be an array of positions`);
  if (positions.length > MAX_POSITIONS) throw new RangeError(`${key} has ${positions.length} entries (at most 2^24)`);
  if (ArrayBuffer.isView(positions) && isDetached(positions)) throw new TypeError(`${key}: its memory was detached (its ArrayBuffer was transferred)`);
  const list = Array.from(positions);
  list.forEach((p, i) => {
    if (!Number.isSafeInteger(p) || p < 0) throw new RangeError(`${key}[${i}] must be an integer from 0 to 2^53 − 1 (got ${describe(p)})`);
  });
  return list;
}

const TWO_PI = 2 * Math.PI;
// how a dtype's cos and sin are made: exact (float64), float32 alone, or float32 then cast (one of ROUND)
const MODE = { float64: 0, float32: 1, bfloat16: 2, float16: 3 };
const ROUND = [null, null, bfloat16, float16];
// samples of a pair computed together: their positions, exact angles and shared cos/sin, then each dtype's pass
const CHUNK = 4096;
// An angle error e = angle − θp (|angle| ≤ π) is reduced as e − 2π·round(e / 2π). Each sample's
// T = TWO_PI · round(−θp / TWO_PI) is computed once for every dtype; when d = e − T is under 3 in size and
// |θp| < 2^30, round(e / TWO_PI) is that same integer (|e / TWO_PI − it| ≤ (3 + 2^−21) / 2π < 0.478, and the
// quotient's rounding is below 2^−24 there), so d is exactly what the division would give. Otherwise (an
// error near ±π, or a larger angle) the division decides.
const TURNS = 2 ** 30;
let shared = null;

// One pair's largest angle error and first stuck position over the samples, for each of `dtypes` (a list),
// in one pass: the float32, bfloat16 and float16 values are roundings of one float32 angle's float32 cos and
// sin (the same roundings as pairCosSin), computed once for all of them, as the exact angle is.
function pairErrors(theta, t32, att, dtypes, from, to, samples, step) {
  const consecutive = samples === to - from + 1;  // every position is a sample: p + 1 is the next one
  const lanes = dtypes.map((dtype) => ({ dtype, mode: MODE[dtype], prevC: NaN, prevS: NaN, angle: 0, maxAngleError: 0, worstPosition: from, firstStuck: null }));
  const exact = lanes.some((l) => l.mode === 0);
  const model = lanes.some((l) => l.mode !== 0);
  const a32 = f32(att);
  shared ??= { p: new Float64Array(CHUNK), ref: new Float64Array(CHUNK), turns: new Float64Array(CHUNK), c: new Float64Array(CHUNK), s: new Float64Array(CHUNK), c32: new Float64Array(CHUNK), s32: new Float64Array(CHUNK) };
  const { p: P, ref: R, turns: T, c: C, s: S, c32: C32, s32: S32 } = shared;
  for (let k0 = 0; k0 < samples; k0 += CHUNK) {
    const n = Math.min(CHUNK, samples - k0);
    for (let k = 0; k < n; k++) {
      const p = consecutive ? from + k0 + k : from + Math.floor((k0 + k) * step);
      const ref = theta * p;
      P[k] = p;
      R[k] = ref;
      T[k] = TWO_PI * Math.round(-ref / TWO_PI);
      if (exact) {
        C[k] = Math.cos(ref) * att;
        S[k] = Math.sin(ref) * att;
      }
      if (model) {
        const a = f32(t32 * f32(p));
        C32[k] = f32(f32(Math.cos(a)) * a32);
        S32[k] = f32(f32(Math.sin(a)) * a32);
      }
    }
    for (const lane of lanes) laneErrors(lane, n, consecutive, theta, t32, att, to);
  }
  return lanes.map(({ maxAngleError, worstPosition, firstStuck }) => ({ maxAngleError, worstPosition, firstStuck }));
}

// One dtype's pass over a chunk (pairErrors' shared values): its cos and sin, their angle (atan2; a (cos, sin)
// equal to the previous sample's reuses it), its error against the exact angle, and the first stuck position.
function laneErrors(lane, n, consecutive, theta, t32, att, to) {
  const { p: P, ref: R, turns: T } = shared;
  const [C, S] = lane.mode === 0 ? [shared.c, shared.s] : [shared.c32, shared.s32];
  const round = ROUND[lane.mode];
  let { prevC, prevS, angle, maxAngleError, worstPosition, firstStuck } = lane;
  const w = [0, 0];
  for (let k = 0; k < n; k++) {
    const p = P[k];
    let c = C[k];
    let s = S[k];
    if (round) {
      c = round(c);
      s = round(s);
    }
    if (c !== prevC || s !== prevS) angle = Math.atan2(s, c);
    else if (firstStuck === null && consecutive) firstStuck = p - 1;
    // the error reduced to [−π, π]: e − 2π·round(e / 2π), where round(e / 2π) is the sample's T (no division)
    // when that leaves less than 3 (see TURNS)
    const e = angle - R[k];
    let d = e - T[k];
    if (!(Math.abs(d) < 3 && Math.abs(R[k]) < TURNS)) d = e - TWO_PI * Math.round(e / TWO_PI);
    const err = Math.abs(d);
    if (err > maxAngleError) {
      maxAngleError = err;
      worstPosition = p;
    }
    if (firstStuck === null && !consecutive && p < to) {
      pairCosSin(theta, t32, att, p + 1, lane.dtype, w);
      if (w[0] === c && w[1] === s) firstStuck = p;
    }
    prevC = c;
    prevS = s;
  }
  Object.assign(lane, { prevC, prevS, angle, maxAngleError, worstPosition, firstStuck });
}

/**
 * For positions from … to (at most 2^20 of them, else evenly spread samples): per pair, the largest error of
 * the angle the model's arithmetic in `dtype` represents (atan2 of its sin and cos) against the exact angle,
 * and the first position where the pair reads the same at p and p + 1; overall, the largest error, and
 * the position from which float32 positions themselves collapse (p and p + 1 equal). `dtype` may be a list
 * of dtypes: one result each, in its order, from one pass over the positions (float32, bfloat16 and float16
 * share the float32 angle and its cos and sin).
 */
export function precision(freq, { dtype = 'bfloat16', from = 0, to }) {
  const several = Array.isArray(dtype);
  const dtypes = several ? dtype : [dtype];
  if (several) {
    if (dtypes.length === 0) throw new RangeError('dtype must be a dtype or a non-empty list of them (got [])');
    dtypes.forEach((d, i) => {
      checkDtype(d, `dtype[${i}]`);
      if (dtypes.indexOf(d) !== i) throw new RangeError(`dtype[${i}]: "${d}" is already in the list (each dtype at most once)`);
    });
  } else checkDtype(dtype);
  if (!Number.isSafeInteger(from) || from < 0) throw new RangeError(`from must be an integer ≥ 0 (got ${from})`);
  if (!Number.isSafeInteger(to) || to < from) throw new RangeError(`to must be an integer ≥ from (got ${to})`);
  const { invFreq, attentionFactor } = freq;
  const inv32 = Float32Array.from(invFreq);
  const count = to - from + 1;
  const samples = Math.min(count, 2 ** 20);
  const step = count / samples;
  // pair by pair, over the samples, in one specialised loop: 131 072 positions × 48 pairs in well under a second
  const byPair = Array.from(invFreq, (theta, pair) => pairErrors(theta, inv32[pair], attentionFactor, dtypes, from, to, samples, step));
  const results = dtypes.map((d, j) => {
    const pairs = byPair.map((errors, pair) => ({ pair, invFreq: invFreq[pair], ...errors[j] }));
    const worst = pairs.reduce((a, b) => (b.maxAngleError > a.maxAngleError ? b : a), pairs[0]);
    return {
      dtype: d,
      from,
      to,
      sampled: samples < count,
      pairs,
      maxAngleError: worst?.maxAngleError ?? 0,
      worstPair: worst?.pair ?? 0,
      positionsCollapseAt: d === 'float64' ? null : POSITIONS_COLLAPSE_AT,
    };
  });
  return several ? results : results[0];
}

/** x as `dtype` stores it (for tests and widgets that show single values). */
export const castTo = (dtype, x) => (checkDtype(dtype), CAST[dtype](x));
