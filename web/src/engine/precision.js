// RoPE as models compute it: the cos/sin cache transformers builds (rope.cosSin), in the model's own
// arithmetic when a dtype is asked for, and how far that arithmetic is from the exact angles (rope.precision).
//
// The model's arithmetic (transformers' rotary embedding forward): inv_freq in float32, positions cast to
// float32, their product rounded to float32, cos and sin of it in float32 times the attention factor, then
// cast to the model's dtype with round-to-nearest-even. Here inv_freq is posenc's exact value rounded once to
// float32 (torch's float32 pow may differ from it by an ulp); everything after is the same sequence of
// roundings. 'float64' is the exact reference: float64 angles from the exact inv_freq.

import { NAMES } from './names.js';

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
  // spacing of half values around a: 2^(e − 10), subnormals below 2^−14 share the spacing 2^−24
  const e = Math.max(Math.floor(Math.log2(a)), -14);
  const ulp = 2 ** (e - 10);
  const q = a / ulp;
  let r = Math.round(q);
  if (r - q === 0.5 && r % 2) r -= 1;  // ties to even (Math.round rounds .5 up)
  return Math.sign(x) * r * ulp;
}

const CAST = { float64: (x) => x, float32: f32, bfloat16: (x) => bfloat16(f32(x)), float16: (x) => float16(f32(x)) };

function checkDtype(dtype) {
  if (!DTYPES.includes(dtype)) throw new RangeError(`dtype must be one of ${DTYPES.map((d) => `'${d}'`).join(', ')} (got ${JSON.stringify(dtype)})`);
}

/** cos and sin of pair i at position p, as the model computes them in `dtype` (float64: exact). */
function pairCosSin(invExact, inv32, att, p, dtype) {
  if (dtype === 'float64') {
    const angle = invExact * p;
    return [Math.cos(angle) * att, Math.sin(angle) * att, angle];
  }
  const angle = f32(inv32 * f32(p));
  const cast = CAST[dtype];
  const a32 = f32(att);
  return [cast(f32(f32(Math.cos(angle)) * a32)), cast(f32(f32(Math.sin(angle)) * a32)), angle];
}

/**
 * The cos/sin cache for `positions` ([n][rotaryDim] each, attention factor included), laid out as the
 * convention's models read it: half and deinterleave (rotate_half: cat(freqs, freqs)) or interleaved (each
 * angle twice).
 */
export function cosSin(freq, { positions, dtype = 'float64', convention = 'half' }) {
  checkDtype(dtype);
  if (!NAMES.ropeConvention.values.includes(convention))
    throw new RangeError(`convention must be one of ${NAMES.ropeConvention.values.map((v) => `'${v}'`).join(', ')} (got ${JSON.stringify(convention)})`);
  const list = positionList(positions);
  const { invFreq, attentionFactor } = freq;
  const half = invFreq.length;
  const dim = 2 * half;
  const Out = dtype === 'float64' ? Float64Array : Float32Array;
  const cos = new Out(list.length * dim);
  const sin = new Out(list.length * dim);
  const inv32 = Float32Array.from(invFreq);
  list.forEach((p, r) => {
    for (let i = 0; i < half; i++) {
      const [c, s] = pairCosSin(invFreq[i], inv32[i], attentionFactor, p, dtype);
      const [a, b] = convention === 'interleaved' ? [r * dim + 2 * i, r * dim + 2 * i + 1] : [r * dim + i, r * dim + i + half];
      cos[a] = cos[b] = c;
      sin[a] = sin[b] = s;
    }
  });
  return { cos, sin, positions: list.length, rotaryDim: dim, attentionFactor, dtype, convention };
}

function positionList(positions) {
  if (!Array.isArray(positions) && !ArrayBuffer.isView(positions)) throw new TypeError('positions must be an array of positions');
  const list = Array.from(positions);
  list.forEach((p, i) => {
    if (!Number.isSafeInteger(p) || p < 0) throw new RangeError(`positions[${i}] must be an integer from 0 to 2^53 − 1 (got ${p})`);
  });
  return list;
}

// angle difference folded into (−π, π]
const wrap = (d) => d - 2 * Math.PI * Math.round(d / (2 * Math.PI));

/**
 * For positions from … to (at most 2^20 of them, else evenly spread samples): per pair, the largest error of
 * the angle the model's arithmetic in `dtype` represents (atan2 of its sin and cos) against the exact angle,
 * and the first position where the pair reads the same at p and p + 1; overall, the largest error, and
 * the position from which float32 positions themselves collapse (p and p + 1 equal).
 */
export function precision(freq, { dtype = 'bfloat16', from = 0, to }) {
  checkDtype(dtype);
  if (!Number.isSafeInteger(from) || from < 0) throw new RangeError(`from must be an integer ≥ 0 (got ${from})`);
  if (!Number.isSafeInteger(to) || to < from) throw new RangeError(`to must be an integer ≥ from (got ${to})`);
  const { invFreq, attentionFactor } = freq;
  const inv32 = Float32Array.from(invFreq);
  const count = to - from + 1;
  const samples = Math.min(count, 2 ** 20);
  const step = count / samples;
  const pairs = Array.from(invFreq, (theta, pair) => ({ pair, invFreq: theta, maxAngleError: 0, worstPosition: from, firstStuck: null }));
  for (let k = 0; k < samples; k++) {
    const p = from + Math.floor(k * step);
    for (const q of pairs) {
      const [c, s] = pairCosSin(invFreq[q.pair], inv32[q.pair], attentionFactor, p, dtype);
      const err = Math.abs(wrap(Math.atan2(s, c) - invFreq[q.pair] * p));
      if (err > q.maxAngleError) {
        q.maxAngleError = err;
        q.worstPosition = p;
      }
      if (q.firstStuck === null && p < to) {
        const [c1, s1] = pairCosSin(invFreq[q.pair], inv32[q.pair], attentionFactor, p + 1, dtype);
        if (c1 === c && s1 === s) q.firstStuck = p;
      }
    }
  }
  const worst = pairs.reduce((a, b) => (b.maxAngleError > a.maxAngleError ? b : a), pairs[0]);
  return {
    dtype,
    from,
    to,
    sampled: samples < count,
    pairs,
    maxAngleError: worst?.maxAngleError ?? 0,
    worstPair: worst?.pair ?? 0,
    positionsCollapseAt: dtype === 'float64' ? null : POSITIONS_COLLAPSE_AT,
  };
}

/** x as `dtype` stores it (for tests and widgets that show single values). */
export const castTo = (dtype, x) => (checkDtype(dtype), CAST[dtype](x));
