// The engine work behind <posenc-t5>: where each side's exact, log and last-bucket regions start, every
// boundary asked of the engine's bucket function.

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
