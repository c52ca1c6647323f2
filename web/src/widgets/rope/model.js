// The engine work behind <posenc-rope>, as functions of the engine and the element's parameters: the
// channel pairing read off pe.rope.apply, RoFormer's long-range bound (section 3.4.3) assembled from
// engine rotations and dot products, the q·k curve, and the query and key at (m, n) on one pair.

import { contentVectors, tile, row } from '../methods-shared.js';
import { csvRow } from '../../render/export.js';

// positions drawn behind each arrow of the circle
const TRAIL = 40;

/**
 * What depends only on (headDim, base, convention, seed): the seeded q and k, the inverse frequencies, the
 * pairing read off the engine and RoFormer's largest step.
 */
export function ropeStatic(pe, { headDim: d, base, convention, seed }) {
  const { invFreq } = pe.rope.invFreq({ headDim: d, base });
  const qk = contentVectors(pe, { count: 2, dim: d, seed });
  // Which channels rotate together: rotate every unit vector by one position and see where it lands.
  const eye = new Float32Array(d * d);
  for (let j = 0; j < d; j++) eye[j * d + j] = 1;
  const turned = pe.rope.apply(eye, { headDim: d, base, convention, seqLen: 1, heads: d, offset: 1 });
  const partner = new Int32Array(d).fill(-1);
  for (let j = 0; j < d; j++) {
    let best = -1;
    let bestAbs = 0;
    for (let c = 0; c < d; c++) {
      if (c === j) continue;
      const a = Math.abs(turned[j * d + c]);
      if (a > bestAbs) {
        bestAbs = a;
        best = c;
      }
    }
    partner[j] = best;
  }
  const pairs = [];
  const pairOf = new Int32Array(d).fill(-1);
  for (let j = 0; j < d; j++) {
    const p = partner[j];
    if (p > j && partner[p] === j) {
      pairOf[j] = pairOf[p] = pairs.length;
      pairs.push([j, p]);
    }
  }
  return { q: row(qk, 0, d), k: row(qk, 1, d), invFreq, pairs, pairOf, step: largestStep(pe, qk, pairs, d) };
}

/**
 * RoFormer's factor max_i |h_{i+1} − h_i|, where h_i = q_i·conj(k_i) is pair i's share of q·k as a complex
 * number (pair i turns at θ_i) and h_{d/2} = 0. Re h_i is the pair's dot product, Im h_i the dot product with
 * the key's pair turned by 90°; the steps are engine distances between consecutive (Re h_i, Im h_i).
 * null when the pairing read off the engine does not give d/2 pairs (the sum would miss terms).
 */
function largestStep(pe, qk, pairs, d) {
  const half = d / 2;
  if (pairs.length !== half) return null;
  const q = row(qk, 0, d);
  const k = row(qk, 1, d);
  const h = new Float32Array((half + 1) * 2); // the last row stays (0, 0): h_{d/2}
  pairs.forEach(([a, b], i) => {
    h[2 * i] = pe.compare([q[a], q[b]], [k[a], k[b]]).dot;
    h[2 * i + 1] = pe.compare([q[a], q[b]], [-k[b], k[a]]).dot;
  });
  const dist = pe.similarity(h, { length: half + 1, dModel: 2, metric: 'euclidean' });
  let step = 0;
  for (let i = 0; i < half; i++) step = Math.max(step, dist[i * (half + 1) + i + 1]);
  return step;
}

/**
 * The distance-dependent factor of RoFormer's bound, as a mean: (1/(d/2))·Σ_j |S_j| with
 * S_j = Σ_{i<j} e^{i·r·θ_i}, for every r in −span … span (the paper's "relative upper bound", Figure 2).
 * Times (d/2)·max_i |h_{i+1} − h_i| it is the bound on |q·k| (the element's _boundCurve).
 */
