// The engine work behind <posenc-t5>: the bucket curve and grid, the bias an untrained per-head table gives
// them (pe.learned does the lookup, so even the gather is the engine's), and where each side's exact, log and
// last-bucket regions start, every boundary asked of the engine's bucket function.

import { csvRow } from '../../render/export.js';

/** The largest distance the engine takes (2^53 − 1): bucket searches run over 0 … FAR. */
const FAR = Number.MAX_SAFE_INTEGER;
/** How many distances are scanned for the exact region (it ends long before this for any usual setting). */
const EXACT_SCAN = 1 << 18;

/**
 * Smallest distance n in 0 … FAR whose bucket (asked of the engine: `bucket(n)`) is at least `target`, or
 * Infinity when none is. Each side of the bucket function never decreases with the distance, so a binary
 * search finds it in ~53 engine calls.
 */
export function firstAtLeast(bucket, target) {
  if (bucket(FAR) < target) return Infinity;
  let lo = 0;
  let hi = FAR;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (bucket(mid) >= target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Regions of one side (sign −1: keys before the query, +1: keys after it), every boundary asked of the
 * engine's bucket function, whatever part of it the plot shows: exact (each distance its own bucket), log
 * (buckets shared by growing ranges), last (the side's final bucket, which every farther distance shares).
 * The final bucket is num_buckets − 1 (causal, before), 0 (causal, after: every key after the query), or
 * num_buckets/2 − 1 and 2·(num_buckets/2) − 1 (bidirectional). `last` is null if no distance the engine
 * takes reaches it.
 */
export function regions(pe, o, sign) {
  const bucket = (n) => pe.t5.bucket(sign * n, o);
  const half = Math.floor(o.numBuckets / 2);
  const lastBucket = o.bidirectional ? (sign < 0 ? half - 1 : 2 * half - 1) : sign < 0 ? o.numBuckets - 1 : 0;
  const lastStart = firstAtLeast(bucket, lastBucket);
  // the exact region: the leading distances that each have a bucket of their own
  const K = Math.min(lastStart, EXACT_SCAN);
  const col = sign < 0 ? pe.t5.buckets({ ...o, queryLength: K + 1, keyLength: 1 }) : pe.t5.buckets({ ...o, queryLength: 1, keyLength: K + 1 });
  let exactEnd = K;
  for (let n = 0; n < K; n++) {
    if (col[n] === col[n + 1]) {
      exactEnd = n;
      break;
    }
  }
  const reached = lastStart !== Infinity;
  return { exact: [0, exactEnd - 1], log: [exactEnd, lastStart - 1], last: reached ? [lastStart, Infinity] : null, lastBucket };
}

/** The engine's bucket options for the widget's settings. */
export const bucketOptions = ({ numBuckets, maxDistance, bidirectional }) => ({ numBuckets, maxDistance, bidirectional: !!bidirectional });

/**
 * { R, L, H, after, before, x, y, grid, table, bias, past, future, nb }: the bucket of every relative
 * position in −R … R (x, y), the L × L grid, the nb × H table and the bias it gives the grid, [L, L, H].
 */
export function computeT5(pe, { length: L, heads: H, seed, ...settings }, R) {
  const o = bucketOptions(settings);
  // one row (query 0, keys 0…R: key after the query) and one column (queries 0…R, key 0: key before)
  const after = pe.t5.buckets({ ...o, queryLength: 1, keyLength: R + 1 });
  const before = pe.t5.buckets({ ...o, queryLength: R + 1, keyLength: 1 });
  const x = new Float64Array(2 * R + 1);
  const y = new Float64Array(2 * R + 1);
  for (let i = 0; i <= 2 * R; i++) {
    const rp = i - R;
    x[i] = rp;
    y[i] = rp >= 0 ? after[rp] : before[-rp];
  }
  const grid = pe.t5.buckets({ ...o, queryLength: L, keyLength: L });
  const table = pe.learned({ maxLength: o.numBuckets, dModel: H, seed, std: 1 });
  const bias = pe.learned({ maxLength: o.numBuckets, dModel: H, seed, std: 1, positions: grid });
  return { R, L, H, after, before, x, y, grid, table, bias, past: regions(pe, o, -1), future: regions(pe, o, 1), nb: o.numBuckets };
}

/**
 * The relative positions sharing the bucket of rp, as [from, to] (signed, from ≤ to; ±Infinity for the final
 * bucket, which every farther distance shares), found with the engine's bucket function.
 */
export function sharedRange(pe, o, data, rp) {
  const sign = rp < 0 ? -1 : 1;
  const side = sign < 0 ? data.past : data.future;
  const bucket = (n) => pe.t5.bucket(sign * n, o);
  const b = bucket(Math.abs(rp));
  const from = firstAtLeast(bucket, b);
  const to = side.last && b === side.lastBucket ? Infinity : firstAtLeast(bucket, b + 1) - 1;
  return sign > 0 ? [from, to] : [-to, -from];
}

/**
 * An engine error caused by an attribute, with the attribute named as the author writes it (the engine says
 * numBuckets and maxDistance), and `reason(exact)` (in the widget's language) added to an exact-bucket count.
 */
export function inAttributeWords(err, reason) {
  const message = String(err?.message ?? '');
  if (!/\b(numBuckets|maxDistance)\b/.test(message)) return err;
  let text = message.replace(/\bnumBuckets\b/g, 'num-buckets').replace(/\bmaxDistance\b/g, 'max-distance');
  if (/exact-bucket count/.test(text)) text += ` — ${reason()}`;
  const Ctor = typeof err?.constructor === 'function' ? err.constructor : Error;
  return new Ctor(text, { cause: err });
}

/** The CSV export: the bucket curve, then every (query, key) pair's bucket and each head's bias. */
export function csvText(d) {
  const lines = [csvRow(['relative_position', 'bucket'])];
  for (let i = 0; i < d.x.length; i++) lines.push(csvRow([d.x[i], d.y[i]]));
  lines.push('', csvRow(['query', 'key', 'bucket', ...Array.from({ length: d.H }, (_, h) => `bias_head${h}`)]));
  for (let i = 0; i < d.L * d.L; i++) lines.push(csvRow([Math.floor(i / d.L), i % d.L, d.grid[i], ...Array.from(d.bias.subarray(i * d.H, (i + 1) * d.H))]));
  return lines.join('\n') + '\n';
}
