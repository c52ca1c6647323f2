// M-RoPE (Qwen2-VL, Qwen2.5-VL): each rotary pair turns with one of three positions, the temporal, height or
// width index of its token (transformers models/qwen2_vl/modeling_qwen2_vl.py: apply_multimodal_rotary_pos_emb
// and get_rope_index). Text tokens have three equal indices, so plain position ids are exact for text.

import { pairSections } from './precision.js';
import { describe } from './fields.js';

/**
 * rope.apply for an M-RoPE config: with three rows of position ids ([3, seqLen] or [3, batch, seqLen] flat, or
 * three arrays), the engine rotates x once per row and each pair is taken from its section's rotation.
 * `run(options)` is the engine's rope.apply on x.
 */
export function mropeApply(run, options, rope) {
  const rows = mropeRows(options);
  if (!rows) return run(options);
  const { into, ...rest } = options;
  const outs = rows.map((positionIds) => run({ ...rest, positionIds }));
  const merged = outs[0];
  const half = rope.invFreq.length;
  const stride = options.headStride ?? rope.headDim;
  const off = options.channelOffset ?? 0;
  const section = pairSections(rope.mropeSection, half);
  const interleaved = options.convention === 'interleaved';
  for (let v = 0; v < merged.length; v += stride)
    for (let i = 0; i < half; i++) {
      const s = section[i];
      if (!s) continue;
      const a = v + off + (interleaved ? 2 * i : i);
      const b = v + off + (interleaved ? 2 * i + 1 : i + half);
      merged[a] = outs[s][a];
      merged[b] = outs[s][b];
    }
  if (into === undefined) return merged;
  const target = into?.array instanceof Float32Array && typeof into.free === 'function' ? into.array : into;
  if (!(target instanceof Float32Array) || target.length !== merged.length)
    throw new RangeError(`into must be a Float32Array or pe.buffer of ${merged.length} elements (as many as x)`);
  target.set(merged);
  return into;
}

// The three rows of M-RoPE position ids, or null for plain ids (one row shared by the three sections).
function mropeRows({ positionIds: ids, seqLen, batch = 1 }) {
  if (ids === undefined) return null;
  if (Array.isArray(ids) && ids.length === 3 && ids.every((r) => Array.isArray(r) || ArrayBuffer.isView(r))) return ids;
  const n = ids?.length;
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(seqLen)) return null;
  if (n !== 3 * seqLen && n !== 3 * batch * seqLen) return null;
  if (batch === 3 && n === 3 * seqLen)
    throw new TypeError('positionIds: 3 × seqLen values with batch 3 could be one row per sequence or the three M-RoPE rows; pass the M-RoPE rows as [temporal, height, width] (three arrays)');
  const len = n / 3;
  const slice = (r) => (ArrayBuffer.isView(ids) ? ids.subarray(r * len, (r + 1) * len) : Array.prototype.slice.call(ids, r * len, (r + 1) * len));
  return [slice(0), slice(1), slice(2)];
}

/**
 * Position ids [3][seqLen] (temporal, height, width; an Int32Array, row-major) for `textBefore` text tokens,
 * one image or video of `grid` = [t, h, w] patches (image_grid_thw) merged `spatialMergeSize` × `spatialMergeSize`
 * into tokens, then `textAfter` text tokens, as Qwen2-VL's get_rope_index numbers them; `ropeDelta` is what
 * generation adds to later positions (largest id + 1 − seqLen). Frame f's temporal index is ⌊f × temporalStep⌋:
 * 1 in Qwen2-VL; Qwen2.5-VL's videos take second_per_grid_t × vision_config.tokens_per_second (its images 0).
 */
export function mropePositionIds(options) {
  if (options === null || typeof options !== 'object') throw new TypeError('rope.mropePositionIds options must be an object');
  const known = ['textBefore', 'grid', 'textAfter', 'spatialMergeSize', 'temporalStep'];
  for (const key of Object.keys(options)) if (!known.includes(key)) throw new TypeError(`${key} is not an option of rope.mropePositionIds (its options are ${known.join(', ')})`);
  const { textBefore = 0, grid, textAfter = 0, spatialMergeSize = 2, temporalStep = 1 } = options;
  if (typeof temporalStep !== 'number' || !(temporalStep >= 0 && temporalStep <= 2 ** 20)) throw new RangeError(`temporalStep must be a number from 0 to 2^20 (got ${describe(temporalStep)})`);
  const count = (v, key, min) => {
    if (!Number.isSafeInteger(v) || v < min || v > 2 ** 24) throw new RangeError(`${key} must be an integer from ${min} to 2^24 (got ${describe(v)})`);
    return v;
  };
  count(textBefore, 'textBefore', 0);
  count(textAfter, 'textAfter', 0);
  count(spatialMergeSize, 'spatialMergeSize', 1);
  if (!Array.isArray(grid) || grid.length !== 3) throw new TypeError('grid must be [t, h, w]: the image or video grid in patches (image_grid_thw)');
  const [t, h, w] = grid.map((v, i) => count(v, `grid[${i}]`, 1));
  if (h % spatialMergeSize || w % spatialMergeSize) throw new RangeError(`grid height ${h} and width ${w} must be multiples of spatialMergeSize ${spatialMergeSize}`);
  const gh = h / spatialMergeSize;
  const gw = w / spatialMergeSize;
  const seqLen = textBefore + t * gh * gw + textAfter;
  if (seqLen > 2 ** 26) throw new RangeError(`the sequence would have ${seqLen} tokens (at most 2^26)`);
  const ids = new Int32Array(3 * seqLen);
  const put = (k, a, b, c) => {
    ids[k] = a;
    ids[seqLen + k] = b;
    ids[2 * seqLen + k] = c;
  };
  for (let k = 0; k < textBefore; k++) put(k, k, k, k);
  let k = textBefore;
  // torch's .long() truncates the frame's scaled index
  const frame = (ti) => Math.trunc(ti * temporalStep);
  for (let ti = 0; ti < t; ti++) for (let hi = 0; hi < gh; hi++) for (let wi = 0; wi < gw; wi++) put(k++, textBefore + frame(ti), textBefore + hi, textBefore + wi);
  const next = textBefore + Math.max(frame(t - 1), gh - 1, gw - 1) + 1;
  for (let j = 0; j < textAfter; j++) put(k++, next + j, next + j, next + j);
  const largest = textAfter ? next + textAfter - 1 : next - 1;
  return { positionIds: ids, seqLen, ropeDelta: largest + 1 - seqLen };
}