export function boundMeans(pe, { headDim: d, base, span: R }) {
  const half = d / 2;
  // (1, 0) in every pair, rotated to positions 0…R: row r holds (cos rθ_i, sin rθ_i) for every pair i
  const unit = new Float32Array(d);
  for (let i = 0; i < half; i++) unit[2 * i] = 1;
  const turns = pe.rope.apply(tile(unit, R + 1), { headDim: d, base, convention: 'interleaved', seqLen: R + 1, heads: 1 });
  // One table, one engine call for every partial sum: rows 0…R are the turned units, then the
  // prefix patterns (1 on the cos entries of the first j + 1 pairs, then the same on the sin entries).
  const rows = R + 1 + 2 * half;
  const table = new Float32Array(rows * d);
  table.set(turns, 0);
  for (let j = 0; j < half; j++) {
    const re = row(table, R + 1 + j, d);
    const im = row(table, R + 1 + half + j, d);
    for (let i = 0; i <= j; i++) {
      re[2 * i] = 1;
      im[2 * i + 1] = 1;
    }
  }
  const dots = pe.similarity(table, { length: rows, dModel: d, metric: 'dot' });
  // |S_j| for every r: distance of the point (Re S_j, Im S_j) from the origin (the last row). One call
  // per distance: the cost of a call grows with the square of its rows, so small calls are cheapest.
  const block = 1;
  const parts = new Float32Array((block * half + 1) * 2);
  const norms = new Float32Array((R + 2) * half);
  for (let r0 = 0; r0 <= R; r0 += block) {
    const nr = Math.min(block, R + 1 - r0);
    const count = nr * half + 1;
    const pts = parts.subarray(0, count * 2);
    pts.fill(0);
    for (let b = 0; b < nr; b++) {
      const r = r0 + b;
      for (let j = 0; j < half; j++) {
        pts[2 * (b * half + j)] = dots[r * rows + R + 1 + j];
        pts[2 * (b * half + j) + 1] = dots[r * rows + R + 1 + half + j];
      }
    }
    const dist = pe.similarity(pts, { length: count, dModel: 2, metric: 'euclidean' });
    norms.set(dist.subarray((count - 1) * count, (count - 1) * count + nr * half), r0 * half);
  }
  // the mean over j: dot of every row of norms with a row of 1/(d/2) (the last row)
  norms.fill(1 / half, (R + 1) * half);
  const means = pe.similarity(norms, { length: R + 2, dModel: half, metric: 'dot' });
  const bound = means.slice((R + 1) * (R + 2), (R + 1) * (R + 2) + R + 1);
  const b = new Float64Array(2 * R + 1);
  for (let i = 0; i <= 2 * R; i++) b[i] = bound[Math.abs(i - R)]; // |S_j| is the same at −r (complex conjugate)
  return b;
}

/** q·k of the seeded q and k against m − n from −span to span (the key at 0, or the query at 0 when m − n < 0). */
export function qkCurve(pe, st, { headDim: d, base, convention, span: R }) {
  const opts = { headDim: d, base, convention };
  // q·k with the key at 0 and the query at r (r ≥ 0), and the other way round (r < 0)
  const Q = pe.rope.apply(tile(st.q, R + 1), { ...opts, seqLen: R + 1, heads: 1 });
  const K = pe.rope.apply(tile(st.k, R + 1), { ...opts, seqLen: R + 1, heads: 1 });
  const stack = (first, rows) => {
    const t = new Float32Array((R + 2) * d);
    t.set(first, 0);
    t.set(rows, d);
    return pe.similarity(t, { length: R + 2, dModel: d, metric: 'dot' }).subarray(1, R + 2);
  };
  const ahead = stack(row(K, 0, d), Q); // q at r, k at 0
  const behind = stack(row(Q, 0, d), K); // q at 0, k at r
  const x = new Float64Array(2 * R + 1);
  const qk = new Float64Array(2 * R + 1);
  for (let i = 0; i <= 2 * R; i++) {
    const r = i - R;
    x[i] = r;
    qk[i] = r >= 0 ? ahead[r] : behind[-r];
  }
  return { x, qk, R };
}

/**
 * The seeded q at m and k at n (`st` from ropeStatic) for `opts` { headDim, base, convention, m, n, pair }:
 * the score, the same score at the same gap from the start (the reference), the drawn pair's vectors before and
 * after the rotation with the trails of their last positions, and the norms (rotation keeps them).
 */
export function ropeState(pe, st, { headDim: d, base, convention, m, n, pair }) {
  const rope = { headDim: d, base, convention };
  const rotate = (v, pos) => pe.rope.apply(v, { ...rope, seqLen: 1, heads: 1, offset: pos });
  const qm = rotate(st.q, m);
  const kn = rotate(st.k, n);
  const score = pe.compare(qm, kn).dot;
  const gap = m - n;
  const ref = gap >= 0 ? { m: gap, n: 0 } : { m: 0, n: -gap };
  const refScore = pe.compare(rotate(st.q, ref.m), rotate(st.k, ref.n)).dot;
  const difference = pe.compare([score], [refScore]).euclidean;
  const [a, b] = st.pairs[pair] ?? [0, 1];
  const qPair = [qm[a], qm[b]];
  const kPair = [kn[a], kn[b]];
  const trail = (v, pos) => {
    const count = Math.min(TRAIL, pos + 1);
    const t = pe.rope.apply(tile(v, count), { ...rope, seqLen: count, heads: 1, offset: pos + 1 - count });
    return Array.from({ length: count }, (_, r) => [t[r * d + a], t[r * d + b]]);
  };
  return {
    m,
    n,
    score,
    reference: { ...ref, score: refScore },
    difference,
    pair,
    channels: [a, b],
    invFreq: st.invFreq[pair],
    q0: [st.q[a], st.q[b]],
    k0: [st.k[a], st.k[b]],
    qPair,
    kPair,
    pairScore: pe.compare(qPair, kPair).dot,
    qTrail: trail(st.q, m),
    kTrail: trail(st.k, n),
    qNorm: pe.compare(qm, qm).dot,
    q0Norm: pe.compare(st.q, st.q).dot,
  };
}

/**
 * RoFormer's bound on |q·k| against distance for the current q and k: max_i |h_{i+1} − h_i| · Σ_j |S_j| (the
 * mean of |S_j| from boundMeans times d/2). null without the means or without the factor.
 */
export function boundCurve(st, means) {
  if (!st || !means || st.step == null) return null;
  const scale = st.step * st.pairs.length;
  return Float64Array.from(means, (v) => v * scale);
}

/** The CSV: the settings and scores, the bound and q·k against distance, the pairing. */
export function ropeCsv({ headDim, base, convention }, st, s, decay, bound, means) {
  const lines = [
    csvRow(['head_dim', 'base', 'convention', 'm', 'n', 'q_dot_k', 'reference_m', 'reference_n', 'reference_q_dot_k', 'max_step_h']),
    csvRow([headDim, base, convention, s.m, s.n, s.score, s.reference.m, s.reference.n, s.reference.score, st.step ?? '']),
    '',
    // upper_bound ≥ |q_dot_k| (RoFormer 3.4.3); mean_abs_partial_sum is its shape, (2/d)·Σ_j |S_j|
    csvRow(['relative_position', 'upper_bound', 'q_dot_k', 'mean_abs_partial_sum']),
  ];
  for (let i = 0; i < decay.x.length; i++) lines.push(csvRow([decay.x[i], bound?.[i] ?? '', decay.qk[i], means?.[i] ?? '']));
  lines.push('', csvRow(['pair', 'channel_a', 'channel_b', 'inv_freq']));
  st.pairs.forEach(([a, b], i) => lines.push(csvRow([i, a, b, st.invFreq[i]])));
  return lines.join('\n') + '\n';
}
